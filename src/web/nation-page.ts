// A nation's private page, reached by the signed link in its reports: its own map (its units and
// orders in force, src/web/nation-map.ts) with a link to the public one, its own report of every
// step (rendered from its private view, as the mail is), its orders in force as Adjutant read
// them, a form to write orders (src/web/nation-orders.ts), and its press in and out with a form to
// send press (src/web/nation-press.ts). Nothing here is about another nation beyond what its
// reports and the press sent to it already say.
import { mailSettings } from '../game/game-file.ts';
import type { Game } from '../game/open-game.ts';
import { PRESS_LIMIT } from '../messages/press-command.ts';
import { storedGame } from '../store/stored-game.ts';
import { storedPress } from '../store/stored-press.ts';
import { ordersAsRead } from '../messages/orders-as-read.ts';
import { openTicketsOf } from '../messages/tickets.ts';
import { nationStanding } from '../render/report-model.ts';
import { renderPage } from './page-templates.ts';
import { nationMapCaption } from '../render/nation-map.ts';
import { startLabel } from '../render/start-position.ts';
import { mapUrl, startMapUrl, statusModel } from './public-pages.ts';
import { stepIndex } from './step-index.ts';
import { reportHtml } from './update-html.ts';
import { nationMapUrl, nationMapVersion } from './nation-map.ts';
import type { SentOrders } from './nation-orders.ts';
import type { PressDraft } from './nation-press.ts';
import { nationPress } from './press-view.ts';
import { orderPicker } from './order-picker.ts';
import type { WebContext } from './web-context.ts';

/** The page's forms: its link token (the forms post back to it), CSRF token, and what the last send of each said. */
export interface NationForm {
  token: string;
  csrf: string;
  sent?: SentOrders;
  error?: string;
  /** What the player wrote, kept in the box when it was not sent. */
  draft?: string;
  /** The press form's outcome, or its refusal with what was written. */
  press?: { sent?: SentOrders; error?: string; draft?: PressDraft };
}

/** Reports shown on the page, newest first; older ones are in the player's mail. */
const MAX_REPORTS = 30;

/** The page for a link's game and nation; null when the game or nation is gone. */
export async function nationPage(web: WebContext, gameId: string, nation: string, form: NationForm): Promise<string | null> {
  const { store } = web.deps;
  if (!(await store.exists(gameId))) return null;
  const game = await storedGame(store, gameId);
  const config = game.config.nations[nation];
  if (!config) return null;
  const step = await store.step(gameId);
  const [inForce, tickets, status, steps, press] = await Promise.all([
    ordersAsRead(store.redis, game, nation),
    openTicketsOf(store.redis, gameId, step, nation),
    web.deps.control.status(gameId).catch(() => null),
    stepIndex(store, game),
    storedPress(store.redis, gameId),
  ]);
  const reports = [];
  let map: { label: string; mapUrl: string; alt?: string } | undefined;
  for (const [i, s] of steps.slice(-MAX_REPORTS).reverse().entries()) {
    const record = await store.record(gameId, s.step);
    if (!record) continue;
    // The newest step's map, once drawn: the position the nation orders from (an older one would mislead).
    const url = i === 0 ? await mapUrl(web, game, record) : undefined;
    if (url) map = { label: s.label, mapUrl: url };
    if (record.stateAfter.nations[nation] || record.stateBefore.nations[nation]) reports.push({ label: s.label, html: reportHtml(game, record, nation) });
  }
  // Before the first step, the position it starts from.
  const startUrl = steps.length ? undefined : await startMapUrl(web, game);
  if (startUrl) map = { label: startLabel(game), mapUrl: startUrl, alt: startLabel(game) };
  // In its place, the nation's own map of the current position and its orders in force; the public one is a link beside it.
  const caption = nationMapCaption(game, nation);
  const mapImage = {
    label: caption,
    mapUrl: nationMapUrl(web, form.token, await nationMapVersion(web, gameId, nation)),
    alt: `${caption}: your units ringed in your colour, your orders drawn as arrows`,
    // Put into the page by its script, so that clicking a province or unit can start an order.
    inline: true,
  };
  return renderPage(
    'nation',
    { title: `${config.name}: ${game.config.title}`, base: web.base, private: true },
    {
      game: { id: gameId, title: game.config.title, turn: game.state.turn, phase: game.state.phase, public: game.config.public },
      nation: config.name,
      status: statusModel(game, status),
      standing: { ...nationStanding(game, nation), mapImage, publicMap: map },
      orders: inForce,
      tickets: tickets.map((t) => ({ line: t.line, text: t.text, readings: t.readings })),
      reports,
      form: { ...form, action: `${web.base}/-/nation/${form.token}`, picker: orderPicker(game, nation, `${web.base}/-/nation/${form.token}/choices`) },
      press: {
        list: nationPress(press, game.config, nation),
        form: pressForm(web, game, nation, form),
      },
    },
  );
}

/** The press form: whom it may go to (the nations with a player), and whether it may go unsigned; null in a game without press. */
function pressForm(web: WebContext, game: Game, nation: string, form: NationForm) {
  const policy = mailSettings(game.config).press;
  if (policy === 'off') return null;
  const draft = form.press?.draft;
  const chosen = new Set(draft?.to ?? []);
  return {
    action: `${web.base}/-/nation/${form.token}/press`,
    csrf: form.csrf,
    sent: form.press?.sent,
    error: form.press?.error,
    everyone: chosen.has('all'),
    nations: Object.entries(game.config.nations)
      .filter(([id, n]) => id !== nation && n.player)
      .map(([id, n]) => ({ id, name: n.name, chosen: chosen.has(id) })),
    grey: policy === 'grey',
    anonymous: draft?.anonymous ?? false,
    text: draft?.text ?? '',
    limit: PRESS_LIMIT,
    public: game.config.public,
  };
}
