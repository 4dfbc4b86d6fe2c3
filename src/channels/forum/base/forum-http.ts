// HTTP to a forum's API: its auth headers on every call, a time limit, retries with backoff on
// network errors and server errors (p-retry), the forum's 429 + Retry-After honoured, and each
// failure turned into the typed error that says what to do (forum-errors.ts). A POST makes
// something (a post, a message, an upload), so it is tried again only when the forum surely did
// not take it (the connection was refused, or a 429); after a time-out or a server error it may
// have been made, and the caller is told so (ForumMaybeDoneError) to look before sending again.
import pRetry, { AbortError } from 'p-retry';
import type { CookieJar } from 'tough-cookie';
import {
  ForumAllowanceSpentError,
  ForumAuthError,
  ForumMaybeDoneError,
  ForumNotFoundError,
  ForumRateLimitedError,
  ForumRequestError,
  ForumUnavailableError,
} from './forum-errors.ts';

export interface ForumHttpOptions {
  baseUrl: string;
  headers: Record<string, string>;
  /** The forum's own words for a refused request, from its error body. */
  errorText: (body: unknown) => string | undefined;
  /** What the GM should do when the forum refuses access (401, 403); the default speaks of the API key. */
  refusedHint?: string;
  /** Further tries after the first, for network errors, 5xx and short 429s. */
  retries?: number;
  /** The first pause between tries; it doubles each time. */
  backoffMs?: number;
  /** The longest Retry-After slept through inside one call; a longer one is the caller's to wait. */
  maxWaitMs?: number;
  timeoutMs?: number;
  /** A member's session on the board (member mode): its cookies go with every request, and redirects are followed here so none is lost. */
  cookies?: CookieJar;
  /** Whether a 429 says the key's requests for the day are spent (Discourse names the limiter in a header), not only that it asks for a pause. */
  dailyAllowanceSpent?: (headers: Headers) => boolean;
}

/** A page as the board served it: where it ended up after redirects, and its HTML. */
export interface ServedPage {
  url: string;
  html: string;
}

/** The longest Retry-After slept through inside one call when ForumHttpOptions.maxWaitMs does not say. */
export const MAX_WAIT_MS = 60_000;

/** More redirects than this in one request is a loop. */
const MAX_REDIRECTS = 5;

export type Body = URLSearchParams | FormData | Record<string, unknown>;

export class ForumHttp {
  private readonly base: string;

