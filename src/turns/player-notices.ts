// Short news from the scheduler's work to the players and the thread (a deadline reminder, a turn
// stopped for a quiet GM), in plain text; each recorded in its outbox under a key naming it, so a
// repeat (a retried job, a second scheduler) sends nothing twice. Mail to the GM is gm-notices.ts.
import type { GameFile } from '../game/game-file.ts';
import { taggedSubject } from '../game/subject-tag.ts';
import { PostOutbox } from '../store/post-outbox.ts';
import { mailFrom, type TurnRuntime } from './turn-runtime.ts';

/** One mail to the player of `nation`, at the address game.yaml gives. */
export async function tellPlayer(rt: TurnRuntime, gameId: string, config: GameFile, nation: string, key: string, subject: string, text: string): Promise<void> {
  await rt.outbox.record(gameId, {
    key,
    from: mailFrom(config, rt.settings),
    to: [config.nations[nation].player!.email],
    subject: taggedSubject(gameId, subject),
    text: text.endsWith('\n') ? text : `${text}\n`,
  });
}

/** One post into the game's thread (the caller knows the game posts there), its text in the forum's markup. */
export async function postInThread(rt: TurnRuntime, gameId: string, key: string, text: string): Promise<void> {
  await new PostOutbox(rt.store.redis, { now: rt.now }).record(gameId, { kind: 'post', key, text, images: [] });
}
