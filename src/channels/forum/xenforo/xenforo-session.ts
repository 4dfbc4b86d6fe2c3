// An ordinary member's session on a XenForo 2 board, kept as a browser keeps it: the board's
// cookies (xf_csrf, xf_session, and xf_user, the "Stay logged in" cookie), the form token every
// page carries (<html data-csrf>, sent back as _xfToken), the board's own login form
// (XF\Pub\Controller\Login: login, password, remember), and forms answered as JSON
// (_xfResponseType=json: { status, redirect, message } or { status: "error", errors }). A board
// whose login asks for a CAPTCHA or a second step is reached with the xf_user cookie of a browser
// the GM logged in with instead.
import { CookieJar } from 'tough-cookie';
import { ForumAuthError, ForumPacedError, ForumRateLimitedError, ForumRequestError } from '../base/forum-errors.ts';
import { ForumHttp, MAX_WAIT_MS, type ForumHttpOptions, type ServedPage } from '../base/forum-http.ts';
import type { MemberLogin } from '../base/forum-software.ts';
import { errorOf, visitorOf } from './xenforo-pages.ts';

export interface XenForoSessionSettings {
  /** The board's address, e.g. https://forums.example.com */
  baseUrl: string;
  login: MemberLogin;
  http?: Partial<ForumHttpOptions>;
}

/** A form's JSON answer. */
export interface FormAnswer {
  status: 'ok' | 'error';
  redirect?: string;
  message?: string;
  errors?: string[];
}

export interface Account {
  userId: string;
  name: string;
}

const COOKIE_HINT =
  'Log in to the board in a browser as the game\'s account with "Stay logged in" ticked, and give its xf_user cookie as credentials.sessionCookie (docs/forums.md, XenForo as a member).';

/** How many flood checks one form waits out before the wait is left to its caller. */
const FLOOD_WAITS = 3;

export class XenForoSession {
  private readonly jar = new CookieJar();
  private readonly http: ForumHttp;
  private readonly base: string;
  private account?: Promise<Account>;
  private token = '';
  private readonly maxWaitMs: number;

  constructor(private readonly settings: XenForoSessionSettings) {
    this.base = settings.baseUrl.replace(/\/+$/, '');
    this.maxWaitMs = settings.http?.maxWaitMs ?? MAX_WAIT_MS;
    this.http = new ForumHttp({
      baseUrl: this.base,
      headers: { accept: 'text/html, application/json' },
      errorText: (body) => (typeof body === 'string' ? errorOf(body) : (body as FormAnswer | null)?.errors?.join(' ')),
      refusedHint: "Check that the game's account may read and post in the thread, and is still logged in (docs/forums.md, XenForo as a member).",
      cookies: this.jar,
      ...settings.http,
    });
  }

  /** The game's account, logged in (once; again after the board ended the session). */
  loggedIn(): Promise<Account> {
    this.account ??= this.logIn().catch((e: unknown) => {
      this.account = undefined;
      throw e;
    });
    return this.account;
  }

  /** A page as the account sees it; a page served logged out means the session ended, and it is asked for again after logging in. */
  async page(path: string, query?: Record<string, string>): Promise<ServedPage> {
    await this.loggedIn();
    for (let tries = 1; ; tries++) {
      const served = await this.http.page(path, query);
      const seen = visitorOf(served.html);
      if (seen.csrf) this.token = seen.csrf;
      if (seen.loggedIn || tries > 1) return served;
      this.account = undefined;
      await this.loggedIn();
    }
  }

  /**
   * One of the board's forms, posted as the account: its answer, a refusal as the typed error that
   * says what to do. A refused form made nothing, so it is sent again: once after a stale token or
   * an ended session (logged in anew), and after the board's flood check, waited out when it is
   * short (an ordinary member waits between posts; a longer wait is the caller's).
   */
  async form<T>(path: string, fields: Record<string, string> | FormData): Promise<T & FormAnswer> {
    await this.loggedIn();
    const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
    let [relogged, waited] = [false, 0];
    for (;;) {
      body.set('_xfToken', this.token);
      body.set('_xfResponseType', 'json');
      try {
        const answer = await this.http.post<T & FormAnswer>(path, body);
        if (answer.status === 'error') throw refusal(answer, path);
        return answer;
      } catch (e) {
        if (e instanceof ForumRateLimitedError && e.retryAfterMs <= this.maxWaitMs) {
          if (waited++ >= FLOOD_WAITS) throw new ForumPacedError(e.message, e.retryAfterMs);
          await new Promise((r) => setTimeout(r, e.retryAfterMs));
        } else if (!relogged && stale(e)) {
          relogged = true;
          this.account = undefined;
          await this.loggedIn();
        } else throw e;
      }
    }
  }

  private async logIn(): Promise<Account> {
    const how = this.settings.login;
    if ('cookie' in how) {
      const cookie = how.cookie.includes('=') ? how.cookie : `xf_user=${how.cookie}`;
      await this.jar.setCookie(`${cookie.trim()}; Path=/`, this.base);
    } else {
      const form = visitorOf((await this.http.page('login/')).html);
      const fields = { login: how.login, password: how.password, remember: '1', _xfRedirect: `${this.base}/`, _xfToken: form.csrf, _xfResponseType: 'json' };
      const answer = await this.http.post<FormAnswer>('login/login', new URLSearchParams(fields));
      if (answer.status === 'error') throw new ForumAuthError(`The board refused to log "${how.login}" in: ${words(answer)}. ${COOKIE_HINT}`);
      if (/two-step/.test(answer.redirect ?? ''))
        throw new ForumAuthError(`"${how.login}" logs in with two-step verification, which Adjutant cannot answer. ${COOKIE_HINT}`);
    }
    const home = visitorOf((await this.http.page('')).html);
    if (!home.loggedIn || !home.userId)
      throw new ForumAuthError(
        'cookie' in how
          ? `The board no longer takes the remembered cookie: it has expired or was logged out. ${COOKIE_HINT}`
          : 'The board did not keep the account logged in.',
      );
    this.token = home.csrf;
    return { userId: home.userId, name: home.name ?? '' };
  }
}

function words(answer: FormAnswer): string {
  return (answer.errors ?? []).join(' ').replace(/[.\s]+$/, '') || 'no reason given';
}

/** A form the board refused: a flood check to wait out, or a request it will not take as it is. */
function refusal(answer: FormAnswer, path: string): Error {
  const said = words(answer);
  const wait = /wait at least (\d+) seconds?/i.exec(said);
  if (wait) return new ForumRateLimitedError(`${path}: ${said}.`, Number(wait[1]) * 1000);
  if (/logged[- ]in/i.test(said)) return new ForumAuthError(`${path}: ${said}.`);
  return new ForumRequestError(`${path}: ${said}.`);
}

/** XenForo's refusal of a stale form token ("Security error occurred") or of a visitor no longer logged in. */
function stale(e: unknown): boolean {
  return (e instanceof ForumRequestError && /security error/i.test(e.message)) || (e instanceof ForumAuthError && /logged[- ]in/i.test(e.message));
}