  constructor(private readonly options: ForumHttpOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  get<T>(path: string, query?: Record<string, string | readonly string[]>): Promise<T> {
    return this.request<T>('GET', withQuery(path, query));
  }

  post<T>(path: string, body: Body): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  /** A board's page (member mode): the address it was served from after redirects, and its HTML. */
  page(path: string, query?: Record<string, string | readonly string[]>): Promise<ServedPage> {
    return this.request<ServedPage>('GET', withQuery(path, query), undefined, true);
  }

  /** A PUT replaces what is there, so doing it twice does no harm: it is tried again like a GET. */
  put<T>(path: string, body: Body): Promise<T> {
    return this.request<T>('PUT', path, body);
  }

  /**
   * The request, tried again through network and server errors with a growing pause, and made
   * again as soon as a short 429's wait is over: the forum said when, so no pause is added to it
   * (a member paced by the forum goes at the forum's pace, not slower).
   */
  private async request<T>(method: string, path: string, body?: Body, served = false): Promise<T> {
    const { retries = 4, backoffMs = 500 } = this.options;
    for (let waited = 0; ; waited++) {
      try {
        return await pRetry(() => this.once<T>(method, path, body, served), {
          retries,
          minTimeout: backoffMs,
          factor: 2,
          randomize: true,
          shouldRetry: ({ error }) => !(error instanceof ForumMaybeDoneError),
        });
      } catch (e) {
        if (!(e instanceof ShortWait)) throw e;
        if (waited >= retries) throw new ForumUnavailableError(`${e.message}. Still rate limited after waiting ${Math.ceil(e.waitMs / 1000)} s.`);
        await new Promise((r) => setTimeout(r, e.waitMs));
      }
    }
  }

  private async once<T>(method: string, path: string, body?: Body, served = false): Promise<T> {
    const url = `${this.base}/${path.replace(/^\/+/, '')}`;
    let response: Response;
    let at: string;
    try {
      [response, at] = await this.fetchFollowing(method, url, body);
    } catch (e) {
      const why = `${method} ${url} got no answer (${causeOf(e)})`;
      if (method === 'POST' && !notSent(e)) throw new ForumMaybeDoneError(`${why}; the forum may have made it.`);
      throw new ForumUnavailableError(`${why}; the forum may be down.`);
    }
    const text = await response.text();
    if (response.ok && served) return { url: at, html: text } as T;
    const parsed = parseJson(text);
    if (response.ok) return parsed as T;
    const said = this.options.errorText(parsed) ?? `HTTP ${response.status}`;
    const what = `${method} ${url}: ${said.replace(/[.\s]+$/, '')}`;
    if (response.status === 401 || response.status === 403)
      throw new AbortError(new ForumAuthError(`${what}. ${this.options.refusedHint ?? 'Check the API key and its permissions (docs/forums.md).'}`));
    if (response.status === 404)
      throw new AbortError(new ForumNotFoundError(`${what}. Check the id in game.yaml's forum section; the thread may have been deleted or moved.`));
    if (response.status === 429) {
      const waitMs = retryAfterMs(response.headers.get('retry-after'), parsed);
      if (waitMs > (this.options.maxWaitMs ?? MAX_WAIT_MS))
        throw new AbortError(
          this.options.dailyAllowanceSpent?.(response.headers)
            ? new ForumAllowanceSpentError(what, waitMs)
            : new ForumRateLimitedError(`${what}. The forum asks us to wait ${Math.ceil(waitMs / 1000)} s.`, waitMs),
        );
      throw new AbortError(new ShortWait(what, waitMs));
    }
    if (response.status >= 500 && method === 'POST') throw new ForumMaybeDoneError(`${what}. The forum had a server error; it may have made it.`);
    if (response.status >= 500) throw new ForumUnavailableError(`${what}. The forum had a server error.`);
    throw new AbortError(new ForumRequestError(`${what}.`));
  }

  /** The request, with the session's cookies kept across its redirects when there is a session; the answer and the address it came from. */
  private async fetchFollowing(method: string, url: string, body?: Body): Promise<[Response, string]> {
    const jar = this.options.cookies;
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? 20_000);
    let [at, how] = [url, method];
    for (let hops = 0; ; hops++) {
      const headers = this.headersFor(body);
      if (jar) headers.cookie = await jar.getCookieString(at);
      const sent = how === method ? body : undefined;
      const response = await fetch(at, { method: how, headers, body: encoded(sent), signal, redirect: jar ? 'manual' : 'follow' });
      if (jar) for (const cookie of response.headers.getSetCookie()) await jar.setCookie(cookie, at, { ignoreError: true });
      const next = response.headers.get('location');
      if (!jar || response.status < 300 || response.status >= 400 || !next || hops >= MAX_REDIRECTS) return [response, at];
      await response.arrayBuffer();
      // A redirect after a POST is followed with a GET (303, and 301/302 as browsers do).
      [at, how] = [new URL(next, at).toString(), response.status === 307 || response.status === 308 ? how : 'GET'];
    }
  }

  private headersFor(body?: Body): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.options.headers };
    if (body && !(body instanceof URLSearchParams) && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    return headers;
  }
}

/** fetch's failure, with its cause (ECONNREFUSED, a time-out) where it has one. */
function causeOf(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return [(e as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(': ');
}

/** Whether the request surely never reached the forum: the connection was refused or the name did not resolve. */
function notSent(e: unknown): boolean {
  const code = (e as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

function encoded(body?: Body): BodyInit | undefined {
  if (body === undefined || body instanceof URLSearchParams || body instanceof FormData) return body;
  return JSON.stringify(body);
}

function withQuery(path: string, query?: Record<string, string | readonly string[]>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) params.append(key, v);
  return `${path}?${params}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A 429 whose wait is short enough to sit out inside the call: the request is made again once it is over. */
class ShortWait extends Error {
  constructor(
    message: string,
    readonly waitMs: number,
  ) {
    super(message);
  }
}

/** Retry-After in seconds or as an HTTP date; Discourse also says `extras.wait_seconds`. */
function retryAfterMs(header: string | null, body: unknown): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header) * 1000;
  if (header && !Number.isNaN(Date.parse(header))) return Math.max(0, Date.parse(header) - Date.now());
  const wait = (body as { extras?: { wait_seconds?: unknown } } | null)?.extras?.wait_seconds;
  return typeof wait === 'number' ? wait * 1000 : 1000;
}
