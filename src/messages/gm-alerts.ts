// Mail that tells the GM what went wrong where no message of theirs can carry it: each alert is
// recorded in the outbox under a key naming what it is about, so it is sent once however often the
// fault is seen. The channels' alerts (src/channels/email/mail-alerts.ts) are written with
// `tellGm`; a store outage is no channel's, so its alert is here, where the service reaches it.
import type { Logger } from 'pino';
import { counted } from '../engine/index.ts';
import { taggedSubject } from '../game/subject-tag.ts';
import { parse } from 'yaml';
import type { GameStore } from '../store/game-store.ts';
import type { Outbox } from '../store/outbox.ts';
import { UNROUTED_GAME } from '../store/keys.ts';
import type { OutageSummary } from '../store/outage-watch.ts';
import { storedGame } from '../store/stored-game.ts';

export interface AlertDeps {
  store: GameStore;
  outbox: Outbox;
  logger: Logger;
  now: () => Date;
  /** The address Adjutant writes from when a game names no mailbox. */
  address: string;
}

export const ALERT_PREFIX = 'alert:';

/** Records the alert to the game's GM, once under its key; a game without one (or none at all) only logs it. */
export async function tellGm(deps: AlertDeps, gameId: string, key: string, subject: string, lines: string[]): Promise<void> {
  if (gameId === UNROUTED_GAME || !(await deps.store.exists(gameId))) return;
  const gm = await gmOf(deps, gameId);
  if (!gm) return void deps.logger.error({ gameId, alert: key }, `${subject}; game.yaml names no GM to tell`);
  await deps.outbox.record(gameId, {
    key: `${ALERT_PREFIX}${key}`,
    from: gm.mailbox ?? deps.address,
    to: [gm.email],
    subject: taggedSubject(gameId, subject),
    text: `${lines.join('\n\n')}\n`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  });
  deps.logger.warn({ gameId, alert: key }, subject);
}

/** The GM's address and the game's, even from a game.yaml too broken to open (that may be why the GM is told). */
async function gmOf(deps: AlertDeps, gameId: string): Promise<{ email: string; mailbox?: string } | null> {
  try {
    const { config } = await storedGame(deps.store, gameId);
    return { email: config.gm.email, mailbox: config.mailbox };
  } catch {
    const text = (await deps.store.files(gameId))['game.yaml'] ?? '';
    type Loose = { gm?: { email?: unknown }; mailbox?: unknown } | null;
    let raw: Loose;
    try {
      raw = parse(text) as Loose;
    } catch {
      return null;
    }
    const email = raw?.gm?.email;
    return typeof email === 'string' ? { email, mailbox: typeof raw?.mailbox === 'string' ? raw.mailbox : undefined } : null;
  }
}

/** A store outage that is over (src/store/outage-watch.ts): one mail per outage, never one per message. */
export function storeOutageAlert(deps: AlertDeps, gameId: string, outage: OutageSummary): Promise<void> {
  const seconds = Math.max(1, Math.round((outage.over.getTime() - outage.begun.getTime()) / 1000));
  const waited = Object.entries(outage.waited).map(([kind, n]) => counted(n, kind));
  return tellGm(deps, gameId, `store-outage:${outage.begun.getTime()}`, 'Redis refused to store anything for a while; nothing was lost', [
    `From ${outage.begun.toISOString()} to ${outage.over.toISOString()} (about ${seconds} s) Redis, where Adjutant keeps everything, refused writes: ${outage.reason}.`,
    `${waited.length ? `Meanwhile ${waited.join(', ')} of this game waited` : 'Meanwhile the work of this game waited'}: emails stayed in the mailbox, forum posts in the forum, messages in the outbox, until Redis took writes again; they are handled now, each once. Nothing was lost and there is nothing for you to do.`,
    'If Redis ran out of memory, give it more (maxmemory) and keep maxmemory-policy at noeviction; docs/operations.md ("When Redis refuses writes") says how to be warned before it is full.',
  ]);
}
