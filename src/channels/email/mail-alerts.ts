// Mail the GM gets when the mail service could not do its work: an email that could not be
// processed (a dead letter), messages the SMTP server refused or that ran out of tries (one digest
// an hour), the provider throttling our sending. Each goes through the outbox under a key naming
// what it is about, so an alert is sent once however often the fault is seen.
import { createHash } from 'node:crypto';
import { ALERT_PREFIX, tellGm, type AlertDeps } from '../../messages/gm-alerts.ts';
import { storedGame } from '../../store/stored-game.ts';
import type { SendAlert } from './outbox-sender.ts';

/** An email that could not be processed; `adjutant dead-letter retry` runs it again. */
export function deadMailAlert(deps: AlertDeps, gameId: string, messageId: string, from: string | null, error: string): Promise<void> {
  return tellGm(deps, gameId, `dead-mail:${messageId}`, 'An email could not be processed', [
    `An email${from ? ` from ${from}` : ''} could not be processed, so nothing in it was applied and its sender has had no answer: ${error}`,
    `It is kept (mail id ${messageId}). Once the cause is fixed, run: adjutant dead-letter retry ${gameId} ${messageId}`,
  ]);
}

export interface SendAlertDeps extends AlertDeps {
  /** Makes sure the game's digest of undelivered mail runs at the end of the hour (mail-digest.ts). */
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
