// The sessions and form tokens of the local phpBB 3.3 board, as phpBB keeps them:
// - phpbb/session.php: session_begin reads the cookies <cookie_name>_sid, _u and _k (the installer
//   names the board's cookie_name "phpbb3_" and five random characters) or the `sid` query
//   parameter; a session unknown or ended, with a "Remember me" key (_u and _k, sessions_keys)
//   still valid, starts a new one for that member (autologin), else the visitor is the guest
//   (user 1); session_create sets the three cookies again (set_cookie: u, k, sid).
// - includes/functions.php: add_form_key($form_name) writes creation_time and form_token =
//   sha1(creation_time . user_form_salt . form_name); check_form_key refuses a form whose time
//   since creation_time is 0 (a submission in the same second as the form, "not a human") or
//   longer than form_token_lifetime (7200 s as installed, at least 30), or whose token does not match.
// - phpbb/lock/posting.php: a form's creation_time and form_token post once; sending the same
//   form again is refused as FORM_INVALID.
import { createHash, randomBytes } from 'node:crypto';
import type { ContractRequest, Reply } from './contract-server.ts';
import type { PhpbbState } from './phpbb-board.ts';
import type { Viewer } from './phpbb-html.ts';

/** The board's cookie_name. */
export const COOKIE = 'phpbb3_k2x9q';
export const GUEST = 1;
/** form_token_lifetime as installed. */
const TOKEN_LIFETIME = 7200;

export interface Visit {
  viewer?: Viewer;
  sid: string;
  cookies: string[];
}

const now = () => Math.floor(Date.now() / 1000);
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

export function createSessions(state: PhpbbState) {
  const sessions = new Map<string, number>();
  const keys = new Set<string>();
  const salts = new Map<number, string>();
  const used = new Set<string>();
  /** The next forms checked are judged this many seconds older than they are (a form left open too long). */
  const aging = { seconds: 0, count: 0 };
  const saltOf = (userId: number) => salts.get(userId) ?? (salts.set(userId, randomBytes(8).toString('hex')), salts.get(userId)!);
  const viewerOf = (userId: number, sid: string): Viewer | undefined => (userId === GUEST ? undefined : { userId, name: state.nameOf(userId), sid });

  const start = (v: Visit, userId: number, remember: boolean) => {
    v.sid = randomBytes(16).toString('hex');
    sessions.set(v.sid, userId);
    v.viewer = viewerOf(userId, v.sid);
    v.cookies.push(`${COOKIE}_u=${userId}; path=/; HttpOnly`, `${COOKIE}_sid=${v.sid}; path=/; HttpOnly`);
    if (remember) {
      const key = randomBytes(8).toString('hex');
      keys.add(`${userId}:${key}`);
      v.cookies.push(`${COOKIE}_k=${key}; path=/; HttpOnly`);
    }
  };

  return {
    aging,
    /** The visitor of a request: its session, a new one from a remembered key, or the guest. */
    visit(req: ContractRequest): Visit {
      const jar = Object.fromEntries(
        String(req.headers.cookie ?? '')
          .split(/;\s*/)
          .filter(Boolean)
          .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
      );
      const sid = jar[`${COOKIE}_sid`] ?? req.query.get('sid') ?? '';
      const v: Visit = { sid, cookies: [] };
      const known = sessions.get(sid);
      if (known !== undefined) v.viewer = viewerOf(known, sid);
      else if (keys.has(`${jar[`${COOKIE}_u`]}:${jar[`${COOKIE}_k`]}`)) start(v, Number(jar[`${COOKIE}_u`]), false);
      else start(v, GUEST, false);
      return v;
    },
    logIn: (v: Visit, userId: number, remember: boolean) => start(v, userId, remember),
    /** Every session and remembered key ends: the board's administrator logged everyone out, or they expired. */
    expire() {
      sessions.clear();
      keys.clear();
    },
    /** A member's remembered key, as a browser that logged in with "Remember me" holds it: the _u and _k cookies. */
    remembered(userId: number): string {
      const key = randomBytes(8).toString('hex');
      keys.add(`${userId}:${key}`);
      return `${COOKIE}_u=${userId}; ${COOKIE}_k=${key}`;
    },
    formKey(v: Visit, form: string): Record<string, string> {
      const time = now();
      return { creation_time: String(time), form_token: sha1(`${time}${saltOf(v.viewer?.userId ?? GUEST)}${form}`) };
    },
    /** check_form_key. */
    checkForm(v: Visit, req: ContractRequest, form: string): boolean {
      const time = Number(req.form?.get('creation_time') ?? 0);
      const token = String(req.form?.get('form_token') ?? '');
      let diff = now() - time;
      if (aging.count > 0) {
        aging.count--;
        diff += aging.seconds;
      }
      return !!diff && diff <= TOKEN_LIFETIME && sha1(`${time}${saltOf(v.viewer?.userId ?? GUEST)}${form}`) === token;
    },
    /** The posting lock: a form taken once is not taken again. */
    lockForm(req: ContractRequest): boolean {
      const key = `${String(req.form?.get('creation_time'))}:${String(req.form?.get('form_token'))}`;
      if (used.has(key)) return false;
      used.add(key);
      return true;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

export function html(body: string, v: Visit, status = 200, headers: Record<string, string> = {}): Reply {
  return {
    status,
    body,
    headers: {
      'content-type': 'text/html; charset=UTF-8',
      ...headers,
      ...(v.cookies.length && { 'set-cookie': v.cookies as unknown as string }), // Node writes one Set-Cookie header per value.
    },
  };
}

/** phpBB's redirect(): a 302 to the board's address. */
export function redirect(to: string, v: Visit): Reply {
  return html('', v, 302, { location: to });
}
