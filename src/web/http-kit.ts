// Small pieces every page shares: the security headers, HTML and redirect answers, cookies, the
// client's address (from the proxy only when told to trust it), and a bounded form body.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// Nothing inline and nothing from elsewhere: player text that slipped through escaping still
// could not run. Referrer off, so a private link in the address bar never leaks to another site.
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** A form body bigger than this is refused: a GM's answer is a line, not a file. */
export const MAX_FORM_BYTES = 16 * 1024;

export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(html);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-cache',
    ...headers,
  });
  res.end(body);
}

/** A public page built once and sent to every reader as is: its bytes, and headers with an ETag of them. */
export interface BuiltPage {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

export function builtPage(html: string): BuiltPage {
  const body = Buffer.from(html);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return {
    body,
    etag,
    headers: { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length), 'cache-control': 'no-cache', etag },
  };
}

/** A built page, or 304 when the reader already has it (a browser revalidates a no-cache page with its ETag). */
export function sendBuilt(req: IncomingMessage, res: ServerResponse, page: BuiltPage): void {
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim() === page.etag)) {
    res.writeHead(304, { etag: page.etag, 'cache-control': 'no-cache' });
    return void res.end();
  }
  res.writeHead(200, page.headers);
  res.end(req.method === 'HEAD' ? undefined : page.body);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(`${text}\n`);
}

/** 303, so a form's POST becomes a GET of the page it leads to. */
export function redirect(res: ServerResponse, location: string, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(303, { ...SECURITY_HEADERS, location, 'cache-control': 'no-store', ...headers });
  res.end();
}

export function cookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

/** The client's address: the socket's, or with a trusted proxy the last hop it added to X-Forwarded-For. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .at(-1)
    : undefined;
  return (forwarded ?? req.socket.remoteAddress ?? 'unknown').slice(0, 64);
}

/** Whether the page was asked for over HTTPS (directly, or as a trusted proxy says). */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted) return true;
  return (
    trustProxy &&
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim() === 'https'
  );
}

/** The request's body, refused past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new RequestError(413, 'The body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function readForm(req: IncomingMessage, limit = MAX_FORM_BYTES): Promise<URLSearchParams> {
  const type = String(req.headers['content-type'] ?? '');
  if (!type.startsWith('application/x-www-form-urlencoded')) throw new RequestError(415, 'Send the form as application/x-www-form-urlencoded.');
  return new URLSearchParams((await readBody(req, limit)).toString('utf8'));
}
