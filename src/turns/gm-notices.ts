// Mail to the GM when a game needs a decision: the service was down across a deadline, orders are
// missing in a "wait" game, a player keeps missing turns, an adjudication failed. Each goes through
// the outbox under a key naming the step, so a repeated notice is never sent twice.
import type { GameFile } from '../game/game-file.ts';
import { taggedSubject } from '../game/subject-tag.ts';
import { formatTime } from './schedule.ts';
import { mailFrom, type TurnRuntime } from './turn-runtime.ts';

export async function tellGm(rt: TurnRuntime, gameId: string, config: GameFile, key: string, subject: string, text: string): Promise<void> {
  await rt.outbox.record(gameId, {
    key: `gm:${key}`,
    from: mailFrom(config, rt.settings),
    to: [config.gm.email],
    subject: taggedSubject(gameId, subject),
    text: text.endsWith('\n') ? text : `${text}\n`,
  });
  rt.logger.info({ gameId, notice: key }, subject);
}

function when(config: GameFile, at: Date): string {
  return formatTime(at, config.gm.timezone ?? config.timezone);
}

export function downNotice(config: GameFile, turn: number, deadline: Date, lastSeen: Date | null, leftMs: number): string {
  const seen = lastSeen ? `Adjutant was last running at ${when(config, lastSeen)}` : 'Adjutant has no record of running before now';
  return [
    `${seen}, and the deadline of turn ${turn} (${when(config, deadline)}) passed while it was down.`,
    'Nothing has been adjudicated. Reply with one word:',
    `  RESUME   reopen orders, with the time players had left (${Math.round(leftMs / 60_000)} minutes, at least the minimum notice)`,
    '  PROCESS  adjudicate now with the orders in force',
  ].join('\n');
}

export function missingNotice(turn: number, missing: readonly string[]): string {
  return [
    `The deadline of turn ${turn} passed without orders from ${missing.join(', ')}, and this game waits for you when orders are missing.`,
    'It adjudicates as soon as the last orders arrive. Or reply with one word:',
    '  PROCESS  adjudicate now (nations without orders hold)',
    '  RESUME   give the players a new deadline',
  ].join('\n');
}

export function missedNotice(config: GameFile, nation: string, turns: number): string {
  const n = config.nations[nation];
  const who = n?.player ? `${n.name} (${n.player.name}, ${n.player.email})` : (n?.name ?? nation);
  return `${who} has now missed ${turns} turns in a row. You may want to find a replacement player, or record an absence.`;
}

export function failureNotice(turn: number, what: string, error: Error): string {
  return [
    `${what} for turn ${turn} failed and will not be retried: ${error.message}`,
    'Nothing was committed for this step. Fix the cause (the game files, or report a bug in the ruleset), then reply PROCESS to try again.',
  ].join('\n');
}
