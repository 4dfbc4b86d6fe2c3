// Who the Discourse adapter acts as, and how it says so: an administrator's API key with the
// Api-Username it acts as, or a member's user API key, which acts as that member only
// (lib/auth/default_current_user_provider.rb reads the User-Api-Key and User-Api-Client-Id
// headers). A user API key does not name its member, so the adapter asks /session/current.json.
import type { ForumHttp } from '../base/forum-http.ts';

export type DiscourseAuth = { apiKey: string; apiUsername: string } | { userApiKey: string; clientId?: string };

export function authHeaders(auth: DiscourseAuth): Record<string, string> {
  if ('apiKey' in auth) return { 'Api-Key': auth.apiKey, 'Api-Username': auth.apiUsername };
  return { 'User-Api-Key': auth.userApiKey, ...(auth.clientId && { 'User-Api-Client-Id': auth.clientId }) };
}

/** What the GM should do when Discourse refuses the credentials. */
export function refusedHint(auth: DiscourseAuth): string | undefined {
  if ('apiKey' in auth) return undefined;
  return "Check the user API key: it may have been revoked (the account's preferences, Apps) or lack a scope; run adjutant forum authorize again for a new one (docs/forums.md).";
}

/** The account's username, asked once: SessionController#current answers { current_user: { username, ... } }. */
export function accountName(auth: DiscourseAuth, http: ForumHttp): () => Promise<string> {
  if ('apiKey' in auth) return () => Promise.resolve(auth.apiUsername);
  let asked: Promise<string> | undefined;
  return () => {
    if (asked) return asked;
    const asking = http.get<{ current_user: { username: string } }>('session/current.json').then((r) => r.current_user.username);
    // A failed question is asked again next time rather than remembered.
    asking.catch(() => {
      if (asked === asking) asked = undefined;
    });
    return (asked = asking);
  };
}
