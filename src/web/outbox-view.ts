// The console's outbox: what Adjutant sent for the game, newest first, a page at a time, each
// message said in words (what it is, to whom, whether it went); the message's key only where the
// GM needs it, to send a refused message again with `adjutant dead-letter retry`. Only the page
// shown is read from the store: a long game's outbox holds thousands of messages.
import type { Outbox, OutboxEntry } from '../store/outbox.ts';

/** Messages on one page of the console's outbox. */
export const OUTBOX_PAGE = 25;

// What each kind of message is, by the first word of its key (src/store/outbox.ts).
const KINDS: Readonly<Record<string, string>> = {
  reply: 'Answer to a message',
  report: 'Turn report',
  summary: 'Your turn summary',
  update: 'Public update',
  remind: 'Deadline reminder',
  welcome: 'Welcome',
  announce: 'Announcement',
  press: 'Press',
  tickets: 'Ticket for you',
  'ticket-outcome': 'Your ruling, to the player',
  history: 'Earlier report, sent again',
  resign: 'Resignation',
  'gm-order': 'Orders you entered, to the player',
  alert: 'Alert to you',
  gm: 'Notice to you',
};

export interface OutboxRow {
  kind: string;
  subject: string;
  to: string;
  recordedAt: string;
  state: 'sent' | 'waiting' | 'refused';
  /** Why it was refused, and the key to send it again with. */
  failed?: { error: string; key: string };
}

export interface OutboxView {
  rows: OutboxRow[];
  total: number;
  page: number;
  pages: number;
}

/** Page `page` (1 is the newest) of the game's outbox. */
export async function outboxView(outbox: Outbox, gameId: string, failed: Readonly<Record<string, { error: string }>>, page: number): Promise<OutboxView> {
  const { recorded: total } = await outbox.counts(gameId);
  const pages = Math.max(1, Math.ceil(total / OUTBOX_PAGE));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const entries = await outbox.newest(gameId, (shown - 1) * OUTBOX_PAGE, OUTBOX_PAGE);
  return { rows: entries.map((e) => outboxRow(e, failed[e.key])), total, page: shown, pages };
}

function outboxRow(e: OutboxEntry, refused: { error: string } | undefined): OutboxRow {
  return {
    kind: KINDS[e.key.split(':')[0]] ?? 'Message',
    subject: e.subject,
    to: e.to.join(', '),
    recordedAt: e.recordedAt,
    state: refused ? 'refused' : e.sentAt ? 'sent' : 'waiting',
    ...(refused && { failed: { error: refused.error, key: e.key } }),
  };
}
