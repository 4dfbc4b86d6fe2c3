// The adapter for a game's forum, with its credentials read from the environment variables that
// game.yaml names. A missing variable is one sentence naming it, not a failed request later.
import type { ForumAdapter } from './base/forum-adapter.ts';
import { ForumAuthError } from './base/forum-errors.ts';
import type { ForumHttpOptions } from './base/forum-http.ts';
import { softwareOf, type ForumConfig } from './settings/forum-config.ts';

export function openForum(forum: ForumConfig, env: NodeJS.ProcessEnv = process.env, http?: Partial<ForumHttpOptions>): ForumAdapter {
  const secret = (name: string | undefined) => {
    if (!name) return undefined;
    const value = env[name];
    if (!value) throw new ForumAuthError(`The environment variable ${name}, named in game.yaml's forum.credentials, is not set.`);
    return value;
  };
  const software = softwareOf(forum);
  const uses = software.credentials;
  // game.yaml's schema allows a member's key or login only where the software has them, and then no key or user.
  const given = forum.credentials;
  const member = given?.userApiKey;
  const login = given?.sessionCookie
    ? { cookie: secret(given.sessionCookie)! }
    : given?.login
      ? { login: secret(given.login)!, password: secret(given.password)! }
      : undefined;
  return software.open({
    baseUrl: forum.url,
    thread: forum.thread,
    key: uses.key === 'none' || member || login ? undefined : secret(given?.key),
    user: uses.user.need === 'none' || member || login ? undefined : secret(given?.user),
    memberKey: secret(member),
    clientId: secret(given?.userApiClientId),
    login,
    http,
  });
}
