// The tokens in the web page links: a nation's private page and the GM's console. A token is its
// claims in base64url and an HMAC-SHA256 of them under the service's web secret, so it cannot be
// forged or altered; it carries an expiry and the generation of its kind of link, so the holder
// of the secret can revoke every link sent so far by bumping the generation (link-generations.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkClaims =
  | { kind: 'nation'; game: string; nation: string; generation: number; expires: number; player: string }
  | { kind: 'gm'; email: string; generation: number; expires: number };

/** A web secret shorter than this is refused: an HMAC key must not be guessable. */
export const MIN_SECRET_LENGTH = 32;

export class WebSecretError extends Error {
  override name = 'WebSecretError';
}

const MAX_TOKEN = 1024;

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`adjutant-link-v1.${body}`).digest();
}

export function checkSecret(secret: string): string {
  if (secret.length < MIN_SECRET_LENGTH)
    throw new WebSecretError(`ADJUTANT_WEB_SECRET must have at least ${MIN_SECRET_LENGTH} characters; make one with "openssl rand -hex 32".`);
  return secret;
}

export function signLink(secret: string, claims: LinkClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(checkSecret(secret), body).toString('base64url')}`;
}

/** The claims of a token this secret signed and that has not expired; null for anything else. */
export function readLink(secret: string, token: string, now: Date): LinkClaims | null {
  if (token.length > MAX_TOKEN) return null;
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  // Compared as text, so a signature written in a non-canonical base64 (spare bits set) is refused too.
  const given = Buffer.from(m[2]);
  const expected = Buffer.from(mac(secret, m[1]).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: LinkClaims;
  try {
    claims = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as LinkClaims;
  } catch {
    return null;
  }
  if (typeof claims.expires !== 'number' || claims.expires * 1000 <= now.getTime()) return null;
  return claims;
}
