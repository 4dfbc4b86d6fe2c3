// The adapter for a game's forum, with its credentials read from the environment variables that
// game.yaml names. A missing variable is one sentence naming it, not a failed request later.
import { discourseAdapter } from './discourse/discourse-adapter.ts';
import type { ForumAdapter } from './forum-adapter.ts';
import type { ForumConfig } from './forum-config.ts';
import { ForumAuthError } from './forum-errors.ts';
import type { ForumHttpOptions } from './forum-http.ts';
import { phpbbAdapter } from './phpbb/phpbb-adapter.ts';
import { xenforoAdapter } from './xenforo/xenforo-adapter.ts';

export function openForum(forum: ForumConfig, env: NodeJS.ProcessEnv = process.env, http?: Partial<ForumHttpOptions>): ForumAdapter {
  const secret = (name: string | undefined) => {
    if (!name) return undefined;
    const value = env[name];
    if (!value) throw new ForumAuthError(`The environment variable ${name}, named in game.yaml's forum.credentials, is not set.`);
    return value;
  };
  switch (forum.software) {
    case 'xenforo':
      return xenforoAdapter({ baseUrl: forum.url, threadId: forum.thread, apiKey: secret(forum.credentials?.key)!, apiUser: secret(forum.credentials?.user), http });
    case 'discourse':
      return discourseAdapter({ baseUrl: forum.url, topicId: forum.thread, apiKey: secret(forum.credentials?.key)!, apiUsername: secret(forum.credentials?.user)!, http });
    case 'phpbb':
      return phpbbAdapter({ baseUrl: forum.url, topicId: forum.thread, http });
  }
}
