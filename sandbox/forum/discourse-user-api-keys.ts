// Discourse's user API keys, for the local Discourse (discourse-server.ts), as the "User API keys
// specification" (https://meta.discourse.org/t/user-api-keys-specification/48536) and Discourse's
// source describe them:
// - GET /user-api-key/new?application_name&client_id&scopes&public_key&nonce[&auth_redirect]
//   (app/controllers/user_api_keys_controller.rb #new): every parameter but auth_redirect is
//   required (400 otherwise), the scopes (comma-separated) must be among the site's
//   allow_user_api_key_scopes and the public key must parse (a generic error page otherwise); a
//   visitor who is not logged in is sent to /login; a member sees the application and its scopes,
//   and a form that posts the same fields to /user-api-key.
// - POST /user-api-key (#create), logged in (requires_login: 403 not_logged_in otherwise): the
//   member's earlier keys for that client id are destroyed, a new key made (UserApiKey#generate_key,
//   SecureRandom.hex), and the payload {"key","nonce","push","api":4} encrypted with the public key
//   (OpenSSL public_encrypt, PKCS#1 v1.5 padding by default), written with Ruby's Base64.encode64
//   (a line break every 60 characters). With no auth_redirect it is shown on the page (or answered
//   { payload, instructions } for .json) for the member to copy.
// - Requests with a User-Api-Key header act as the key's member, with the member's own rights
//   (lib/auth/default_current_user_provider.rb): an unknown or revoked key (UserApiKey.active is
//   revoked_at IS NULL) is Discourse::InvalidAccess, 403; so is a request no scope of the key
//   permits (UserApiKey#ensure_allowed!; UserApiKeyScope::SCOPES in app/models/user_api_key_scope.rb:
//   read is every GET, write every GET, POST, PATCH, PUT and DELETE, session_info
//   GET /session/current.json). User-Api-Client-Id only names the client the key was last used from.
// - POST /user-api-key/revoke with the key's header revokes it, whatever its scopes (#revoke).
import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import type { ContractRequest, Reply, Route } from './contract-server.ts';

export interface UserApiKeyGrant {
  key: string;
  username: string;
  clientId: string;
  applicationName: string;
  scopes: string[];
  revoked: boolean;
  /** The User-Api-Client-Id headers the key was used with. */
  clientIdsSeen: Set<string>;
}

export interface UserApiKeys {
  granted: UserApiKeyGrant[];
  /** allow_user_api_key_scopes: the scopes the site lets members grant. */
  allowedScopes: Set<string>;
  routes: Array<[string, RegExp, Route]>;
  /** The member a request's User-Api-Key acts as; a refusal for a key that is unknown, revoked or out of its scopes; null without one. */
  holder(req: ContractRequest): string | Reply | null;
  /** The member, logged in in a browser, opens the link and presses Authorize: the payload as the page shows it. */
  approve(link: string, username: string): Promise<string>;
  /** The member revokes every key of theirs (the Apps tab of their preferences). */
  revoke(username: string): void;
}

const REQUIRED = ['application_name', 'client_id', 'scopes', 'public_key', 'nonce'] as const;
const SCOPE_METHODS: Record<string, (req: ContractRequest) => boolean> = {
  read: (req) => req.method === 'GET',
  write: (req) => ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(req.method),
  session_info: (req) => req.method === 'GET' && req.path === '/session/current.json',
  message_bus: (req) => req.method === 'POST' && /^\/message-bus\/.*\/poll/.test(req.path),
};
const invalidAccess = (): Reply => ({ status: 403, body: { errors: ['You are not permitted to view the requested resource.'], error_type: 'invalid_access' } });
const html = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  body,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
});
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Ruby's Base64.encode64: standard base64, a line break after every 60 characters and at the end. */
const encode64 = (data: Buffer) => `${data.toString('base64').replace(/.{60}/g, '$&\n')}\n`.replace(/\n\n$/, '\n');

