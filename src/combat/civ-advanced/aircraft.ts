// Aircraft: every phase they support one class of the wave, at most one aircraft per unit of that
// class, and fall one for one with the supported units that die.
import { planRank } from './fighters.ts';
import { unitClasses, type ChoiceSource, type CivAdvancedPlan, type Fighter, type UnitClass } from './types.ts';

const supportable = unitClasses.filter((c) => c !== 'aircraft');

/** Average of a die whose six counts as five. */
export const meanFace = (1 + 2 + 3 + 4 + 5 + 5) / 6;

export interface AircraftSupport {
  support: UnitClass | null;
  choice: ChoiceSource;
  /** In roll order. */
  flying: Fighter[];
  idle: Fighter[];
}

export function chooseSupport(wave: readonly Fighter[], aircraft: readonly Fighter[], plan: CivAdvancedPlan | null): AircraftSupport {
  const planned = plan?.aircraftSupport === undefined ? [] : [plan.aircraftSupport].flat();
  const fromPlan = planned.find((c) => countOf(wave, c) > 0);
  const support = fromPlan ?? defaultSupport(wave, aircraft.length);
  if (!support) return { support: null, choice: 'default', flying: [], idle: [...aircraft] };
  const flying = new Set(strongestFirst(aircraft).slice(0, countOf(wave, support)));
  return {
    support,
    choice: fromPlan ? 'battle plan' : 'default',
    flying: aircraft.filter((a) => flying.has(a)),
    idle: aircraft.filter((a) => !flying.has(a)),
  };
}

/**
 * The class that lets the most aircraft fly; on a tie, the class whose oldest unit is newest (under
 * "older-era units must die first" it is the last to fall, taking its aircraft with it).
 */
function defaultSupport(wave: readonly Fighter[], aircraft: number): UnitClass | null {
  let best: UnitClass | null = null;
  let bestFlying = 0;
  let bestOldest = 0;
  for (const c of supportable) {
    const units = wave.filter((u) => u.class === c);
    if (units.length === 0) continue;
    const flying = Math.min(units.length, aircraft);
    const oldest = Math.min(...units.map((u) => u.era));
    if (flying > bestFlying || (flying === bestFlying && oldest > bestOldest)) {
      [best, bestFlying, bestOldest] = [c, flying, oldest];
    }
  }
  return best;
}

/** Expected aircraft damage for a wave under the default support choice: used to weigh waves. */
export function expectedAircraftDamage(wave: readonly Fighter[], aircraft: readonly Fighter[]): number {
  if (aircraft.length === 0) return 0;
  const support = defaultSupport(wave, aircraft.length);
  if (!support) return 0;
  return strongestFirst(aircraft)
    .slice(0, countOf(wave, support))
    .reduce((n, a) => n + a.aircraftDice * meanFace + a.modifier, 0);
}

/** The flying aircraft that fall with the supported units killed this phase, one for one. */
export function aircraftLosses(killed: readonly Fighter[], support: UnitClass | null, flying: readonly Fighter[], plan: CivAdvancedPlan | null): Fighter[] {
  const falling = countOf(killed, support);
  if (falling === 0) return [];
  const order = [...flying].sort(
    (a, b) => a.era - b.era || planRank(plan?.casualties, a) - planRank(plan?.casualties, b) || a.aircraftDice - b.aircraftDice || a.order - b.order,
  );
  return order.slice(0, falling);
}

function countOf(units: readonly Fighter[], c: UnitClass | null): number {
  let n = 0;
  for (const u of units) if (u.class === c) n += 1;
  return n;
}

function strongestFirst(aircraft: readonly Fighter[]): Fighter[] {
  return [...aircraft].sort((a, b) => b.aircraftDice - a.aircraftDice || b.modifier - a.modifier || a.order - b.order);
}
