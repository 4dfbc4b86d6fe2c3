// The GM's console: the GM's games with their state and problems, and for one game its open
// tickets, every nation's orders in force as read, the buttons and forms (which send GM commands
// through the mail loop, gm-actions.ts; those that cannot be taken back ask again first) and the
// outbox: what was sent, what waits, what the mail server refused.
import { storedGame } from '../store/stored-game.ts';
import { MessageLedger } from '../messages/message-ledger.ts';
import { everyNationsOrders } from '../messages/orders-as-read.ts';
import { openTickets } from '../messages/tickets.ts';
import type { Game } from '../game/open-game.ts';
import type { GmSession } from './gm-session.ts';
import { outboxView } from './outbox-view.ts';
import { renderPage } from './page-templates.ts';
import { statusModel } from './public-pages.ts';
import type { WebContext } from './web-context.ts';

/** The game if this GM runs it; null otherwise (the caller answers 404, not revealing whose it is). */
export async function gmGame(web: WebContext, session: GmSession, gameId: string): Promise<Game | null> {
  if (!/^[a-z0-9_][a-z0-9_-]*$/.test(gameId) || !(await web.deps.store.exists(gameId))) return null;
  const game = await storedGame(web.deps.store, gameId);
  return game.config.gm.email.toLowerCase() === session.email ? game : null;
}

async function failures(web: WebContext, gameId: string): Promise<Record<string, { error: string; at: string }>> {
  return Object.fromEntries((await web.deps.outbox.setAsideItems(gameId)).map(({ key, error, at }) => [key, { error, at }]));
}

export async function gmGamesPage(web: WebContext, session: GmSession): Promise<string> {
  const games = [];
  for (const id of await web.deps.store.listGames()) {
    const game = await gmGame(web, session, id).catch(() => null);
    if (!game) continue;
    const [status, tickets, failed] = await Promise.all([web.deps.control.status(id).catch(() => null), openTickets(web.deps.store, id), failures(web, id)]);
    const problems = [
      status ? '' : 'The scheduler did not answer; deadlines are unknown.',
      status?.waitingForGm ? `Waiting for you: ${status.waitingForGm}.` : '',
      status?.previewStep !== undefined ? `A preview of step ${status.previewStep} waits for PUBLISH.` : '',
      Object.keys(failed).length ? `${Object.keys(failed).length} message(s) could not be sent.` : '',
      game.config.gm.secret ? '' : "No GM secret in game.yaml: the console's buttons cannot act.",
    ].filter(Boolean);
    games.push({
      id,
      url: `${web.base}/-/gm/${id}`,
      title: game.config.title,
      turn: game.state.turn,
      phase: game.state.phase,
      status: statusModel(game, status),
      tickets: tickets.length,
      problems,
    });
  }
  return renderPage('gm-games', { title: 'GM console', base: web.base, private: true }, { email: session.email, games, csrf: session.csrf });
}

/** What the game's console page shows above its sections. */
export interface ConsoleNotice {
  /** The message id of a console action just done, whose results are shown at the top. */
  done?: string;
  /** Why the form just sent did nothing. */
  problem?: string;
  /** The page of the outbox shown (1, the newest, when absent). */
  outboxPage?: number;
  /** A command that asks again before it is sent: the question, and the form's fields to send again with confirm=yes. */
  confirm?: { question: string; button: string; action: string; fields: Array<{ name: string; value: string }> };
}

export async function gmGamePage(web: WebContext, session: GmSession, game: Game, notice: ConsoleNotice = {}): Promise<string> {
  const id = game.id;
  const names = (nation: string) => game.config.nations[nation]?.name ?? nation;
  const [status, tickets, failed, done, orders] = await Promise.all([
    web.deps.control.status(id).catch(() => null),
    openTickets(web.deps.store, id),
    failures(web, id),
    notice.done ? new MessageLedger(web.deps.store.redis).result(id, notice.done) : null,
    everyNationsOrders(web.deps.store.redis, game),
  ]);
  const outbox = await outboxView(web.deps.outbox, id, failed, notice.outboxPage ?? 1);
  return renderPage(
    'gm-game',
    { title: `${game.config.title}: GM console`, base: web.base, private: true },
    {
      game: {
        id,
        title: game.config.title,
        turn: game.state.turn,
        phase: game.state.phase,
        public: game.config.public,
        hasSecret: !!game.config.gm.secret,
        preview: game.config.preview,
      },
      status: statusModel(game, status),
      tickets: tickets.map((t) => ({
        token: t.token,
        nation: names(t.nation),
        line: t.line,
        text: t.text,
        readings: t.readings.map((text, i) => ({ number: i + 1, text })),
      })),
      outbox: {
        ...outbox,
        newer: outbox.page > 1 ? `${web.base}/-/gm/${id}?outbox=${outbox.page - 1}` : null,
        older: outbox.page < outbox.pages ? `${web.base}/-/gm/${id}?outbox=${outbox.page + 1}` : null,
      },
      done: done
        ? {
            outcome: done.outcome,
            replies: done.replies.filter((r) => r.to.includes(game.config.gm.email.toLowerCase()) || r.to.includes(game.config.gm.email)).map((r) => r.text),
          }
        : undefined,
      problem: notice.problem,
      confirm: notice.confirm,
      orders,
      csrf: session.csrf,
      action: `${web.base}/-/gm/${id}`,
    },
  );
}
