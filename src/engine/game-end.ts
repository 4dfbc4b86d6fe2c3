// When a nation is out and when the game is over, decided from what forum readers may know (the
// public view) after each step, so the reasons given to players never rest on a secret. A ruleset
// says what its standing counts (provinces, supply centres); the game says the winning count and
// the last turn (game.yaml `end`); a game with one nation left is over whatever it says.
import type { PublicView, RulesetContext } from './ruleset.ts';

export type PublicNation = PublicView['nations'][number];

export interface StandingRules<O = Record<string, unknown>> {
  /** What the count counts, one of them in players' words ("province", "supply centre"). */
  counts: string;
  score(nation: PublicNation): number;
  /** Out of the game: nothing left to order or to hold. */
  eliminated(nation: PublicNation): boolean;
  /** The count that wins when game.yaml sets none; absent, only the last nation standing wins. */
  defaultTarget?(ctx: RulesetContext<O>): number | undefined;
}

/** Without rules of its own, a ruleset counts provinces, and a nation with no province and no unit is out. */
export const provinceStanding: StandingRules<unknown> = {
  counts: 'province',
  score: (n) => n.provinces,
  eliminated: (n) => n.provinces === 0 && n.units === 0,
};

export interface EndRule {
  /** Holding this many (of what the standing counts) after a step wins. */
  target?: number;
  /** Once this turn has been played, the game is over and the highest count wins. */
  lastTurn?: number;
}

export interface GameEnd {
  /** The last turn played. */
  turn: number;
  /** `gm`: the GM ended it (END GAME), naming the winners or taking the standing as it was. */
  why: 'target' | 'last-standing' | 'last-turn' | 'gm';
  /** One nation, several sharing a draw (a tie), or none when every nation is out. */
  winners: string[];
  counts: string;
  /** Each nation still in, with its count, highest first: the final standing. */
  standing: Array<{ nation: string; score: number }>;
}

/**
 * Nations out of the game in `view`: left with nothing, having had something in `start` (a nation
 * that began with nothing waits for its start, as the GM set the game up, and is not out).
 */
export function eliminatedNations(rules: StandingRules<never>, start: PublicView, view: PublicView): string[] {
  const waiting = new Set(start.nations.filter((n) => rules.eliminated(n)).map((n) => n.id));
  return view.nations.filter((n) => rules.eliminated(n) && !waiting.has(n.id)).map((n) => n.id);
}

/** Each nation still in, with its count, highest first; and the nations sharing the highest count. */
export function standingOf(rules: StandingRules<never>, view: PublicView, out: readonly string[]): { standing: GameEnd['standing']; leaders: string[] } {
  const standing = view.nations
    .filter((n) => !out.includes(n.id))
    .map((n) => ({ nation: n.id, score: rules.score(n) }))
    .sort((a, b) => b.score - a.score || a.nation.localeCompare(b.nation));
  const best = standing[0]?.score ?? 0;
  return { standing, leaders: standing.filter((s) => s.score === best).map((s) => s.nation) };
}

/** The end of the game after the step of turn `played` that gave `view` and left the nations `out`, or null when it goes on. */
export function gameEnd(rules: StandingRules<never>, view: PublicView, out: readonly string[], rule: EndRule, played: number): GameEnd | null {
  const { standing, leaders } = standingOf(rules, view, out);
  const best = standing[0]?.score ?? 0;
  const end = (why: GameEnd['why'], winners: string[]): GameEnd => ({ turn: played, why, winners, counts: rules.counts, standing });
  if (view.nations.length > 1 && standing.length <= 1) return end('last-standing', leaders);
  if (rule.target !== undefined && best >= rule.target) return end('target', leaders);
  // The view's turn is the one about to be played: past the last turn means it has been played.
  if (rule.lastTurn !== undefined && view.turn > rule.lastTurn) return end('last-turn', leaders);
  return null;
}
