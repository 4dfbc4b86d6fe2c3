// A game's own nation colours checked as the palette is (issue #33): two nations that look alike
// (CIEDE2000 under 15), two a colour-blind reader cannot tell apart, and territory that looks like
// the unclaimed land or the sea are warned about, naming the nations, with the nearest palette colour
// that would do. The CLI's side (game validate, game import) is test/cli/colour-warnings.test.ts.
import { describe, expect, it } from 'vitest';
import { ciede2000, leastDifference } from '../../src/render/colour-vision.ts';
import { TERRITORY_TINT } from '../../src/render/legend.ts';
import { COLOUR_BLIND_FLOOR, GROUND_FLOOR, NATION_FLOOR, nationColourWarnings, suggestColour } from '../../src/render/nation-colour-check.ts';
import { MAP_COLOURS, NATION_PALETTE, tint } from '../../src/render/palette.ts';

const nations = (colours: Record<string, string>) =>
  Object.fromEntries(Object.entries(colours).map(([id, colour]) => [id, { name: id[0].toUpperCase() + id.slice(1), colour }]));

/** The suggested colour in a warning. */
const suggested = (message: string) => /Try (#[0-9a-f]{6})/.exec(message)?.[1];

describe('nation colour warnings', () => {
  it('says nothing of colours far apart and clear of the ground', () => {
    expect(nationColourWarnings(nations({ red: '#ee1100', blue: '#1100ff', green: '#008855' }))).toEqual([]);
  });

  it('warns of two nations that look almost the same, naming both, and suggests a palette colour far enough', () => {
    const game = nations({ red: '#ee1100', blue: '#1100ff', vermilion: '#ff5500' });
    // Apart enough for colour-blind readers' measure, but under the CIEDE2000 floor of 15.
    expect(ciede2000('#ee1100', '#ff5500')).toBeGreaterThan(10);
    expect(ciede2000('#ee1100', '#ff5500')).toBeLessThan(NATION_FLOOR);
    expect(NATION_FLOOR).toBe(15);
    expect(leastDifference('#ee1100', '#ff5500')).toBeGreaterThan(COLOUR_BLIND_FLOOR);
    const warnings = nationColourWarnings(game);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ field: 'nations.vermilion.colour', nations: ['red', 'vermilion'] });
    expect(warnings[0].message).toMatch(/^Red \(#ee1100\) and Vermilion \(#ff5500\) look almost the same \(CIEDE2000 distance \d+\.\d/);
    // The suggestion, put in, ends the warning.
    const better = suggested(warnings[0].message)!;
    expect(NATION_PALETTE).toContain(better);
    expect(nationColourWarnings({ ...game, vermilion: { name: 'Vermilion', colour: better } })).toEqual([]);
  });

  it('warns of a red and a green that differ in normal vision but not for colour-blind readers', () => {
    expect(ciede2000('#d62728', '#2ca02c')).toBeGreaterThan(NATION_FLOOR);
    expect(leastDifference('#d62728', '#2ca02c')).toBeLessThan(COLOUR_BLIND_FLOOR);
    const [warning, ...rest] = nationColourWarnings(nations({ red: '#d62728', green: '#2ca02c' }));
    expect(rest).toEqual([]);
    expect(warning.nations).toEqual(['red', 'green']);
    expect(warning.message).toContain('hard to tell apart for colour-blind readers');
    expect(nationColourWarnings(nations({ red: '#d62728', green: suggested(warning.message)! }))).toEqual([]);
  });

  it('warns of territory that looks like the sea or the unclaimed land', () => {
    expect(leastDifference(tint('#9cc4e4', TERRITORY_TINT), MAP_COLOURS.sea)).toBeLessThan(GROUND_FLOOR);
    const warnings = nationColourWarnings(nations({ red: '#ee1100', ice: '#9cc4e4', ivory: '#f4f0dc' }));
    expect(warnings.map((w) => [w.field, w.message.replace(/ Try.*/, '')])).toEqual([
      ['nations.ice.colour', "Ice's territory (#9cc4e4, painted lighter) is hard to tell from the sea on the map."],
      ['nations.ivory.colour', "Ivory's territory (#f4f0dc, painted lighter) is hard to tell from the unclaimed land on the map."],
    ]);
  });

  it('suggests the palette colour nearest the one the GM chose, among those far enough from the rest', () => {
    // Nearest to a dark red: the palette's dark red, unless another nation already wears it.
    expect(suggestColour('#b00000', ['#1100ff'])).toBe('#aa0000');
    const taken = suggestColour('#b00000', ['#1100ff', '#aa0000'])!;
    expect(taken).not.toBe('#aa0000');
    expect(ciede2000(taken, '#aa0000')).toBeGreaterThanOrEqual(NATION_FLOOR);
  });
});
