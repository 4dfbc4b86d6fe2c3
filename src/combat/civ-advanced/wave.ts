// The wave a side puts forward in a phase. The smaller army puts every unit forward; the greater one
// picks as many units as the smaller has, from its battle plan's preferences when it has one, and
// otherwise by the default: the wave with the best expected damage (dice, modifiers, CIA matches,
// aircraft it lets fly) less the CIA bonus it hands the enemy.
import { expectedAircraftDamage, meanFace } from './aircraft.ts';
import { ciaBonus } from './damage.ts';
import { byRollOrder, planNames } from './fighters.ts';
import type { CivAdvancedOptions } from './options.ts';
import type { ChoiceSource, CivAdvancedPlan, Fighter } from './types.ts';

export interface WaveSide {
  units: readonly Fighter[];
  aircraft: readonly Fighter[];
  plan: CivAdvancedPlan | null;
}

export function chooseWave(
  side: WaveSide,
  size: number,
  enemyWave: readonly Fighter[],
  pairing: CivAdvancedOptions['ciaPairing'],
): { wave: Fighter[]; choice: ChoiceSource; byDefault: number } {
  if (side.units.length <= size) return { wave: byRollOrder(side.units), choice: 'whole army', byDefault: 0 };
  const score = (wave: readonly Fighter[]) => waveScore(wave, side.aircraft, enemyWave, pairing);
  const wave = side.plan?.wave ? fromPlan(side.plan.wave, side.units, size) : [];
  const choice: ChoiceSource = wave.length > 0 ? 'battle plan' : 'default';
  const planned = wave.length;
  while (wave.length < size) wave.push(bestAddition(wave, side.units, score));
  return { wave: byRollOrder(wave), choice, byDefault: wave.length - planned };
}

function fromPlan(entries: readonly string[], units: readonly Fighter[], size: number): Fighter[] {
  const wave: Fighter[] = [];
  const taken = new Set<Fighter>();
  for (const entry of entries) {
    // An entry naming a class takes its strongest units first.
    const named = units.filter((u) => !taken.has(u) && planNames(entry, u)).sort((a, b) => strength(b) - strength(a) || a.order - b.order);
    for (const unit of named) {
      if (wave.length === size) return wave;
      wave.push(unit);
      taken.add(unit);
    }
  }
  return wave;
}

/** Greedy: the unit whose addition scores best; identical units are weighed once. */
function bestAddition(wave: readonly Fighter[], units: readonly Fighter[], score: (wave: readonly Fighter[]) => number): Fighter {
  const inWave = new Set(wave);
  const profiles = new Map<string, Fighter>();
  for (const unit of byRollOrder(units)) {
    if (!inWave.has(unit) && !profiles.has(unit.profile)) profiles.set(unit.profile, unit);
  }
  const candidates = [...profiles.values()];
  if (candidates.length === 0) throw new Error('chooseWave asked for more units than the side has');
  if (candidates.length === 1) return candidates[0];
  let best = candidates[0];
  let bestScore = -Infinity;
  for (const unit of candidates) {
    const s = score([...wave, unit]);
    if (s > bestScore) [best, bestScore] = [unit, s];
  }
  return best;
}

function waveScore(wave: readonly Fighter[], aircraft: readonly Fighter[], enemyWave: readonly Fighter[], pairing: CivAdvancedOptions['ciaPairing']): number {
  let own = 0;
  for (const u of wave) own += strength(u);
  own += ciaBonus(wave, enemyWave, pairing).amount + expectedAircraftDamage(wave, aircraft);
  return own - ciaBonus(enemyWave, wave, pairing).amount;
}

function strength(unit: Fighter): number {
  return unit.era * meanFace + unit.modifier;
}
