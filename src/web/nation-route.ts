// A nation's private page by its signed link: GET shows it (with the outcome of orders or press it
// just sent), POST sends the orders written in its box, POST .../press the press written in its
// press form, POST .../read says how each line would be read, for the page's live reading, and GET
// .../map.svg is the nation's map (src/web/nation-map.ts), and GET .../choices?at=<province>&to=<province>
// the orders it may give there, for the page's click-to-order (src/web/nation-choices.ts).
// Every form carries the CSRF token derived from the link.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MAX_TEXT } from '../messages/incoming-message.ts';
import { csrfFor, csrfMatches } from './csrf.ts';
import { readForm, redirect, sendHtml, sendText } from './http-kit.ts';
import { message, notFound } from './message-page.ts';
import { ChoiceQueryError, nationChoices } from './nation-choices.ts';
import { readWebOrders, sendWebOrders, sentOrders, WebOrdersError } from './nation-orders.ts';
import { nationMapSvg, sendSvg } from './nation-map.ts';
import { nationPage, type NationForm } from './nation-page.ts';
import { pressDraft, sendWebPress } from './nation-press.ts';
import type { WebContext } from './web-context.ts';

/** Orders as long as the reader reads (MAX_TEXT), each character URL-encoded at its longest (9 bytes). */
const ORDERS_FORM_BYTES = MAX_TEXT * 9 + 1024;

/** The nation's map, under its link. */
const MAP = 'map.svg';

/** Live readings a nation may ask for: a player typing steadily asks a few a second at most. */
const READS = new RateLimiterMemory({ points: 40, duration: 10 });

/** The orders possible in a province: asked for at each click on the map, a few a second at most. */
const CHOICES = 'choices';
const CHOICE_ASKS = new RateLimiterMemory({ points: 40, duration: 10 });

/** The actions under a link (beside the page itself), and those that answer JSON, a refused link included. */
const ACTIONS = new Set(['read', 'press', MAP, CHOICES]);
const JSON_ACTIONS = new Set(['read', CHOICES]);

export async function nationRoute(web: WebContext, req: IncomingMessage, res: ServerResponse, parts: string[], url: URL): Promise<void> {
  const [token, action] = parts;
  const claims = web.links ? await web.links.check(token) : null;
  const invalid =
    'This private link is not valid: it may be mistyped, expired, or replaced by a newer one. Use the link in your latest report, or ask your GM for a new one.';
  const refuse = () => (JSON_ACTIONS.has(action) ? sendJson(res, 403, { error: invalid }) : message(web, res, 403, 'This link does not work', invalid));
  if (claims?.kind !== 'nation' || (action !== undefined && !ACTIONS.has(action))) return claims?.kind === 'nation' ? notFound(web, res) : refuse();
  const { game: gameId, nation } = claims;
  if (action === MAP) return mapRoute(web, req, res, gameId, nation);
  if (action === CHOICES) return choicesRoute(req, res, web, gameId, nation, url);
  const form: NationForm = { token, csrf: csrfFor(web.secret!, token) };
  const method = req.method ?? 'GET';
  if (method === 'POST') {
    const sent = await readForm(req, ORDERS_FORM_BYTES);
    if (!csrfMatches(form.csrf, sent.get('csrf'))) {
      const forged = "The form was not sent from your nation's page (its CSRF token is missing or wrong); nothing was sent. Reload the page and try again.";
      return action === 'read' ? sendJson(res, 403, { error: forged }) : message(web, res, 403, 'Refused', forged);
    }
    if (action === 'press') return pressRoute(web, res, gameId, nation, form, sent);
    // A browser sends a text box's lines with CRLF (HTML's form encoding); the player wrote lines.
    const draft = (sent.get('orders') ?? '').replace(/\r\n?/g, '\n');
    if (action === 'read') return readRoute(web, res, gameId, nation, draft);
    try {
      const id = await sendWebOrders(web, gameId, nation, draft);
      return redirect(res, `${web.base}/-/nation/${token}?sent=${encodeURIComponent(id)}`);
    } catch (e) {
      if (!(e instanceof WebOrdersError)) throw e;
      const html = await nationPage(web, gameId, nation, { ...form, error: e.message, draft });
      return html === null ? refuse() : sendHtml(res, 400, html, { 'cache-control': 'no-store' });
    }
  }
  if (action !== undefined) return sendText(res, 405, 'Only POST here.', { allow: 'POST' });
  if (method !== 'GET' && method !== 'HEAD') return sendText(res, 405, 'Only GET, HEAD and POST here.', { allow: 'GET, HEAD, POST' });
  const id = url.searchParams.get('sent');
  const sent = id ? await sentOrders(web, gameId, nation, id) : null;
  // Press sent from the page shows its outcome by the press form, orders by the orders box.
  const shown = sent && (url.searchParams.get('in') === 'press' ? { press: { sent } } : { sent });
  const html = await nationPage(web, gameId, nation, { ...form, ...shown });
  return html === null ? refuse() : sendHtml(res, 200, html, { 'cache-control': 'no-store' });
}

