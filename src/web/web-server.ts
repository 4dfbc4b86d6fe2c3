// Adjutant's web server (`adjutant serve`): the public game pages, each nation's private page by
// its signed link, the GM console, and the output folder's maps and updates under their stable
// URLs. Server-rendered HTML with one small script; see docs/web.md.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { MessageDeps } from '../messages/message-context.ts';
import { ConsoleActionError, commandLine, confirmationOf, ordersLines, replaceLine, runAsGmEmail, ticketLine } from './gm-actions.ts';
import type { Game } from '../game/open-game.ts';
import { gmGame, gmGamePage, gmGamesPage } from './gm-console.ts';
import { csrfMatches } from './csrf.ts';
import { gmSession, login, logoutCookie, type GmSession } from './gm-session.ts';
import { RequestError, readBody, readForm, redirect, sendBuilt, sendHtml, sendText } from './http-kit.ts';
import { WebLinks } from './link-generations.ts';
import { message, notFound } from './message-page.ts';
import { nationRoute } from './nation-route.ts';
import { gamePage, indexPage } from './public-pages.ts';
import { checkSecret } from './signed-links.ts';
import { serveFile } from './static-files.ts';
import type { WebhookTaker } from '../messages/channel-services.ts';
import type { WebContext } from './web-context.ts';

export interface WebServerOptions {
  /** The output folder (maps, updates). */
  dir: string;
  port: number;
  /** 127.0.0.1 by default; "0.0.0.0" to publish without a proxy. */
  host?: string;
  /** ADJUTANT_PUBLIC_URL: where readers reach the site (its path, if any, prefixes every link). */
  publicUrl?: string;
  trustProxy?: boolean;
  /** ADJUTANT_WEB_SECRET: signs private links; without it there are no private pages and no console. */
  secret?: string;
  deps: MessageDeps;
  logger?: Logger;
  /** The channels that take deliveries at POST /-/<channel id>/<path> (a forum's webhooks), by id; a path none accepts is 404. */
  webhooks?: ReadonlyMap<string, WebhookTaker>;
  /** Queues orders written on a nation's page for the parse worker, besides reading them at once. */
  queueMessage?: WebContext['queueMessage'];
}

export interface WebServer {
  /** Base URL, e.g. http://127.0.0.1:8080 (the real port when 0 was asked). */
  url: string;
  close(): Promise<void>;
}

const ASSETS = fileURLToPath(new URL('../../assets/web/', import.meta.url));

export function webContext(options: WebServerOptions): WebContext {
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const secret = options.secret ? checkSecret(options.secret) : undefined;
  return {
    deps: options.deps,
    outDir: path.resolve(options.dir),
    base: publicUrl ? new URL(publicUrl).pathname.replace(/\/+$/, '') : '',
    publicUrl,
    trustProxy: options.trustProxy ?? false,
    links: secret ? new WebLinks(options.deps.store.redis, secret, options.deps.now) : undefined,
    secret,
    webhooks: options.webhooks,
    queueMessage: options.queueMessage,
  };
}

async function route(web: WebContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://host');
  // Routed on the path as sent, each segment decoded once: "..", "%2e%2e" or a hidden "/" is no page and no file.
  const parts = segments((req.url ?? '/').split('?')[0]);
  if (!parts) return notFound(web, res);
  const method = req.method ?? 'GET';
  if (parts[0] === '-' && parts[1] === 'gm') return gmRoute(web, req, res, parts.slice(2), url);
  const hook = parts[0] === '-' && parts.length > 2 ? web.webhooks?.get(parts[1]) : undefined;
  if (hook?.accepts(parts.slice(2))) return webhookRoute(hook, req, res, parts.slice(2));
  if (parts[0] === '-' && parts[1] === 'nation' && (parts.length === 3 || parts.length === 4)) return nationRoute(web, req, res, parts.slice(2), url);
  if (method !== 'GET' && method !== 'HEAD') return sendText(res, 405, 'Only GET and HEAD here.', { allow: 'GET, HEAD' });
  if (parts.length === 1 && parts[0] === '') return sendBuilt(req, res, await indexPage(web));
  if (parts[0] === '-' && parts[1] === 'assets' && parts.length === 3) {
    if (!(await serveFile(ASSETS, encodeURIComponent(parts[2]), req, res))) notFound(web, res);
    return;
  }
  if (parts.length === 1 && parts[0]) return redirect(res, `${web.base}/${encodeURIComponent(parts[0])}/`);
  const turn = parts.length === 3 && parts[2] === '' ? /^turn-(\d{1,6})$/.exec(parts[1]) : null;
  if ((parts.length === 2 && parts[1] === '') || turn) {
    const page = await gamePage(web, parts[0], turn ? Number(turn[1]) : undefined);
    return page === null ? notFound(web, res) : sendBuilt(req, res, page);
  }
  if (!(await serveFile(web.outDir, parts.map(encodeURIComponent).join('/'), req, res))) notFound(web, res);
}

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

async function webhookRoute(hook: WebhookTaker, req: IncomingMessage, res: ServerResponse, path: string[]): Promise<void> {
  if (req.method !== 'POST') return sendText(res, 405, 'Only POST here.', { allow: 'POST' });
  const header = (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return typeof value === 'string' ? value : undefined;
  };
  const answer = await hook.take({ path, body: await readBody(req, WEBHOOK_BODY_LIMIT), header });
  sendText(res, answer.status, answer.text, { 'cache-control': 'no-store' });
}

