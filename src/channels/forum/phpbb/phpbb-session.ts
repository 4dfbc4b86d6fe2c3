// An ordinary member's session on a phpBB 3.3 board, kept as a browser keeps it: the board's
// cookies (<cookie_name>_sid, _u, and _k, the "Remember me" key; phpbb/session.php), the board's
// own login form (ucp.php?mode=login: username, password, autologin, redirect, sid and the form
// key), and its forms, each fetched anew for its form key (includes/functions.php add_form_key:
// creation_time and form_token), since phpBB takes a form key once (phpbb/lock/posting.php) and
// refuses one sent within the second it was made (check_form_key). A board whose login asks for a
// CAPTCHA is reached with the _u and _k cookies of a browser the GM logged in with instead.
import { CookieJar } from 'tough-cookie';
import type { ForumImage, ForumUser } from '../base/forum-adapter.ts';
import { ForumAuthError, ForumPacedError, ForumRequestError, orNull } from '../base/forum-errors.ts';
import { ForumHttp, MAX_WAIT_MS, type ForumHttpOptions, type ServedPage } from '../base/forum-http.ts';
import type { MemberLogin } from '../base/forum-software.ts';
import { formOf, loginRefusal, messageOf, profileOf, visitorOf, type PageForm } from './phpbb-pages.ts';

/** A form as served, and when: its key is refused within the second it was made. */
interface Served {
  form: PageForm;
  at: number;
}

/** The page a form was answered with, and why its files were left out, if they were. */
export interface Submitted {
  html: string;
  filesLeftOut?: string;
}

export interface PhpbbSessionSettings {
  /** The board's address, e.g. https://forum.example.com */
  baseUrl: string;
  login: MemberLogin;
  http?: Partial<ForumHttpOptions>;
}

const COOKIE_HINT =
  'Log in to the board in a browser as the game\'s account with "Remember me" ticked, and give its two cookies ending in _u and _k as credentials.sessionCookie, like "phpbb3_abcde_u=2; phpbb3_abcde_k=…" (docs/forums.md, phpBB as a member).';

/** phpBB's flood_interval as installed; the board's refusal does not say how long is left, and a board may set anything from a second up. */
const FLOOD_MS = 15_000;
/**
 * The first wait after a flood refusal, doubled at each further refusal up to FLOOD_MS: a short
 * interval (or two of the account's items sent in the same second) is waited out at once, the
 * installed one within four tries, without waiting the whole installed interval each time.
 */
const FLOOD_FIRST_MS = 1_000;
/** How many installed intervals (or one-call waits, when shorter) one form waits out before the wait is left to its caller. */
const FLOOD_BUDGET = 3;
/**
 * How many times one form is sent again for the topic's review: each time, posts came in while it
 * waited its second (players in a busy topic, or the account's own items going out beside it), and
 * the form shown again made nothing.
 */
const REVIEWS = 5;
/** check_form_key refuses a form sent within the second its key was made. */
const FORM_MIN_MS = 1_050;

export class PhpbbSession {
  private readonly jar = new CookieJar();
  private readonly http: ForumHttp;
  private readonly base: string;
  private readonly maxWaitMs: number;
  private account?: Promise<ForumUser>;

  constructor(private readonly settings: PhpbbSessionSettings) {
    this.base = settings.baseUrl.replace(/\/+$/, '');
    this.maxWaitMs = settings.http?.maxWaitMs ?? MAX_WAIT_MS;
    this.http = new ForumHttp({
      baseUrl: this.base,
      headers: { accept: 'text/html' },
      errorText: (body) => (typeof body === 'string' ? messageOf(body) : undefined),
      refusedHint: "Check that the game's account may read and reply in the topic and send private messages (docs/forums.md, phpBB as a member).",
      cookies: this.jar,
      ...settings.http,
    });
  }

  /** The game's account, logged in (once; again after the board ended the session). */
  loggedIn(): Promise<ForumUser> {
    this.account ??= this.logIn().catch((e: unknown) => {
      this.account = undefined;
      throw e;
    });
    return this.account;
  }

  /** A page as the account sees it; a page served to a guest means the session ended, and it is asked for again after logging in. */
  async page(path: string, query?: Record<string, string>): Promise<ServedPage> {
    await this.loggedIn();
    for (let tries = 1; ; tries++) {
      const served = await this.http.page(path, query);
      if (visitorOf(served.html) || tries > 1) return served;
      await this.logInAgain();
    }
  }

