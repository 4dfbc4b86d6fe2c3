// A side's damage total for one phase, line by line in the summary chart's order: base roll,
// aircraft support roll, unit modifiers, scientific superiority, CIA bonus, settlement penalty.
import { counted, type Dice } from '../../engine/index.ts';
import { eraName } from './fighters.ts';
import type { CivAdvancedOptions } from './options.ts';
import type { DieRecord, Fighter, TotalLine, UnitClass } from './types.ts';

/** Cavalry beats infantry, infantry beats artillery, artillery beats cavalry. */
const beats: ReadonlyArray<[UnitClass, UnitClass]> = [
  ['cavalry', 'infantry'],
  ['infantry', 'artillery'],
  ['artillery', 'cavalry'],
];

/** "Sixes count as fives for all dice rolls." */
export const bestFace = 5;

export interface TotalInput {
  nation: string;
  /** Regular units of the wave, in roll order. */
  wave: readonly Fighter[];
  /** Aircraft flying with the wave this phase, in roll order. */
  flying: readonly Fighter[];
  enemyWave: readonly Fighter[];
  /** Technologies this side and the other control, when the battle's context gives them. */
  technologies: { mine: number; theirs: number } | null;
  /** Only for the attacker of a settlement. */
  settlement: { perUnit: number; defenders: number; why: string } | null;
  options: Pick<CivAdvancedOptions, 'ciaPairing' | 'scienceRounding'>;
}

export function rollDamageDice(input: TotalInput, dice: Dice, where: string): DieRecord[] {
  const roll = (unit: Fighter, label: string, i: number, of: number) => dieRecord(unit, dice.roll(6, `${where}, ${input.nation} ${label} roll ${i + 1}/${of}`));
  return [...input.wave.map((u, i) => roll(u, 'base', i, input.wave.length)), ...input.flying.map((u, i) => roll(u, 'aircraft', i, input.flying.length))];
}

/** The rolls every die showing its best face would give: to tell whether a side can destroy anything. */
export function bestDamageDice(input: TotalInput): DieRecord[] {
  return [...input.wave, ...input.flying].map((u) => dieRecord(u, bestFace));
}

function dieRecord(unit: Fighter, face: number): DieRecord {
  const counted = Math.min(face, bestFace);
  const times = unit.class === 'aircraft' ? unit.aircraftDice : unit.era;
  return { unit: unit.id, kind: unit.kind, face, counted, times, value: counted * times };
}

/** The total and its lines; `explain: false` leaves the details out, for totals nobody reads. */
export function damageTotal(input: TotalInput, rolls: readonly DieRecord[], explain = true): { lines: TotalLine[]; total: number } {
  const lines: TotalLine[] = [];
  let total = 0;
  const add = (step: TotalLine['step'], amount: number, detail: () => string) => {
    total += amount;
    lines.push({ step, amount, runningTotal: total, detail: explain ? detail() : '' });
  };
  // Rolls come as the wave's dice, then the flying aircraft's.
  const baseRolls = rolls.slice(0, input.wave.length);
  const aircraftRolls = rolls.slice(input.wave.length);

  add('base', sum(baseRolls), () => diceDetail(baseRolls, eraName));
  if (aircraftRolls.length) add('aircraft', sum(aircraftRolls), () => diceDetail(aircraftRolls, (times) => `aircraft x${times}`));
  const modified = [...input.wave, ...input.flying].filter((u) => u.modifier !== 0);
  add(
    'unit modifiers',
    modified.reduce((n, u) => n + u.modifier, 0),
    () => modifierDetail(modified),
  );
  const tech = input.technologies;
  if (tech) {
    const amount = science(input.wave.length, tech.mine - tech.theirs, input.options.scienceRounding);
    const versus = `${counted(tech.mine, 'technology')} against ${tech.theirs}`;
    const units = counted(input.wave.length, 'unit');
    add('scientific superiority', amount, () => (amount ? `${versus}: +1 per unit per 2 technologies ahead, ${units}` : `${versus}: no superiority`));
  }
  const cia = ciaBonus(input.wave, input.enemyWave, input.options.ciaPairing);
  add('CIA', cia.amount, () => cia.matches.map((m) => `${m.count} ${m.attacker} against ${m.target}: +${m.bonus}`).join('; ') || 'no match');
  if (input.settlement) {
    const { perUnit, defenders, why } = input.settlement;
    add('settlement penalty', -perUnit * defenders, () => `attacking a settlement held by ${counted(defenders, 'army unit')}: -${perUnit} each (${why})`);
  }
  return { lines, total };
}

export interface CiaMatch {
  attacker: UnitClass;
  target: UnitClass;
  count: number;
  bonus: number;
}

/** CIA: each unit of a class with a unit of the class it beats facing it adds its era, one to one. */
export function ciaBonus(
  mine: readonly Fighter[],
  theirs: readonly Fighter[],
  pairing: CivAdvancedOptions['ciaPairing'],
): { amount: number; matches: CiaMatch[] } {
  let amount = 0;
  const matches: CiaMatch[] = [];
  for (const [attacker, target] of beats) {
    let targets = 0;
    for (const u of theirs) if (u.class === target) targets += 1;
    if (targets === 0) continue;
    const eras: number[] = [];
    for (const u of mine) if (u.class === attacker) eras.push(u.era);
    if (eras.length === 0) continue;
    eras.sort(pairing === 'strongest' ? (a, b) => b - a : (a, b) => a - b);
    const count = Math.min(targets, eras.length);
    let bonus = 0;
    for (let i = 0; i < count; i++) bonus += eras[i];
    amount += bonus;
    matches.push({ attacker, target, count, bonus });
  }
  return { amount, matches };
}

/** "+1 per unit per 2 technologies you control above the opposing player (round total down)". */
function science(units: number, lead: number, rounding: CivAdvancedOptions['scienceRounding']): number {
  if (lead <= 0) return 0;
  return rounding === 'total' ? Math.floor((units * lead) / 2) : units * Math.floor(lead / 2);
}

function sum(rolls: readonly DieRecord[]): number {
  return rolls.reduce((n, r) => n + r.value, 0);
}

function diceDetail(rolls: readonly DieRecord[], label: (times: number) => string): string {
  const groups = new Map<number, DieRecord[]>();
  for (const r of rolls) {
    const group = groups.get(r.times);
    if (group) group.push(r);
    else groups.set(r.times, [r]);
  }
  return [...groups]
    .map(([times, group]) => {
      const shown = group.map((r) => r.face).join(' ');
      const faces = group.reduce((n, r) => n + r.counted, 0);
      const sixes = group.some((r) => r.face > r.counted) ? ' (sixes count as fives)' : '';
      return `${counted(group.length, 'die')} (${label(times)}) showing ${shown}${sixes} = ${faces} x ${times} = ${faces * times}`;
    })
    .join('; ');
}

function modifierDetail(units: readonly Fighter[]): string {
  if (units.length === 0) return 'none';
  const byKind = new Map<string, { n: number; modifier: number }>();
  for (const u of units) {
    const key = `${u.kind} ${u.modifier}`;
    const g = byKind.get(key) ?? { n: 0, modifier: u.modifier };
    g.n += 1;
    byKind.set(key, g);
  }
  return [...byKind].map(([key, g]) => `${g.n} ${key.split(' ')[0]} ${g.modifier > 0 ? '+' : ''}${g.modifier} each`).join(', ');
}
