// The Military Units Strength Table ("page 21 of the rulebook"), as far as the variant's own
// examples state it. A game may carry its own table (examples/civ-advanced-units.yaml is this one):
// the edge loads it with unit-table-file.ts and passes it as `options.units`.
import { z } from 'zod';
import { unitClasses, type UnitTable } from './types.ts';

const unitEntrySchema = z
  .strictObject({
    singular: z.string().min(1).optional(),
    era: z.number().int().min(1, 'the era is 1 (ancient) or more'),
    class: z.enum(unitClasses),
    modifier: z.number().int().default(0),
    aircraftDice: z.number().int().min(1, 'an aircraft die is multiplied by 1 or more').optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.class === 'aircraft' && entry.aircraftDice === undefined) {
      ctx.addIssue({ code: 'custom', path: ['aircraftDice'], message: 'aircraft need aircraftDice (what each aircraft die is multiplied by)' });
    }
    if (entry.class !== 'aircraft' && entry.aircraftDice !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['aircraftDice'], message: 'only aircraft have aircraftDice' });
    }
  });

export const unitTableSchema = z.record(z.string().min(1), unitEntrySchema);

// Every value below is stated or implied by the variant's examples, except where a comment says not.
export const defaultUnitTable: Readonly<UnitTable> = Object.freeze({
  // "3 for his swordsmen (enhancement is +1 each)"
  swordsmen: { singular: 'swordsman', era: 1, class: 'infantry', modifier: 1 },
  // "He rolls two dice for a 6, and has no bonuses"
  chariots: { singular: 'chariot', era: 1, class: 'cavalry', modifier: 0 },
  // "+1 per catapult"
  catapults: { singular: 'catapult', era: 1, class: 'artillery', modifier: 1 },
  // "multiplies this by 2" ... "her medieval cavalry"
  knights: { singular: 'knight', era: 2, class: 'cavalry', modifier: 0 },
  // "+2 per galleon"; the era is not stated (galleons are the medieval ship here; edit if your rulebook differs)
  galleons: { singular: 'galleon', era: 2, class: 'naval', modifier: 2 },
  // "Bob rolls six dice for the tanks and machinegunners ... multiplies by 4" and "no modifiers"
  tanks: { singular: 'tank', era: 4, class: 'cavalry', modifier: 0 },
  machinegunners: { singular: 'machinegunner', era: 4, class: 'infantry', modifier: 0 },
  // "two dice for his biplanes, and gets a 7" (times 1); era not stated: for aircraft it only orders which fall first
  biplanes: { singular: 'biplane', era: 3, class: 'aircraft', modifier: 0, aircraftDice: 1 },
  // "monoplanes roll one die each, and multiply the result by 2"
  monoplanes: { singular: 'monoplane', era: 4, class: 'aircraft', modifier: 0, aircraftDice: 2 },
});
