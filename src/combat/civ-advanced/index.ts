// Civilization advanced combat (Jeremy Kraybill's variant v1.4) as a CombatSystem. What a ruleset
// supplies (unit fields, battle context, battle plans) is documented in types.ts and options.ts.
import type { CombatSystem } from '../../engine/index.ts';
import { fightCivAdvanced } from './battle.ts';
import { civAdvancedReport } from './report.ts';

export const civAdvancedCombat: CombatSystem = {
  id: 'civ-advanced',
  title: 'Civilization advanced combat (waves, damage totals, aircraft support)',
  fight: fightCivAdvanced,
  report: civAdvancedReport,
};

export { civAdvancedContextSchema, civAdvancedOptionsSchema, civAdvancedPlanSchema, CivAdvancedError, type CivAdvancedOptions } from './options.ts';
export { defaultUnitTable, unitTableSchema } from './unit-table.ts';
export { parseUnitTableFile, readUnitTableFile, type UnitTableProblem } from './unit-table-file.ts';
export { unitClasses } from './types.ts';
export type * from './types.ts';
