// The board NES dice rule. Each round X is the largest side's size; a side of n units rolls an
// n*X-sided die and deals roll/X hits. Losses are rounded down for the higher roll and up for the
// lower (both up on a tie); rounds repeat until at most one side is left. With more than two
// sides, a side's hits are split evenly among the others unless it aims at one nation.
import { counted, type Battle, type BattleResult, type BattleSide, type Combatant, type CombatSystem, type Dice } from '../../engine/index.ts';
import { boardNesDiceReport } from './report.ts';

interface LiveSide {
  side: BattleSide;
  /** Survivors in casualty order: the first listed is the first lost. */
  units: Combatant[];
}

export interface SideRoll {
  nation: string;
  role: BattleSide['role'];
  units: number;
  die: number;
  roll: number;
  /** Whom this side's hits went to: one aimed nation, or split among all the others. */
  hitsTo: string[];
  /** Hits received, as an exact fraction before rounding. */
  hitsTaken: { numerator: number; denominator: number };
  losses: number;
}

export const boardNesDice: CombatSystem = {
  id: 'board-nes-dice',
  title: 'Board NES dice (A*X against D*X, losses rounded by the higher roll)',
  fight(battle: Battle, dice: Dice): BattleResult {
    const sides: LiveSide[] = battle.sides.map((side) => ({ side, units: [...side.units] }));
    const killed: string[] = [];
    const rounds: Array<{ round: number; x: number; sides: SideRoll[] }> = [];
    const notes: string[] = [];
    for (const { side } of sides) {
      if (side.target && !sides.some((s) => s.side.nation === side.target && s.units.length)) {
        notes.push(`${side.nation} aimed at ${side.target}, who was not in this battle; its hits were split evenly.`);
      }
    }
    let alive = sides.filter((s) => s.units.length > 0);
    for (let round = 1; alive.length > 1; round++) {
      const x = Math.max(...alive.map((s) => s.units.length));
      const rolls = alive.map((s) => {
        const die = s.units.length * x;
        return dice.roll(die, `battle in ${battle.place}, round ${round}, ${s.side.nation} (${s.side.role}, ${counted(s.units.length, 'unit')}) rolls d${die}`);
      });
      const results = resolveRound(alive, rolls, x);
      rounds.push({ round, x, sides: results });
      alive.forEach((s, i) => killed.push(...s.units.splice(0, results[i].losses).map((u) => u.id)));
      alive = alive.filter((s) => s.units.length > 0);
    }
    return { killed, winner: alive[0]?.side.nation ?? null, rounds, notes };
  },
  report: boardNesDiceReport,
};

/** Who a side's hits go to this round: its aimed nation if still standing, else every other side. */
function receivers(alive: LiveSide[], from: number): number[] {
  const aimed = alive.findIndex((s, i) => i !== from && s.side.nation === alive[from].side.target);
  if (aimed >= 0) return [aimed];
  return alive.map((_, i) => i).filter((i) => i !== from);
}

function resolveRound(alive: LiveSide[], rolls: number[], x: number): SideRoll[] {
  // Exact arithmetic: every share is a multiple of 1 / (X * (sides - 1)), so hits are kept as
  // numerators over that denominator and rounded only once, on the receiving side.
  const split = alive.length - 1;
  const denominator = x * split;
  const taken = alive.map(() => 0);
  const hitters = alive.map(() => [] as number[]);
  const targets = alive.map((_, i) => receivers(alive, i));
  targets.forEach((to, from) => {
    for (const i of to) {
      taken[i] += rolls[from] * (split / to.length);
      hitters[i].push(from);
    }
  });
  return alive.map((s, i) => {
    // "Round the losses down for the one who got the higher roll": higher than every side that hit it.
    const higher = hitters[i].every((j) => rolls[i] > rolls[j]);
    const exact = taken[i] / denominator;
    const losses = taken[i] === 0 ? 0 : Math.min(s.units.length, higher ? Math.floor(exact) : Math.ceil(exact));
    return {
      nation: s.side.nation,
      role: s.side.role,
      units: s.units.length,
      die: s.units.length * x,
      roll: rolls[i],
      hitsTo: targets[i].map((j) => alive[j].side.nation),
      hitsTaken: { numerator: taken[i], denominator },
      losses,
    };
  });
}
