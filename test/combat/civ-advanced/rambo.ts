// The creator's "Rambo" battles: one improved ancient unit against a row of +0 ancient units. In
// this system that is one battle of 1 against N: the greater side must match the lone unit's wave
// of 1, so every phase is one die against one die until one side is gone (docs/rules explains).
import { Dice, type Battle, type Combatant } from '../../../src/engine/index.ts';
import { civAdvancedCombat } from '../../../src/combat/civ-advanced/index.ts';

const ancient = (id: string, nation: string, modifier: number): Combatant => ({ id, nation, type: 'army', era: 1, class: 'infantry', modifier });

export function ramboBattle(modifier: number, enemies: number): Battle {
  return {
    place: 'open field',
    sides: [
      { nation: 'rambo', role: 'attacker', units: [ancient('rambo', 'rambo', modifier)] },
      { nation: 'row', role: 'defender', units: Array.from({ length: enemies }, (_, i) => ancient(`row-${i + 1}`, 'row', 0)) },
    ],
  };
}

/**
 * The exact chance the lone unit destroys all N and survives. Each phase it kills when its die
 * (sixes as fives) plus its modifier reaches 5 points, and dies when the enemy's die shows 5 or 6;
 * phases where neither happens change nothing, so each enemy is a race won with
 * P(kill and survive) / (P(kill and survive) + P(die)), and the N races are independent.
 */
export function ramboWinChance(modifier: number, enemies: number): number {
  const faces = [1, 2, 3, 4, 5, 5];
  const kills = faces.filter((f) => f + modifier >= 5).length / 6;
  const dies = faces.filter((f) => f >= 5).length / 6;
  const killsAndLives = kills * (1 - dies);
  return (killsAndLives / (killsAndLives + dies)) ** enemies;
}

export interface RamboMeasure {
  battles: number;
  wins: number;
  percent: number;
  /** Standard error of the percentage, for the tolerance. */
  standardErrorPercent: number;
  seconds: number;
}

/** Seeded battles, a fresh Dice per thousand so the recorded draws stay small. */
export function measureRambo(modifier: number, enemies: number, battles: number, seed: string): RamboMeasure {
  const battle = ramboBattle(modifier, enemies);
  const started = performance.now();
  let wins = 0;
  let dice = Dice.seeded(`${seed}/0`);
  for (let i = 0; i < battles; i++) {
    if (i % 1000 === 0) dice = Dice.seeded(`${seed}/${i / 1000}`);
    if (civAdvancedCombat.fight(battle, dice).winner === 'rambo') wins += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const p = wins / battles;
  return { battles, wins, percent: 100 * p, standardErrorPercent: 100 * Math.sqrt((p * (1 - p)) / battles), seconds };
}
