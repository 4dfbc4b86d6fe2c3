// What a map shows, read from a public view: owners, structures, and unit stacks as the board NES
// document draws them (a count on a stack of armies, black squares for armies aboard a fleet).
import { describe, expect, it } from 'vitest';
import { MapBuilder, type PublicView, type TurnMarks, type Unit } from '../../src/engine/index.ts';
import { buildLegend } from '../../src/render/legend.ts';
import { buildScene, featuresShown, shapesShown, structuresShown } from '../../src/render/map-scene.ts';
import { NATION_PALETTE } from '../../src/render/palette.ts';
import { provinceMarks } from '../../src/render/province-marks.ts';

const map = new MapBuilder().coastal('lon', 'London').land('mid', 'Midlands').sea('nth', 'North Sea').border('lon', 'mid').border('lon', 'nth').build();

function scene(units: Unit[], provinces: PublicView['provinces'] = {}, marks?: TurnMarks) {
  const view: PublicView = {
    turn: 2,
    phase: 'orders',
    nations: [
      { id: 'red', name: 'Redmark', provinces: 1, units: 0 },
      { id: 'blue', name: 'Bluevale', provinces: 0, units: 0 },
    ],
    provinces: { lon: { owner: 'red', structure: 'engineered-city' }, mid: { owner: null, structure: 'town' }, ...provinces },
    units,
    events: [],
  };
  return buildScene({ map, view, title: 'T', caption: 'C', colours: { red: '#c0392b' }, marks });
}

const unit = (id: string, type: string, nation: string, province: string, aboard?: string): Unit => ({
  id,
  type,
  nation,
  province,
  ...(aboard ? { aboard } : {}),
});

describe('map scene', () => {
  it('takes colours from the game, then the palette, and structures from the view', () => {
    const s = scene([]);
    expect(s.nations.map((n) => n.colour)).toEqual(['#c0392b', NATION_PALETTE[1]]);
    expect(s.provinces.map((p) => [p.id, p.owner, p.structure])).toEqual([
      ['lon', 'red', 'city'],
      ['mid', null, 'town'],
      ['nth', null, null],
    ]);
    expect(structuresShown(s)).toEqual(['town', 'military-base', 'city']);
  });

  it('stacks armies by nation, with armies aboard counted on their fleet', () => {
    const s = scene([
      unit('a1', 'army', 'blue', 'lon'),
      unit('a2', 'army', 'red', 'lon'),
      unit('a3', 'army', 'red', 'lon'),
      unit('f4', 'fleet', 'red', 'nth'),
      unit('a5', 'army', 'red', 'nth', 'f4'),
      unit('a6', 'army', 'red', 'nth', 'f4'),
    ]);
    expect(s.provinces[0].stacks).toEqual([
      { nation: 'red', type: 'army', shape: 'army', count: 2, boarded: 0 },
      { nation: 'blue', type: 'army', shape: 'army', count: 1, boarded: 0 },
    ]);
    expect(s.provinces[2].stacks).toEqual([{ nation: 'red', type: 'fleet', shape: 'fleet', count: 1, boarded: 2 }]);
  });

  it('draws up to four fleets one by one, and more as one counted stack', () => {
    const fleets = (n: number) => Array.from({ length: n }, (_, i) => unit(`f${i}`, 'fleet', 'blue', 'nth'));
    expect(scene(fleets(4)).provinces[2].stacks).toHaveLength(4);
    expect(scene([...fleets(5), unit('a9', 'army', 'blue', 'nth', 'f0')]).provinces[2].stacks).toEqual([
      { nation: 'blue', type: 'fleet', shape: 'fleet', count: 5, boarded: 1 },
    ]);
  });

  it('writes counts on stacks and attaches a black square per boarded army', () => {
    const s = scene([
      unit('a1', 'army', 'red', 'lon'),
      unit('a2', 'army', 'red', 'lon'),
      unit('f3', 'fleet', 'red', 'nth'),
      unit('a4', 'army', 'red', 'nth', 'f3'),
      unit('a5', 'army', 'red', 'nth', 'f3'),
    ]);
    const colours = new Map(s.nations.map((n) => [n.id, n.colour]));
    const london = provinceMarks(s.provinces[0], colours, 16);
    expect(london.marks).toHaveLength(2); // the city, then the stack
    expect(london.marks[1].texts).toEqual([{ text: '2', colour: '#ffffff', cx: 8, cy: 8 }]);
    const sea = provinceMarks(s.provinces[2], colours, 16);
    expect(sea.marks[0].svg.match(/fill="#000000"/g)).toHaveLength(2);
    expect(sea.marks[0].width).toBeGreaterThan(16);
  });

  it('draws the features and unit shapes a ruleset names, each explained in the legend', () => {
    const marks: TurnMarks = {
      arrows: [],
      provinces: [],
      features: [
        { province: 'lon', feature: 'port' },
        { province: 'lon', feature: 'fortification', level: 3 },
        { province: 'atlantis', feature: 'lab' },
      ],
      unitShapes: { plane: 'aircraft', ship: 'fleet' },
    };
    const s = scene(
      [unit('p1', 'plane', 'red', 'lon'), unit('p2', 'plane', 'red', 'lon'), unit('a3', 'army', 'red', 'lon'), unit('s4', 'ship', 'red', 'nth')],
      {},
      marks,
    );
    expect(s.provinces[0].features).toEqual([{ feature: 'port' }, { feature: 'fortification', level: 3 }]);
    expect(s.provinces[0].stacks.map((st) => [st.type, st.shape, st.count])).toEqual([
      ['army', 'army', 1],
      ['plane', 'aircraft', 2],
    ]);
    expect(s.provinces[2].stacks.map((st) => st.shape)).toEqual(['fleet']);
    expect(featuresShown(s)).toEqual(['port', 'fortification']);
    expect(shapesShown(s)).toEqual(['aircraft']);
    const london = provinceMarks(s.provinces[0], new Map(s.nations.map((n) => [n.id, n.colour])), 16);
    // The city, the port, the fortification with its level, the armies, the aircraft with their count.
    expect(london.marks).toHaveLength(5);
    expect(london.marks[2].texts.map((t) => t.text)).toEqual(['3']);
    expect(london.marks[4].texts.map((t) => t.text)).toEqual(['2']);
    // Armies are a plain square; aircraft carry a plane on theirs.
    expect(london.marks[3].svg).not.toContain('<path');
    expect(london.marks[4].svg).toContain('<path');
    const legend = buildLegend(s, 1).body;
    for (const words of ['Aircraft', 'Port', 'Fortified (its level)']) expect(legend).toContain(words);
    expect(legend).not.toContain('Research lab');
  });

  it('lists in the legend only the nations still in the game, or drawn on this map', () => {
    // Bluevale has no province and no unit left: out of the legend, and Redmark keeps its colour.
    const out = scene([]);
    expect(buildLegend(out, 1).body).toContain('Redmark');
    expect(buildLegend(out, 1).body).not.toContain('Bluevale');
    expect(out.nations.map((n) => n.colour)).toEqual(['#c0392b', NATION_PALETTE[1]]);
    // A unit of its own, or an arrow of this turn in its colour (its last unit fell), and it stays.
    expect(buildLegend(scene([unit('a1', 'army', 'blue', 'mid')]), 1).body).toContain('Bluevale');
    const fell: TurnMarks = {
      arrows: [{ kind: 'move', from: 'mid', to: 'lon', ok: false, nation: 'blue' }],
      provinces: [{ province: 'mid', mark: 'disbanded' }],
    };
    expect(buildLegend(scene([], {}, fell), 1).body).toContain('Bluevale');
  });
});
