// A small OAuth2 provider on loopback for the XOAUTH2 tests. Its /token answers the refresh grant
// as Google documents it ("Refreshing an access token (offline access)",
// developers.google.com/identity/protocols/oauth2/web-server: form-encoded POST with grant_type,
// refresh_token, client_id, client_secret; JSON answer access_token, expires_in, scope,
// token_type; errors as RFC 6749 5.2, e.g. {"error": "invalid_grant"}). Its /introspect is RFC
// 7662 token introspection, which the test Dovecot (scripts/services.sh, passdb oauth2,
// introspection_mode = post) asks to check each access token it is shown.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface OAuth2Provider {
  url: string;
  tokenUrl: string;
  /** Access tokens issued so far, newest last. */
  issued: string[];
  /** Makes an access token no longer accepted, as a provider does when it expires or is revoked. */
  revoke(token: string): void;
  /** Access tokens live this many seconds (expires_in). */
  lifetime: number;
  /** Refresh token -> the account it signs in; others get invalid_grant. */
  users: Record<string, string>;
  /** Send a new refresh token with each answer, as Microsoft does, and stop taking the old one. */
  rotate: boolean;
  close(): Promise<void>;
}

export const CLIENT = { clientId: 'adjutant-test-client', clientSecret: 'client-secret' };

export function oauthPort(): number {
  return Number(process.env.ADJUTANT_OAUTH_PORT || Number(process.env.ADJUTANT_IMAP_PORT || 10143) + 1000);
}

export async function startOAuth2Provider(users: Record<string, string>, port = oauthPort()): Promise<OAuth2Provider> {
  const active = new Map<string, string>(); // access token -> email
  const provider: OAuth2Provider = {
    url: `http://127.0.0.1:${port}`,
    tokenUrl: `http://127.0.0.1:${port}/token`,
    issued: [],
    revoke: (token) => void active.delete(token),
    lifetime: 3600,
    users,
    rotate: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && req.url === '/introspect') {
        const email = active.get(form.get('token') ?? '');
        return send(200, email ? { active: true, email } : { active: false });
      }
      if (req.method !== 'POST' || req.url !== '/token') return send(404, { error: 'not_found' });
      if (form.get('grant_type') !== 'refresh_token') return send(400, { error: 'unsupported_grant_type' });
      if (form.get('client_id') !== CLIENT.clientId || form.get('client_secret') !== CLIENT.clientSecret)
        return send(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      const refresh = form.get('refresh_token') ?? '';
      const user = Object.hasOwn(users, refresh) ? users[refresh] : undefined;
      if (!user) return send(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      const token = `ya29.${randomBytes(12).toString('hex')}`;
      active.set(token, user);
      provider.issued.push(token);
      const answer: Record<string, unknown> = { access_token: token, expires_in: provider.lifetime, scope: 'https://mail.google.com/', token_type: 'Bearer' };
      if (provider.rotate) {
        const next = `refresh-${randomBytes(6).toString('hex')}`;
        delete users[refresh];
        users[next] = user;
        answer.refresh_token = next;
      }
      send(200, answer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return provider;
}
