// The GM's login: the GM opens the signed link Adjutant gives them (`adjutant web gm-link`), and
// the token goes into a cookie only this site's console paths receive. Failed logins are counted
// per client address and refused past a limit; every console form carries a CSRF token derived
// from the session, so another site cannot make the GM's browser press a button.
// Owns (src/store/keys.ts): WEB_KEYS.loginFailures.
import type { IncomingMessage } from 'node:http';
import { WEB_KEYS } from '../store/keys.ts';
import { csrfFor } from './csrf.ts';
import { clientAddress, cookies, isHttps } from './http-kit.ts';
import type { WebContext } from './web-context.ts';

export const SESSION_COOKIE = 'adjutant_gm';
/** Failed logins allowed per client address in a window. */
export const LOGIN_LIMIT = 10;
const LOGIN_WINDOW_S = 15 * 60;

export interface GmSession {
  email: string;
  csrf: string;
}

/** The GM a request's cookie proves, or null. */
export async function gmSession(web: WebContext, req: IncomingMessage): Promise<GmSession | null> {
  const token = cookies(req)[SESSION_COOKIE];
  if (!token || !web.links || !web.secret) return null;
  const claims = await web.links.check(token);
  return claims?.kind === 'gm' ? { email: claims.email, csrf: csrfFor(web.secret, token) } : null;
}

export type LoginOutcome = { ok: true; cookie: string } | { ok: false; limited: boolean };

/**
 * Checks a login link's token; on success the cookie to set, else whether the client is now
 * refused for a while. The try is counted before its token is checked, by the one command that
 * also reads the count, so parallel requests cannot all pass a look taken before any of them was
 * counted: at most LOGIN_LIMIT tokens are checked per client in a window. A good link takes its
 * count back: only failures are limited.
 */
export async function login(web: WebContext, req: IncomingMessage, token: string): Promise<LoginOutcome> {
  const key = WEB_KEYS.loginFailures(clientAddress(req, web.trustProxy));
  const redis = web.deps.store.redis;
  const [[, count]] = (await redis.multi().incr(key).expire(key, LOGIN_WINDOW_S, 'NX').exec()) as [[null, number], unknown];
  if (count > LOGIN_LIMIT) return { ok: false, limited: true };
  const claims = web.links ? await web.links.check(token) : null;
  if (claims?.kind !== 'gm') return { ok: false, limited: count >= LOGIN_LIMIT };
  await redis.decr(key);
  const maxAge = Math.max(0, claims.expires - Math.floor(web.deps.now().getTime() / 1000));
  const secure = isHttps(req, web.trustProxy) ? '; Secure' : '';
  return { ok: true, cookie: `${SESSION_COOKIE}=${token}; Path=${web.base}/-/gm; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}` };
}

export function logoutCookie(web: WebContext): string {
  return `${SESSION_COOKIE}=; Path=${web.base}/-/gm; Max-Age=0; HttpOnly; SameSite=Strict`;
}