  /**
   * Fills in and sends one of the board's forms (the editor at `path`), its files added first as
   * the editor adds them, and gives the page it answers with. A form shown again made nothing, and
   * it comes back with a new form key and the files added so far, so it is sent again: once after a
   * refused key ("The submitted form was invalid"), for the topic's review when posts came in
   * meanwhile (up to REVIEWS times), and after the flood interval, waited out in growing steps for
   * up to three installed intervals (a longer wait is the caller's: ForumPacedError); after
   * an ended session, the form is asked for anew.
   */
  async submit(path: string, fill: (form: PageForm) => Record<string, string>, files: readonly ForumImage[] = []): Promise<Submitted> {
    let [relogged, resent, reviews, waits, waited] = [false, false, 0, 0, 0];
    let next: Served | undefined;
    let filesLeftOut: string | undefined;
    for (;;) {
      if (!next) ({ form: next, filesLeftOut } = await this.withFiles(await this.form(path), files));
      const html = await this.send(next, { ...fill(next.form), post: 'Submit' });
      const back = formOf(html);
      if (!visitorOf(html)) {
        if (relogged)
          throw new ForumAuthError(
            `${path}: the board logged the game's account out again as the form was sent; check that the account may post there (docs/forums.md, phpBB as a member).`,
          );
        relogged = true;
        next = undefined;
        await this.logInAgain();
        continue;
      }
      if (!back) return { html, ...(filesLeftOut && { filesLeftOut }) };
      next = { form: back, at: Date.now() };
      if (/so soon/i.test(back.error ?? '')) {
        if (waited >= FLOOD_BUDGET * Math.min(FLOOD_MS, this.maxWaitMs))
          throw new ForumPacedError(`${path}: ${back.error} The board's flood interval holds the game's account back.`, FLOOD_MS);
        const wait = Math.min(FLOOD_FIRST_MS * 2 ** waits++, FLOOD_MS, this.maxWaitMs);
        waited += wait;
        await sleep(wait);
      } else if (/form was invalid/i.test(back.error ?? '') && !resent) resent = true;
      else if (!back.error && reviews++ < REVIEWS) continue;
      else
        throw new ForumRequestError(
          `${path}: ${back.error ?? 'the board showed the form again'}; check what the game's account may do on the board (docs/forums.md, phpBB as a member).`,
        );
    }
  }

  /** The form at `path` as the account is served it, and when. */
  private async form(path: string): Promise<Served> {
    const served = await this.page(path);
    const form = formOf(served.html);
    if (!form) throw new ForumRequestError(`${path}: the board did not show its form: ${messageOf(served.html) ?? 'no reason given'}.`);
    return { form, at: Date.now() };
  }

  /** The form's fields sent (a second after its key was made: check_form_key), with its files; the page the board answers with. */
  private async send(served: Served, fields: Record<string, string>, file?: ForumImage): Promise<string> {
    await sleep(FORM_MIN_MS - (Date.now() - served.at));
    const body = file ? new FormData() : new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (file && body instanceof FormData) body.append('fileupload', new Blob([new Uint8Array(file.data)], { type: 'image/png' }), file.filename);
    const answer = await this.http.post<unknown>(served.form.action, body);
    return typeof answer === 'string' ? answer : '';
  }

  /**
   * The form with the files added ("Add the file", each answered with the form again, the file in
   * its attachment_data). A board that will not take them (no attachment panel: the account may not
   * attach files here; or an error, like an extension not allowed) leaves them out, saying why.
   */
  private async withFiles(served: Served, files: readonly ForumImage[]): Promise<{ form: Served; filesLeftOut?: string }> {
    let form = served;
    for (const file of files) {
      if (!form.form.attaches) return { form, filesLeftOut: "the board does not let the game's account attach files in this forum" };
      const html = await this.send(form, { ...form.form.fields, filecomment: '', add_file: 'Add the file' }, file);
      const back = formOf(html);
      if (!back) throw new ForumRequestError(`The board did not take the file ${file.filename}: ${messageOf(html) ?? 'no reason given'}.`);
      const next = { form: back, at: Date.now() };
      if (back.error) return { form: next, filesLeftOut: `the board refused ${file.filename}: ${back.error}` };
      form = next;
    }
    return { form };
  }

  private async logInAgain(): Promise<void> {
    this.account = undefined;
    await this.loggedIn();
  }

  /** The login form filled in and sent; sent again once when the board finds its form key too old. */
  private async loginForm(how: { login: string; password: string }): Promise<string> {
    for (let tries = 1; ; tries++) {
      const served = await this.http.page('ucp.php', { mode: 'login' });
      const form = formOf(served.html, 'form#login');
      if (!form) throw new ForumRequestError(`The board's login page (ucp.php?mode=login) has no login form: ${messageOf(served.html) ?? 'no reason given'}.`);
      const html = await this.send({ form, at: Date.now() }, { ...form.fields, username: how.login, password: how.password, autologin: 'on', login: 'Login' });
      if (tries > 1 || !/form was invalid/i.test(loginRefusal(html)?.error ?? '')) return html;
    }
  }

  private async logIn(): Promise<ForumUser> {
    const how = this.settings.login;
    if ('cookie' in how) {
      const cookies = how.cookie.split(';').map((c) => c.trim());
      if (!cookies.every((c) => /^\w+=\S+$/.test(c))) throw new ForumAuthError(`credentials.sessionCookie is not written as phpBB's cookies. ${COOKIE_HINT}`);
      for (const cookie of cookies) await this.jar.setCookie(`${cookie}; Path=/`, this.base);
      const me = visitorOf((await this.http.page('index.php')).html);
      if (!me) throw new ForumAuthError(`The board no longer takes the remembered cookies: they have expired or were logged out. ${COOKIE_HINT}`);
      return me;
    }
    const html = await this.loginForm(how);
    const me = visitorOf(html);
    if (me) return me;
    const refused = loginRefusal(html);
    if (refused?.captcha)
      throw new ForumAuthError(`The board asks a CAPTCHA to log "${how.login}" in (too many login attempts), which Adjutant cannot answer. ${COOKIE_HINT}`);
    throw new ForumAuthError(
      `The board refused to log "${how.login}" in: ${(refused?.error ?? messageOf(html) ?? 'no reason given').replace(/[.\s]+$/, '')}. Check credentials.login and credentials.password.`,
    );
  }
}

/** The member of that name, from their profile; phpBB answers a name no member has with 404 NO_USER. */
export async function memberNamed(session: PhpbbSession, name: string): Promise<ForumUser | null> {
  const served = await orNull(() => session.page('memberlist.php', { mode: 'viewprofile', un: name }));
  return served && profileOf(served.html);
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}
