// Turns a ruleset's Combatants into Fighters: each unit's era, class and modifiers, from the unit
// table unless the Combatant says otherwise. Also how units are named in notes ("3 swordsmen").
import type { Combatant } from '../../engine/index.ts';
import { CivAdvancedError } from './options.ts';
import { unitClasses, type Fighter, type UnitClass, type UnitTable } from './types.ts';

export function toFighter(unit: Combatant, order: number, table: UnitTable, place: string): Fighter {
  const kind = typeof unit.unitKind === 'string' ? unit.unitKind : unit.type;
  const entry = table[kind];
  const era = numberField(unit, 'era') ?? entry?.era;
  const unitClass = classField(unit) ?? entry?.class;
  if (era === undefined || unitClass === undefined) {
    throw new CivAdvancedError(
      `civ-advanced battle in ${place}: unit ${unit.id} (${unit.nation}) is "${kind}", which the unit table does not list; ` +
        `give it an era and a class, or add "${kind}" to the table (known: ${Object.keys(table).join(', ')}).`,
    );
  }
  const aircraftDice = unitClass === 'aircraft' ? (numberField(unit, 'aircraftDice') ?? entry?.aircraftDice ?? 1) : 0;
  const modifier = (numberField(unit, 'modifier') ?? entry?.modifier ?? 0) + (numberField(unit, 'enhancement') ?? 0);
  return {
    id: unit.id,
    nation: unit.nation,
    kind,
    singular: entry?.singular ?? kind,
    era,
    class: unitClass,
    modifier,
    aircraftDice,
    order,
    profile: `${kind}|${era}|${unitClass}|${modifier}|${aircraftDice}`,
  };
}

function numberField(unit: Combatant, field: string): number | undefined {
  const value = unit[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new CivAdvancedError(`civ-advanced: unit ${unit.id} has ${field} ${JSON.stringify(value)}; it must be a whole number.`);
  }
  if (field === 'era' && value < 1) throw new CivAdvancedError(`civ-advanced: unit ${unit.id} has era ${value}; eras start at 1 (ancient).`);
  return value;
}

function classField(unit: Combatant): UnitClass | undefined {
  const value = unit.class;
  if (value === undefined) return undefined;
  if (!unitClasses.includes(value as UnitClass)) {
    throw new CivAdvancedError(`civ-advanced: unit ${unit.id} has class ${JSON.stringify(value)}; classes are ${unitClasses.join(', ')}.`);
  }
  return value as UnitClass;
}

/** True when a plan entry names this unit: its kind (plural or singular) or its class. */
export function planNames(entry: string, unit: Fighter): boolean {
  const name = entry.trim().toLowerCase();
  return name === unit.kind.toLowerCase() || name === unit.singular.toLowerCase() || name === unit.class;
}

/** Index of the first plan entry naming the unit; units the plan does not name come after all it names. */
export function planRank(entries: readonly string[] | undefined, unit: Fighter): number {
  if (!entries) return 0;
  const index = entries.findIndex((entry) => planNames(entry, unit));
  return index < 0 ? entries.length : index;
}

/** "3 swordsmen, 1 catapult", kinds in the order they first appear. */
export function describeUnits(units: readonly Fighter[]): string {
  if (units.length === 0) return 'no units';
  const counts = new Map<string, { n: number; singular: string }>();
  for (const u of units) {
    const c = counts.get(u.kind) ?? { n: 0, singular: u.singular };
    c.n += 1;
    counts.set(u.kind, c);
  }
  return [...counts].map(([kind, c]) => `${c.n} ${c.n === 1 ? c.singular : kind}`).join(', ');
}

const eraNames = ['ancient', 'medieval', 'gunpowder', 'modern'];

export function eraName(era: number): string {
  return eraNames[era - 1] ?? `era ${era}`;
}

/** Units in the order their dice are rolled. */
export function byRollOrder(units: readonly Fighter[]): Fighter[] {
  return [...units].sort((a, b) => a.order - b.order);
}
