// What few messages need and is large to read, loaded before deciding only when a message's
// commands ask for it: a nation's reports of an earlier turn (HISTORY), word for word as they went
// out, and a nation's late emails of the step (the GM's ORDER <nation> LATE).
import type { Game } from '../game/open-game.ts';
import { messageCommands } from './commands.ts';
import type { IncomingMessage } from './incoming-message.ts';
import { timeZoneOf, type MessageDeps } from './message-context.ts';
import type { MessageSnapshot } from './message-snapshot.ts';

/** A nation's report of one step, as the outbox sent it. */
export interface PastReport {
  step: number;
  subject: string;
  text: string;
  html?: string;
}

/** A late email as the GM's ORDER LATE applies it: its text, thread, sender, and its date (never after its arrival). */
export interface LateMail {
  text: string;
  subject: string;
  messageId: string | null;
  from: string | null;
  date: string;
}

export interface MessageExtras {
  /** "<nation>:<turn>" -> the nation's reports of that turn. */
  reports?: Record<string, PastReport[]>;
  /** Mail id -> the late email. */
  lateMails?: Record<string, LateMail>;
}

/** Reads the late messages with these ids, as the channel that stored them keeps them; unknown ids are left out. */
export type LateReader = (gameId: string, ids: string[]) => Promise<Record<string, LateMail>>;

/** Who is asking: the GM, or a nation's player. */
export type Asker = { role: 'gm' } | { role: 'player'; nation: string };

/** Loads what the message's commands will read: nothing for most messages. */
export async function loadExtras(
  deps: Pick<MessageDeps, 'store' | 'outbox'>,
  game: Game,
  snapshot: MessageSnapshot,
  message: IncomingMessage,
  secrets: readonly string[],
  asker: Asker,
  readLate: LateReader,
): Promise<MessageExtras> {
  const nations = Object.keys(game.config.nations);
  const lines = messageCommands(message, secrets, asker.role, { timeZone: timeZoneOf({ game }, asker.role === 'gm' ? null : asker.nation), nations }) ?? [];
  const extras: MessageExtras = {};
  for (const { command: c } of lines) {
    if (c?.name === 'history' && asker.role === 'player' && c.turn < game.state.turn) {
      extras.reports = { ...extras.reports, [`${asker.nation}:${c.turn}`]: await pastReports(deps, game.id, asker.nation, c.turn) };
    } else if (c?.name === 'order' && c.late && asker.role === 'gm') {
      extras.lateMails = { ...extras.lateMails, ...(await readLate(game.id, snapshot.late[c.nation] ?? [])) };
    }
  }
  return extras;
}

async function pastReports(deps: Pick<MessageDeps, 'store' | 'outbox'>, gameId: string, nation: string, turn: number): Promise<PastReport[]> {
  const steps = new Set((await deps.store.history(gameId)).filter((r) => r.turn === turn).map((r) => r.step));
  // After a rollback a step was published again under "report:<step>.<n>:<nation>": the newest round is the one that stands.
  const latest = new Map<number, { key: string; round: number }>();
  for (const key of await deps.outbox.keys(gameId)) {
    const m = REPORT_KEY.exec(key);
    if (!m || m[3] !== nation || !steps.has(Number(m[1]))) continue;
    const [step, round] = [Number(m[1]), Number(m[2] ?? 0)];
    if ((latest.get(step)?.round ?? -1) < round) latest.set(step, { key, round });
  }
  const reports: PastReport[] = [];
  for (const [step, { key }] of [...latest].sort(([a], [b]) => a - b)) {
    const entry = await deps.outbox.entry(gameId, key);
    if (entry) reports.push({ step, subject: entry.subject, text: entry.text, ...(entry.html ? { html: entry.html } : {}) });
  }
  return reports;
}

const REPORT_KEY = /^report:(\d+)(?:\.(\d+))?:(.+)$/;