export function userApiKeys(users: readonly string[]): UserApiKeys {
  const granted: UserApiKeyGrant[] = [];
  const sessions = new Map<string, string>();
  const allowedScopes = new Set(['read', 'write', 'message_bus', 'push', 'one_time_password', 'notifications', 'session_info']);
  const loggedIn = (req: ContractRequest) => sessions.get(/(?:^|;\s*)_t=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1] ?? '');
  const fields = (req: ContractRequest) => (req.form ? Object.fromEntries([...req.form].map(([k, v]) => [k, String(v)])) : Object.fromEntries(req.query));
  const missing = (f: Record<string, string>) => REQUIRED.find((p) => !f[p]);
  const invalid = (f: Record<string, string>) => {
    if (!f.scopes.split(',').every((s) => allowedScopes.has(s))) return true;
    try {
      createPublicKey(f.public_key);
      return false;
    } catch {
      return true;
    }
  };
  const paramMissing = (p: string): Reply => ({
    status: 400,
    body: { errors: [`param is missing or the value is empty: ${p}`], error_type: 'invalid_parameters' },
  });

  const page: Route = (req) => {
    const f = fields(req);
    const lacking = missing(f);
    if (lacking) return paramMissing(lacking);
    if (invalid(f)) return html(200, '<p>Oops! That page doesn’t exist or is private.</p>');
    if (!loggedIn(req)) return html(302, '', { location: '/login' });
    const hidden = REQUIRED.map((p) => `<input type="hidden" name="${p}" value="${escape(f[p])}">`).join('');
    return html(
      200,
      `<p>${escape(f.application_name)} is asking for access to your account: ${escape(f.scopes)}</p><form action="/user-api-key" method="post">${hidden}<input type="submit" value="Authorize"></form>`,
    );
  };

  const create: Route = (req, [format]) => {
    const username = loggedIn(req);
    if (!username) return { status: 403, body: { errors: ['You need to be logged in to do that.'], error_type: 'not_logged_in' } };
    const f = fields(req);
    const lacking = missing(f);
    if (lacking) return paramMissing(lacking);
    // An auth_redirect must be one of allowed_user_api_auth_redirects; this site allows none.
    if (invalid(f) || f.auth_redirect) return invalidAccess();
    // "destroy any old keys the user had with the client"
    for (let i = granted.length - 1; i >= 0; i--) if (granted[i].username === username && granted[i].clientId === f.client_id) granted.splice(i, 1);
    const grant = {
      key: randomBytes(16).toString('hex'),
      username,
      clientId: f.client_id,
      applicationName: f.application_name,
      scopes: f.scopes.split(','),
      revoked: false,
      clientIdsSeen: new Set<string>(),
    };
    granted.push(grant);
    const sealed = publicEncrypt(
      { key: f.public_key, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(JSON.stringify({ key: grant.key, nonce: f.nonce, push: false, api: 4 })),
    );
    const payload = encode64(sealed);
    if (format === '.json') return { status: 200, body: { payload, instructions: `Paste this into ${f.application_name}.` } };
    return html(200, `<p>Authorizing ${escape(f.application_name)}: copy this and paste it into the application.</p><pre>${payload}</pre>`);
  };

  const holder = (req: ContractRequest): string | Reply | null => {
    const header = req.headers['user-api-key'];
    if (header === undefined) return null;
    const grant = granted.find((g) => g.key === header && !g.revoked);
    if (!grant) return invalidAccess();
    const revokeSelf = req.method === 'POST' && req.path === '/user-api-key/revoke';
    if (!revokeSelf && !grant.scopes.some((s) => SCOPE_METHODS[s]?.(req))) return invalidAccess();
    const client = req.headers['user-api-client-id'];
    if (typeof client === 'string') grant.clientIdsSeen.add(client);
    return grant.username;
  };

  return {
    granted,
    allowedScopes,
    routes: [
      ['GET', /^\/user-api-key\/new$/, page],
      ['POST', /^\/user-api-key(\.json)?$/, create],
      [
        'POST',
        /^\/user-api-key\/revoke$/,
        (req) => {
          const grant = granted.find((g) => g.key === req.headers['user-api-key']);
          if (!grant) return { status: 404, body: { errors: ['The requested URL or resource could not be found.'], error_type: 'not_found' } };
          grant.revoked = true;
          return { status: 200, body: { success: 'OK' } };
        },
      ],
    ],
    holder,
    async approve(link, username) {
      if (!users.includes(username)) throw new Error(`no member ${username}`);
      const token = randomBytes(16).toString('hex');
      sessions.set(token, username);
      const cookie = `_t=${token}`;
      const shown = await fetch(link, { headers: { cookie }, redirect: 'manual' });
      const form = await shown.text();
      if (shown.status !== 200 || !form.includes('<form')) throw new Error(`the authorization page answered ${shown.status}: ${form}`);
      const body = new URLSearchParams(
        [...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, k, v]) => [
          k,
          v
            .replace(/&lt;/g, '<')
            .replace(/&quot;/g, '"')
            .replace(/&amp;/g, '&'),
        ]),
      );
      const done = await fetch(new URL('/user-api-key', link), { method: 'POST', headers: { cookie }, body });
      const text = await done.text();
      const payload = /<pre>([\s\S]*)<\/pre>/.exec(text)?.[1];
      if (done.status !== 200 || !payload) throw new Error(`authorizing answered ${done.status}: ${text}`);
      return payload;
    },
    revoke(username) {
      for (const g of granted) if (g.username === username) g.revoked = true;
    },
  };
}
