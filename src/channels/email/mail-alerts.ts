// Mail the GM gets when the mail service could not do its work: an email that could not be
// processed (a dead letter), messages the SMTP server refused or that ran out of tries (one digest
// an hour), the provider throttling our sending. Each goes through the outbox under a key naming
// what it is about, so an alert is sent once however often the fault is seen.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { counted } from '../../engine/index.ts';
import { taggedSubject } from '../../game/subject-tag.ts';
import { parse } from 'yaml';
import type { GameStore } from '../../store/game-store.ts';
import type { Outbox } from '../../store/outbox.ts';
import { UNROUTED_GAME } from '../../store/keys.ts';
import type { OutageSummary } from '../../store/outage-watch.ts';
import { storedGame } from '../../store/stored-game.ts';
import type { SendAlert } from './outbox-sender.ts';

export interface AlertDeps {
  store: GameStore;
  outbox: Outbox;
  logger: Logger;
  now: () => Date;
  /** The address Adjutant writes from when a game names no mailbox. */
  address: string;
}

export const ALERT_PREFIX = 'alert:';

async function tellGm(deps: AlertDeps, gameId: string, key: string, subject: string, lines: string[]): Promise<void> {
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

/** An email that could not be processed; `adjutant dead-letter retry` runs it again. */
export function deadMailAlert(deps: AlertDeps, gameId: string, messageId: string, from: string | null, error: string): Promise<void> {
  return tellGm(deps, gameId, `dead-mail:${messageId}`, 'An email could not be processed', [
    `An email${from ? ` from ${from}` : ''} could not be processed, so nothing in it was applied and its sender has had no answer: ${error}`,
    `It is kept (mail id ${messageId}). Once the cause is fixed, run: adjutant dead-letter retry ${gameId} ${messageId}`,
  ]);
}

export interface SendAlertDeps extends AlertDeps {
  /** Makes sure the game's digest of undelivered mail runs at the end of the hour (jobs/mail-digest.ts). */
  scheduleDigest: (gameId: string) => Promise<void>;
}

/** What the outbox sender reports: a message set aside for good, or the provider throttling us. */
export async function sendAlert(deps: SendAlertDeps, gameId: string, alert: SendAlert): Promise<void> {
  if (alert.kind === 'throttled') {
    // One notice an hour is enough to tell the GM that mail is slowed down.
    const hour = deps.now().toISOString().slice(0, 13);
    return tellGm(deps, gameId, `throttled:${hour}`, "Your mail provider is slowing down Adjutant's mail", [
      `The SMTP server refused to take more mail for now: ${alert.error}`,
      `Adjutant holds all sending for ${Math.round(alert.holdMs / 1000)} seconds at a time and tries again; nothing is lost, but replies and reports arrive late. If this happens often, lower ADJUTANT_SEND_RATE below your provider's limit.`,
    ]);
  }
  // An alert that cannot be sent is not alerted about again: that would loop.
  if (alert.entry.key.startsWith(ALERT_PREFIX)) return;
  // Mail to strangers (a refusal to a forged sender, say) bounces as the forger meant: the GM is not told.
  if (!(await toGmOrPlayer(deps, gameId, alert.entry.to)))
    return void deps.logger.warn(
      { gameId, key: alert.entry.key },
      "a message to an address that is no player's could not be sent; it is set aside, the GM is not told",
    );
  await deps.outbox.markUntold(gameId, alert.entry.key);
  await deps.scheduleDigest(gameId);
}

/** Messages a digest names one by one; past that, it counts them. */
const DIGEST_LIST = 30;

/**
 * The GM's digest of the messages to the GM or players set aside since the last one: one email,
 * however many. Its key stands for the messages it tells of, so a digest run again after a crash
 * is the same email, recorded once. Returns how many it named.
 */
export async function undeliveredDigest(deps: AlertDeps, gameId: string): Promise<number> {
  const untold = await deps.outbox.untold(gameId);
  if (!untold.length) return 0;
  const wanted = new Set(untold);
  // One the GM put back in line meanwhile is no longer news.
  const items = (await deps.outbox.setAsideItems(gameId)).filter((i) => wanted.has(i.key));
  if (items.length) {
    const lines: string[] = [];
    for (const item of items.slice(0, DIGEST_LIST)) {
      const entry = await deps.outbox.entry(gameId, item.key);
      lines.push(
        `The message "${entry?.subject ?? item.key}" to ${entry?.to.join(', ') ?? 'its recipient'} could not be sent and is set aside: ${item.error}\nTo send it again: adjutant dead-letter retry ${gameId} ${item.key}`,
      );
    }
    if (items.length > DIGEST_LIST) lines.push(`And ${items.length - DIGEST_LIST} more: adjutant dead-letter list ${gameId} shows them all.`);
    // A message set aside again after the GM's retry is news again: its new time makes a new digest.
    const id = createHash('sha256')
      .update(items.map((i) => `${i.key} ${i.at}`).join('\n'))
      .digest('hex')
      .slice(0, 16);
    const subject = items.length === 1 ? 'A message could not be sent' : `${items.length} messages could not be sent`;
    await tellGm(deps, gameId, `undelivered:${id}`, subject, [
      ...lines,
      'Once the cause is fixed (a wrong address, say), send them again with the commands above.',
    ]);
  }
  await deps.outbox.markTold(gameId, untold);
  return items.length;
}

/** Whether the message was for the GM or a player of the game (when game.yaml cannot be read, it is taken as so). */
async function toGmOrPlayer(deps: AlertDeps, gameId: string, to: string[]): Promise<boolean> {
  const config = await storedGame(deps.store, gameId).then(
    (g) => g.config,
    () => null,
  );
  if (!config) return true;
  const known = new Set(
    [config.gm.email, ...Object.values(config.nations).map((n) => n.player?.email)].filter((a): a is string => !!a).map((a) => a.toLowerCase()),
  );
  return to.some((address) => known.has(address.toLowerCase()));
}

/**
 * Reading the game's forum failed: its thread, or the private messages sent to Adjutant (the error
 * names the request). Told once an hour per kind of failure while it lasts.
 */
export function forumReadAlert(deps: AlertDeps, gameId: string, error: Error): Promise<void> {
  const hour = deps.now().toISOString().slice(0, 13);
  return tellGm(deps, gameId, `forum-read:${error.name}:${hour}`, "Adjutant cannot read the game's forum", [
    `Reading the game's forum (its thread, or the private messages sent to Adjutant) failed: ${error.message}`,
    'No post is lost: Adjutant keeps its place in the thread and in the messages and reads again from there until it works, so orders sent meanwhile are read late, not dropped (lateness is judged by when the forum says they were posted).',
  ]);
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