function segments(pathname: string): string[] | null {
  try {
    const parts = pathname.split('/').slice(1).map(decodeURIComponent);
    return parts.some((p) => p === '..' || p === '.' || /[\\/\0]/.test(p)) ? null : parts;
  } catch {
    return null;
  }
}

async function gmRoute(web: WebContext, req: IncomingMessage, res: ServerResponse, parts: string[], url: URL): Promise<void> {
  if (!web.links) return notFound(web, res);
  if (parts.length === 0) return redirect(res, `${web.base}/-/gm/`);
  const method = req.method ?? 'GET';
  if (parts[0] === 'login' && parts.length === 2 && method === 'GET') {
    const outcome = await login(web, req, parts[1]);
    if (outcome.ok) return redirect(res, `${web.base}/-/gm/`, { 'set-cookie': outcome.cookie });
    return outcome.limited
      ? message(web, res, 429, 'Too many attempts', 'Too many login links that did not work came from here; wait a quarter of an hour and try again.', {
          'retry-after': '900',
        })
      : message(
          web,
          res,
          403,
          'This link does not work',
          'This GM link is not valid: it may be mistyped, expired, or revoked. Make a new one with "adjutant web gm-link".',
        );
  }
  const session = await gmSession(web, req);
  if (!session) return message(web, res, 403, 'Log in first', 'Open your GM link (made with "adjutant web gm-link") to use the console.');
  if (method === 'POST') return gmPost(web, req, res, session, parts);
  if (method !== 'GET' && method !== 'HEAD') return sendText(res, 405, 'Only GET, HEAD and POST here.', { allow: 'GET, HEAD, POST' });
  const headers = { 'cache-control': 'no-store' };
  if (parts.length === 1 && parts[0] === '') return sendHtml(res, 200, await gmGamesPage(web, session), headers);
  const game = parts.length === 1 ? await gmGame(web, session, parts[0]) : null;
  if (!game) return notFound(web, res);
  const messageId = url.searchParams.get('done');
  const outboxPage = Number(/^\d{1,6}$/.exec(url.searchParams.get('outbox') ?? '')?.[0] ?? 1);
  return sendHtml(
    res,
    200,
    await gmGamePage(web, session, game, { done: messageId && /^[0-9a-f]{64}$/.test(messageId) ? messageId : undefined, outboxPage }),
    headers,
  );
}

async function gmPost(web: WebContext, req: IncomingMessage, res: ServerResponse, session: GmSession, parts: string[]): Promise<void> {
  const form = await readForm(req);
  if (!csrfMatches(session.csrf, form.get('csrf')))
    return message(
      web,
      res,
      403,
      'Refused',
      'The form was not sent from this console (its CSRF token is missing or wrong); nothing was done. Reload the page and try again.',
    );
  if (parts.length === 1 && parts[0] === 'logout') return redirect(res, `${web.base}/`, { 'set-cookie': logoutCookie(web) });
  const game = parts.length === 2 ? await gmGame(web, session, parts[0]) : null;
  if (!game) return notFound(web, res);
  try {
    const line = consoleLine(game, parts[1], form);
    if (line === null) return notFound(web, res);
    const confirm = form.get('confirm') === 'yes' ? null : confirmationOf(game, line);
    if (confirm) {
      const fields = [...form].filter(([name]) => name !== 'csrf').map(([name, value]) => ({ name, value }));
      const page = await gmGamePage(web, session, game, { confirm: { ...confirm, action: `${web.base}/-/gm/${game.id}/${parts[1]}`, fields } });
      return sendHtml(res, 200, page, { 'cache-control': 'no-store' });
    }
    const { messageId } = await runAsGmEmail(web, game, line);
    return redirect(res, `${web.base}/-/gm/${game.id}?done=${messageId}`);
  } catch (e) {
    if (!(e instanceof ConsoleActionError)) throw e;
    return sendHtml(res, 400, await gmGamePage(web, session, game, { problem: e.message }), { 'cache-control': 'no-store' });
  }
}

/** The GM command a console form stands for; null for a path that has no form. */
function consoleLine(game: Game, form: string, fields: URLSearchParams): string | null {
  const field = (name: string) => fields.get(name) ?? '';
  switch (form) {
    case 'ticket':
      return ticketLine(field('token'), ticketAnswer(fields));
    case 'command':
      return commandLine(field('action'), field('argument'));
    case 'orders':
      return ordersLines(game, field('nation'), field('orders'));
    case 'replace':
      return replaceLine(game, field('nation'), field('address'));
    default:
      return null;
  }
}

/** A typed order, or "reject" (the button, after the text field in the form), or else the chosen reading. */
function ticketAnswer(form: URLSearchParams): string {
  return (
    form
      .getAll('answer')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1) ??
    form.get('reading') ??
    ''
  );
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const web = webContext(options);
  const server = createServer((req, res) => {
    route(web, req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (err instanceof RequestError) return sendText(res, err.status, err.message);
      options.logger?.error({ err, url: req.url?.slice(0, 200) }, 'web page failed');
      message(web, res, 500, 'Something went wrong', 'The page could not be made just now; try again in a moment. The error has been logged.');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
