// Press written on a nation's page: the form's fields become the PRESS command an email would
// carry, and it is sent through the web channel as the orders box is (nation-orders.ts), so the
// same relay, the same rules on anonymity, the same flood limit and the same confirmation apply.
import { storedGame } from '../store/stored-game.ts';
import { sendWebOrders, WebOrdersError } from './nation-orders.ts';
import type { WebContext } from './web-context.ts';

/** What the press form sent, kept in the form when it is not sent. */
export interface PressDraft {
  /** Nation ids, or "all" for every nation. */
  to: string[];
  anonymous: boolean;
  text: string;
}

export function pressDraft(form: URLSearchParams): PressDraft {
  // A browser sends a text box's lines with CRLF (HTML's form encoding); the player wrote lines.
  return { to: form.getAll('to'), anonymous: form.get('anon') === '1', text: (form.get('text') ?? '').replace(/\r\n?/g, '\n') };
}

/** The PRESS command the draft stands for, or why it cannot be sent. */
export function pressCommand(draft: PressDraft, nations: readonly string[]): string {
  if (!draft.to.length) throw new WebOrdersError('Choose whom the press goes to: every nation, or some of them.');
  if (!draft.text.trim()) throw new WebOrdersError('Write the message first.');
  // Past such a line the rest would be read as commands, not relayed.
  if (draft.text.split('\n').some((line) => /^\s*end\s*press\s*$/i.test(line)))
    throw new WebOrdersError('A line of the message reads ENDPRESS, which would end the press there; write that line another way.');
  // Only the game's own ids go into the command line, so no field can add a line of its own.
  if (draft.to.some((n) => n !== 'all' && !nations.includes(n))) throw new WebOrdersError('One of the nations chosen is not in this game; reload the page.');
  const to = draft.to.includes('all') ? 'ALL' : draft.to.join(', ');
  return `PRESS TO ${to}${draft.anonymous ? ' ANON' : ''}\n${draft.text}`;
}

/** Sends the press as the nation's message; returns its id, which the page then shows the outcome of. */
export async function sendWebPress(web: WebContext, gameId: string, nation: string, draft: PressDraft): Promise<string> {
  if (!(await web.deps.store.exists(gameId))) throw new WebOrdersError('This game is gone.');
  const game = await storedGame(web.deps.store, gameId);
  return sendWebOrders(web, gameId, nation, pressCommand(draft, Object.keys(game.config.nations)));
}
