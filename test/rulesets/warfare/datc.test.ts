// The DATC 3.0 (test/datc/): every case of the JSON as its own test, then the DATC text's answers
// for the options and editions the JSON does not cover.
import { describe, expect, it } from 'vitest';
import { prepareDatc, runDatc, type PreparedCase } from '../../../src/datc/run-datc.ts';
import type { WarfareOptions } from '../../../src/rulesets/warfare/options.ts';

describe('DATC 3.0 (datc_v3.json, each case under its own edition, unmarked ones under 2023)', () => {
  it.each(prepareDatc())('$id ($edition) $title', (c: PreparedCase) => {
    const { passed, detail } = c.judge(c.run());
    expect(detail).toBe('');
    expect(passed).toBe(true);
  });
});

describe('runDatc', () => {
  it('runs all 171 cases of the JSON and reports each with its id, title and edition', () => {
    const { results, passed, failed } = runDatc();
    expect(results).toHaveLength(171);
    expect({ passed, failed }).toEqual({ passed: 171, failed: 0 });
    expect(results.find((r) => r.id === '6.A.1')).toMatchObject({ title: 'move to non neighbor fails', edition: '2023', passed: true });
  });

  it('keeps only one edition when asked, and says which cases were ruled from the DATC text', () => {
    const old = runDatc({ edition: '1971' });
    expect(old.results.map((r) => r.id)).toEqual(['6.G.2', '6.G.4', '6.G.7', '6.G.19', '6.J.11']);
    expect(runDatc({ edition: 'dptg' }).results.map((r) => r.id)).toEqual(['6.G.7']);
    expect(runDatc().results.find((r) => r.id === '6.H.1')?.detail).toContain('ruled: DATC 6.H.1');
  });
});

/** One case's order results with other options; `name` is the JSON case name. */
function outcome(name: string, options: Partial<WarfareOptions>): Record<string, string> {
  const c = prepareDatc({ overrides: options }).find((x) => x.name === name);
  if (!c) throw new Error(`no DATC case ${name}`);
  return c.outcomes(c.run());
}

describe('the DATC text where GMs may choose differently from the JSON', () => {
  it('6.B.2, 6.B.10, 6.B.12 with lenient coasts: the only coast is assumed, a wrong unit coast and an army coast are ignored', () => {
    expect(outcome('t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary', { coasts: 'lenient' })).toEqual({ 'FRA: F gas -> spa': 'Succeeds' });
    expect(outcome('t6b10_unit_ordered_with_wrong_coast', { coasts: 'lenient' })).toEqual({ 'FRA: F spa(nc) -> lyo': 'Succeeds' });
    expect(outcome('t6b12_army_movement_with_coastal_specification', { coasts: 'lenient' })).toEqual({ 'FRA: A gas -> spa(nc)': 'Succeeds' });
    // "this order is very precisely wrong": illegal in both modes.
    expect(outcome('t6b03_moving_with_wrong_coast_when_coast_is_not_necessary', { coasts: 'lenient' })).toEqual({ 'FRA: F gas -> spa(sc)': 'Fails' });
  });

  it('6.G.11 without the land fallback: the paradox fails the convoy and the North Sea fleet dislodges Skagerrak', () => {
    const got = outcome('t6g11_a_convoy_to_an_adjacent_place_with_a_paradox', { implicitConvoyFallback: false });
    expect(got).toMatchObject({ 'ENG: F nth -> ska': 'Succeeds', 'RUS: A swe -> nwy': 'Fails' });
  });
});

describe('the DATC text for the older editions and the DPTG', () => {
  it('1971: a multi-route convoy is disrupted when one route is (6.F.9)', () => {
    expect(outcome('t6f09_dislodge_of_multi_route_convoy', { edition: '1971' })['ENG: A lon -> bel']).toBe('Fails');
    expect(outcome('t6f09_dislodge_of_multi_route_convoy', { edition: '2023' })['ENG: A lon -> bel']).toBe('Succeeds');
  });

  it("1971 and 1982: the convoyed army does not cut London's support and dislodges it (6.F.17)", () => {
    for (const edition of ['1971', '1982'] as const) {
      expect(outcome('t6f17_pandins_extended_paradox', { edition })).toMatchObject({ 'FRA: A bre -> lon': 'Succeeds', 'GER: F bel -> eng': 'Fails' });
    }
  });

  it('1982: the betrayal paradox keeps the French support, and the army dislodges Belgium (6.F.18)', () => {
    expect(outcome('t6f18_betrayal_paradox', { edition: '1982' })).toMatchObject({ 'ENG: A lon -> bel': 'Succeeds', 'GER: F ska -> nth': 'Fails' });
  });

  it("1982: Dad's army convoy saves the fleet in the North Atlantic (6.F.21)", () => {
    expect(outcome('t6f21_dads_army_convoy', { edition: '1982' })['FRA: F mao -> nao']).toBe('Fails');
  });

  it('DPTG: only "via convoy" convoys to a neighbour, so 6.G.1 is a head-to-head bounce and 6.G.9 a dislodgement', () => {
    expect(outcome('t6g01_two_units_can_swap_provinces_by_convoy', { edition: 'dptg' })).toMatchObject({
      'ENG: A nwy -> swe': 'Fails',
      'RUS: A swe -> nwy': 'Fails',
    });
    expect(outcome('t6g09_swapped_or_dislodged', { edition: 'dptg' })).toMatchObject({ 'ENG: A nwy -> swe': 'Succeeds', 'RUS: A swe -> nwy': 'Fails' });
  });

  it('older rulebooks count civil disorder distance from home centres (6.J.11)', () => {
    const c = prepareDatc({ edition: '1971' }).find((x) => x.name === 't6j11_distance_to_owned_supply_center')!;
    const removed = c
      .run()[0]
      .filter((e) => e.reason === 'CIVIL_DISORDER')
      .map((e) => e.province);
    expect(removed).toEqual(['war']);
  });
});
