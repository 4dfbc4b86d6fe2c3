// Civilization advanced combat (Jeremy Kraybill's variant v1.4) as a CombatSystem. What a ruleset
// supplies (unit fields, battle context, battle plans) is documented in types.ts and options.ts.
import type { CombatSystem } from '../../engine/index.ts';
import { fightCivAdvanced } from './battle.ts';
import { civAdvancedReport } from './report.ts';
import { readUnitTableFile } from './unit-table-file.ts';

/** A civ-advanced game's unit table (examples/civ-advanced-units.yaml shows the format). */
export const UNIT_TABLE_FILE = 'units.yaml';

export const civAdvancedCombat: CombatSystem = {
  id: 'civ-advanced',
  title: 'Civilization advanced combat (waves, damage totals, aircraft support)',
  fight: fightCivAdvanced,
  report: civAdvancedReport,
  dataFiles: [
    {
      file: UNIT_TABLE_FILE,
      what: 'unit table',
      option: ['civAdvanced', 'units'],
      read(text) {
        const { table, problems } = readUnitTableFile(text, UNIT_TABLE_FILE);
        return { value: table, problems: problems.map(({ file: _file, ...rest }) => rest) };
      },
    },
  ],
};

export { civAdvancedContextSchema, civAdvancedOptionsSchema, civAdvancedPlanSchema, CivAdvancedError, type CivAdvancedOptions } from './options.ts';
export { defaultUnitTable, unitTableSchema } from './unit-table.ts';
export { parseUnitTableFile, readUnitTableFile, type UnitTableProblem } from './unit-table-file.ts';
export { unitClasses } from './types.ts';
export type * from './types.ts';
