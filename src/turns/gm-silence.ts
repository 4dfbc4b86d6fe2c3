// A game whose GM has gone quiet (`gm.silence` in game.yaml, docs/operations.md). At a deadline, a
// GM not heard from for `remind` (no message on any channel, nor console action) is reminded, once for
// that quiet spell; one not heard from for `pause` finds the turn stopped at its deadline until
// RESUME or PROCESS, and the players and the thread are told why: an abandoned game stops rather
// than running on with nobody to answer its tickets or its players.
import { threadOf } from '../channels/settings/index.ts';
import type { GameFile } from '../game/game-file.ts';
import { shortPostMarkup } from '../render/escape.ts';
import { lastHeardFromGm } from '../store/gm-heard.ts';
import { tellGm } from './gm-notices.ts';
import { durationMs, formatTime } from './schedule.ts';
import { postInThread, tellPlayer } from './player-notices.ts';
import { playerNations, type TurnRuntime } from './turn-runtime.ts';

export interface DeadlineAt {
  gameId: string;
  turn: number;
  /** The step's label (stepLabel): notices name it, so each is recorded once. */
  label: string;
}

/** Reminds a quiet GM, or stops the turn for one quiet too long: then says why the turn waits, for the GM's status. */
export async function stopsForQuietGm(rt: TurnRuntime, config: GameFile, at: DeadlineAt, now: Date): Promise<string | null> {
  const limits = config.gm.silence;
  if (!limits) return null;
  const heard = await lastHeardFromGm(rt.store.redis, at.gameId, now);
  const quietMs = now.getTime() - heard.getTime();
  const since = formatTime(heard, config.gm.timezone ?? config.timezone);
  if (quietMs >= durationMs(limits.pause)) {
    const key = `quiet-stop:${at.label}:${heard.getTime()}`;
    await tellGm(rt, at.gameId, config, key, `Turn ${at.turn} waits for you: no word from you since ${since}`, stopNotice(at.turn, since));
    await tellPlayers(rt, config, at, key, heard);
    return `Turn ${at.turn} stopped at its deadline: the game had not heard from you since ${since}; reply RESUME or PROCESS.`;
  }
  if (quietMs >= durationMs(limits.remind))
    await tellGm(rt, at.gameId, config, `quiet:${heard.getTime()}`, `No word from you since ${since}`, reminderNotice(since, limits.pause));
  return null;
}

function reminderNotice(since: string, pause: string): string {
  return [
    `Your game has not heard from you since ${since}. It runs on by itself, but tickets and questions wait for you.`,
    `If it hears nothing from you for ${pause} in all, it stops at its next deadline until you answer.`,
    'Any email of yours to the game counts (STATUS will do), as does any action on your console.',
  ].join('\n');
}

function stopNotice(turn: number, since: string): string {
  return [
    `The deadline of turn ${turn} has come, and the game has not heard from you since ${since}, so it has stopped rather than`,
    'run on with nobody to answer it. Nothing has been adjudicated, and the players were told why. Reply with one word:',
    '  PROCESS  adjudicate now with the orders in force',
    '  RESUME   give the players a new deadline',
    'To change how long the game waits for you (or turn this off), set gm.silence in game.yaml (docs/operations.md).',
  ].join('\n');
}

async function tellPlayers(rt: TurnRuntime, config: GameFile, at: DeadlineAt, key: string, heard: Date): Promise<void> {
  const news = (when: string) =>
    `The deadline of turn ${at.turn} has passed, but the game has not heard from its GM since ${when}, so nothing was adjudicated. ` +
    'Your orders stand and you may still change them; you will be told when the game runs again.';
  for (const nation of playerNations(config)) {
    const zone = config.nations[nation].player!.timezone ?? config.timezone;
    await tellPlayer(rt, at.gameId, config, nation, `${key}:${nation}`, `Turn ${at.turn} waits for the GM`, news(formatTime(heard, zone)));
  }
  const thread = threadOf(config);
  if (!thread?.posts) return;
  const { bold, escape } = shortPostMarkup(thread.markdown);
  await postInThread(rt, at.gameId, key, `${bold(`Turn ${at.turn} waits for the GM`)}\n\n${escape(news(formatTime(heard, config.timezone)))}`);
}
