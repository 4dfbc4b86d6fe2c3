// "Decide target ... attacking units are biased and are more likely to choose enemy units that they
// will have a better time killing." The heuristic (docs/rules/cnes.md): each shooter aims at the
// enemy it is likeliest to kill; among equal chances, at the one fewest shots are aimed at this
// heat, then the first in the army's list. Splash attacks take the soft (unarmoured) targets first.
import { killChance, type Fighter, type ShotKind } from './shots.ts';

export function chooseTarget(shooter: Fighter, enemies: readonly Fighter[], aimed: Map<string, number>, kind: ShotKind): Fighter | undefined {
  let best: Fighter | undefined;
  let bestChance = -1;
  for (const enemy of enemies) {
    const chance = killChance(shooter, enemy, kind);
    if (chance > bestChance + 1e-12 || (Math.abs(chance - bestChance) <= 1e-12 && (aimed.get(enemy.id) ?? 0) < (aimed.get(best!.id) ?? 0))) {
      best = enemy;
      bestChance = chance;
    }
  }
  return best;
}

/** The extra targets of splash damage: as many as `count`, none twice, the primary target left out. */
export function splashTargets(
  shooter: Fighter,
  enemies: readonly Fighter[],
  primary: string,
  count: number,
  aimed: Map<string, number>,
  kind: ShotKind,
): Fighter[] {
  const chosen: Fighter[] = [];
  const left = enemies.filter((e) => e.id !== primary);
  while (chosen.length < count && left.length) {
    const soft = left.filter((e) => e.arm === 0);
    const pick = chooseTarget(shooter, soft.length ? soft : left, aimed, kind)!;
    chosen.push(pick);
    left.splice(left.indexOf(pick), 1);
  }
  return chosen;
}