/** The nation's map (GET or HEAD only): the same link, so a revoked or mistyped one is refused like the page. */
async function mapRoute(web: WebContext, req: IncomingMessage, res: ServerResponse, gameId: string, nation: string): Promise<void> {
  if (!onlyRead(req, res)) return;
  const svg = await nationMapSvg(web, gameId, nation);
  return svg === null ? notFound(web, res) : sendSvg(res, svg, req.method === 'HEAD');
}

/** Whether the request only reads (GET or HEAD); otherwise it was answered 405. */
function onlyRead(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return true;
  sendText(res, 405, 'Only GET and HEAD here.', { allow: 'GET, HEAD' });
  return false;
}

/** Whether the nation asked too often of `limiter`; if so it was answered 429 with when to ask again. */
async function tooOften(limiter: RateLimiterMemory, key: string, res: ServerResponse, said: (seconds: number) => string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return false;
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    const wait = Math.ceil(e.msBeforeNext / 1000);
    sendJson(res, 429, { error: said(wait) }, { 'retry-after': String(wait) });
    return true;
  }
}

async function pressRoute(web: WebContext, res: ServerResponse, gameId: string, nation: string, form: NationForm, fields: URLSearchParams): Promise<void> {
  const draft = pressDraft(fields);
  try {
    const id = await sendWebPress(web, gameId, nation, draft);
    return redirect(res, `${web.base}/-/nation/${form.token}?sent=${encodeURIComponent(id)}&in=press#press`);
  } catch (e) {
    if (!(e instanceof WebOrdersError)) throw e;
    const html = await nationPage(web, gameId, nation, { ...form, press: { error: e.message, draft } });
    return html === null ? notFound(web, res) : sendHtml(res, 400, html, { 'cache-control': 'no-store' });
  }
}

/** GET .../choices?at=&to=: the link's own nation's orders at a province, as JSON, never cached. */
async function choicesRoute(req: IncomingMessage, res: ServerResponse, web: WebContext, gameId: string, nation: string, url: URL): Promise<void> {
  if (!onlyRead(req, res)) return;
  if (await tooOften(CHOICE_ASKS, `${gameId}:${nation}`, res, (wait) => `Too many asked for in a short time; ask again in ${wait} s.`)) return;
  try {
    const lines = await nationChoices(web, gameId, nation, url.searchParams.get('at'), url.searchParams.get('to'));
    return lines === null ? sendJson(res, 404, { error: 'This game or nation is gone.' }) : sendJson(res, 200, { lines });
  } catch (e) {
    if (!(e instanceof ChoiceQueryError)) throw e;
    return sendJson(res, 400, { error: e.message });
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendText(res, status, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
}

async function readRoute(web: WebContext, res: ServerResponse, gameId: string, nation: string, text: string): Promise<void> {
  const said = (wait: number) => `Too many readings asked for in a short time; lines are read again in ${wait} s.`;
  if (await tooOften(READS, `${gameId}:${nation}`, res, said)) return;
  const lines = await readWebOrders(web, gameId, nation, text);
  return lines === null ? sendJson(res, 404, { error: 'This game or nation is gone.' }) : sendJson(res, 200, { lines });
}
