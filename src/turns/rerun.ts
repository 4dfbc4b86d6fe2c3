// A step published again after a rollback: a rerun. Its mails and its update in the thread say
// that they replace the results the rollback withdrew, and the withdrawn update's posts are edited
// to say so (publish-turn.ts records those edits). Which publication a step replaces is noted per
// step and rollback before the step's first message is recorded, so a retried publish job says
// the same, and a step whose results never went out replaces nothing.
//
// Owns (src/store/keys.ts): gameKeys published.
import type { Redis } from 'ioredis';
import { gameKeys } from '../store/keys.ts';
import type { TurnMessage } from './turn-renderer.ts';

/** An earlier publication of a step, withdrawn by a rollback: the rollbacks before it and its turn. */
export interface Withdrawn {
  epoch: number;
  turn: number;
}

/**
 * Notes that `step` is published in `epoch` as `turn`; returns the publication of the same step it
 * replaces, the latest of an earlier epoch (a step is published again only after a rollback undid it).
 */
export async function notePublished(redis: Redis, gameId: string, step: number, epoch: number, turn: number): Promise<Withdrawn | undefined> {
  const key = gameKeys(gameId).published;
  await redis.hset(key, `${step}:${epoch}`, String(turn));
  if (!epoch) return undefined;
  const earlier = Array.from({ length: epoch }, (_, i) => epoch - 1 - i);
  const turns = await redis.hmget(key, ...earlier.map((e) => `${step}:${e}`));
  const found = turns.findIndex((t) => t !== null);
  return found < 0 ? undefined : { epoch: earlier[found], turn: Number(turns[found]) };
}

// The sentences hold fixed words and turn numbers only: nothing in them needs escaping for any markup.

/** The first sentence of a rerun's mails, to players and the GM. */
export function mailLead(withdrawn: Withdrawn, turn: number): string {
  const these = withdrawn.turn === turn ? 'these replace them' : `these results of turn ${turn} replace them`;
  return `The results of turn ${withdrawn.turn} sent earlier were withdrawn when the GM rolled the game back, and ${these}.`;
}

/** The first sentence of a rerun's update, in the thread or for the GM to paste. */
export function updateLead(withdrawn: Withdrawn, turn: number): string {
  const update = withdrawn.turn === turn ? 'This update' : `This update of turn ${turn}`;
  return `${update} replaces the update of turn ${withdrawn.turn} posted earlier, which was withdrawn when the GM rolled the game back.`;
}

/** What each post of a withdrawn update says instead; the forum poster adds the new update's address below. */
export function withdrawnText(withdrawn: Withdrawn): string {
  return `Withdrawn: the GM rolled the game back, so the results of turn ${withdrawn.turn} this post held no longer stand. The update that replaces it is posted further down the thread.`;
}

/** What the GM who pastes updates by hand (a thread Adjutant cannot post in) is asked to do with the withdrawn one. */
export function pasteNote(withdrawn: Withdrawn): string {
  return `and edit the update of turn ${withdrawn.turn} you pasted earlier to say it was withdrawn`;
}

/** A message of a rerun: "(rerun)" at the end of its subject, and `lead` before its text. */
export function asRerun(message: TurnMessage, lead: string): TurnMessage {
  const body = /<body[^>]*>/i;
  const html =
    message.html &&
    (body.test(message.html)
      ? message.html.replace(body, (tag) => `${tag}\n<p><strong>${lead}</strong></p>`)
      : `<p><strong>${lead}</strong></p>\n${message.html}`);
  return { subject: `${message.subject} (rerun)`, text: `${lead}\n\n${message.text}`, ...(html && { html }) };
}
