// Every form of a private page carries a token derived from the page's own secret (the GM's session
// token, a nation's link token) with the web secret, so another site cannot make a browser send it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function csrfFor(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`adjutant-csrf-v1.${token}`).digest('base64url');
}

export function csrfMatches(expected: string, given: string | null): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given ?? '');
  return a.length === b.length && timingSafeEqual(a, b);
}
