// The standing news of a step: nations that went out in it, and, in the last step, how the game
// ended. The same sentences open the public update, every report and the GM's summary.
import { counted, listOf, nation, say, type GameEnd, type Sentence } from '../engine/index.ts';
import { nationsOut } from '../game/game-standing.ts';
import type { Game } from '../game/open-game.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { namesFor } from './report-common.ts';
import { plainSentence } from './sentences.ts';

export function standingNews(game: Game, record: Pick<TurnRecord, 'stateBefore' | 'stateAfter' | 'end'>): Sentence[] {
  const before = new Set(nationsOut(game, record.stateBefore));
  const news: Sentence[] = nationsOut(game, record.stateAfter)
    .filter((n) => !before.has(n))
    .map((n) => say`${nation(n)} is out of the game.`);
  if (record.end) news.push(endSentence(record.end));
  return news;
}

/** How the game ended, in one plain sentence (a page's status line). */
export function endWords(game: Game, end: GameEnd): string {
  return plainSentence(endSentence(end), namesFor(game, game.ruleset.publicView(game.ctx, game.state, [])));
}

function endSentence(end: GameEnd): Sentence {
  const score = end.standing[0]?.score ?? 0;
  const holding = counted(score, end.counts);
  const winners = listOf(end.winners.map((w) => [nation(w)]));
  if (end.why === 'gm') return gmEnd(winners, end.winners.length);
  if (!end.winners.length) return say`The game is over: every nation is out, and nobody wins.`;
  if (end.why === 'last-standing') return [...say`The game is over: `, ...winners, ...say` is the last nation standing and wins.`];
  const lead = end.why === 'last-turn' ? 'The game is over after its last turn' : 'The game is over';
  if (end.winners.length > 1) return [`${lead}: a draw between `, ...winners, `, holding ${holding} each.`];
  return [`${lead}: `, ...winners, ` wins, holding ${holding}.`];
}

/** The GM's end names who won, which need not be who holds most: no counts are claimed. */
function gmEnd(winners: Sentence, count: number): Sentence {
  if (!count) return say`The GM ended the game, with no winner.`;
  if (count > 1) return ['The GM ended the game: a draw between ', ...winners, '.'];
  return ['The GM ended the game: ', ...winners, ' wins.'];
}
