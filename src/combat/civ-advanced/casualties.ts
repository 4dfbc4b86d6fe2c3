// Which units of a wave a side loses to the damage dealt to it. Whole units only ("there is no
// partial damage"), each taking 5 points per era, and "older-era units must die before newer-era
// units"; within an era the battle plan's order, else the default: units without aircraft support
// first (each supported unit takes an aircraft down with it), then the weakest.
import { planRank } from './fighters.ts';
import type { CivAdvancedPlan, Fighter, UnitClass } from './types.ts';

export const damagePointsPerEra = 5;

export function damagePoints(unit: Fighter): number {
  return damagePointsPerEra * unit.era;
}

export function chooseCasualties(
  wave: readonly Fighter[],
  damage: number,
  plan: CivAdvancedPlan | null,
  supported: UnitClass | null,
): { killed: Fighter[]; absorbed: number } {
  const order = [...wave].sort(
    (a, b) =>
      a.era - b.era ||
      planRank(plan?.casualties, a) - planRank(plan?.casualties, b) ||
      Number(a.class === supported) - Number(b.class === supported) ||
      a.modifier - b.modifier ||
      a.order - b.order,
  );
  const killed: Fighter[] = [];
  let left = damage;
  // Points never decrease along this order (era first), so the first unit the damage cannot pay
  // for ends the choice: every later unit costs at least as much.
  for (const unit of order) {
    if (left < damagePoints(unit)) break;
    left -= damagePoints(unit);
    killed.push(unit);
  }
  return { killed, absorbed: damage - left };
}
