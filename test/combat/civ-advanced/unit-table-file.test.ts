import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Dice } from '../../../src/engine/index.ts';
import { civAdvancedCombat, civAdvancedOptionsSchema, defaultUnitTable, parseUnitTableFile } from '../../../src/combat/civ-advanced/index.ts';

const example = readFileSync(new URL('../../../examples/civ-advanced-units.yaml', import.meta.url), 'utf8');

describe('civ-advanced unit table file', () => {
  it('the example file holds exactly the default table', () => {
    const result = parseUnitTableFile(example, 'civ-advanced-units.yaml');
    expect(result).toEqual({ ok: true, table: defaultUnitTable });
    expect(civAdvancedOptionsSchema.parse({}).units).toEqual(defaultUnitTable);
  });

  it('gives a table the combat system fights with', () => {
    const text = ['units:', '  legions: { era: 1, class: infantry, modifier: 3 }', '  archers: { era: 1, class: artillery }'].join('\n');
    const result = parseUnitTableFile(text, 'units.yaml');
    if (!result.ok) throw new Error(result.error);
    expect(result.table.archers.modifier).toBe(0);
    const unit = (id: string, nation: string, unitKind: string) => ({ id, nation, type: 'army', unitKind });
    const fought = civAdvancedCombat.fight(
      {
        place: 'p',
        sides: [
          { nation: 'a', role: 'attacker', units: [unit('l', 'a', 'legions')] },
          { nation: 'd', role: 'defender', units: [unit('r', 'd', 'archers')] },
        ],
      },
      Dice.forced([2, 4]),
      { units: result.table },
    );
    // Legions: 2 + 3 + 1 (infantry against artillery) = 6 kill the archers; the archers' 4 does not.
    expect(fought.winner).toBe('a');
  });

  it('names the file, the line and the field of each mistake', () => {
    const text = [
      'units:', //                                                    line 1
      '  tanks: { era: 4, class: cavalry }', //                       line 2
      '  pikemen:', //                                                line 3
      '    era: zero', //                                             line 4
      '    class: infantry', //                                       line 5
      '  zeppelins: { era: 3, class: blimp }', //                     line 6
      '  biplanes: { era: 3, class: aircraft }', //                   line 7
      '  knights: { era: 2, class: cavalry, modifer: 1 }', //         line 8
    ].join('\n');
    const result = parseUnitTableFile(text, 'units.yaml');
    expect(result.ok).toBe(false);
    const lines = (result as { error: string }).error.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('units.yaml:4: units.pikemen.era: expected number, received string.');
    expect(lines[1]).toMatch(/^units\.yaml:6: units\.zeppelins\.class: .*"infantry"/);
    expect(lines[2]).toBe('units.yaml:7: units.biplanes.aircraftDice: aircraft need aircraftDice (what each aircraft die is multiplied by).');
    expect(lines[3]).toBe('units.yaml:8: units.knights.modifer: "modifer" is not a field of the unit table.');
  });

  it('says so when the text is not YAML at all, or has no units', () => {
    const broken = parseUnitTableFile('units:\n  tanks: { era: 4\n', 'units.yaml');
    expect(broken).toMatchObject({ ok: false, error: expect.stringMatching(/^units\.yaml:\d+: this is not valid YAML/) });
    expect(parseUnitTableFile('tanks: {}\n', 'units.yaml')).toMatchObject({
      ok: false,
      error: expect.stringContaining('units.yaml:1: units: this field is required (a map of unit kinds).'),
    });
    expect(parseUnitTableFile('# nothing yet\n', 'units.yaml')).toEqual({
      ok: false,
      error: 'units.yaml: the file is empty; it needs a "units:" map of unit kinds.',
    });
  });
});
