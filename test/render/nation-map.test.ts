// A nation's private map (src/render/nation-map.ts) on the starter games: its own unit stacks
// marked and ringed, its orders in force drawn as the update's arrows and marks, every province and
// unit named by data attributes, and nothing drawn of orders it was not given. A key-image map
// (warfare) and schematics (board NES, CNES, industrial).
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/engine/index.ts';
import { loadGame } from '../../src/game/load-game.ts';
import type { Game } from '../../src/game/open-game.ts';
import { drawNationMap, nationOrderMarks } from '../../src/render/nation-map.ts';
import { keyImageOf } from '../../src/render/turn-outputs.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));

/** Every element with this attribute, as its attributes. */
function elements(svg: string, attribute: string): Array<Record<string, string>> {
  return [...svg.matchAll(new RegExp(`<\\w+ [^>]*${attribute}="[^"]*"[^>]*>`, 'g'))].map(([tag]) =>
    Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])),
  );
}

const arrows = (svg: string) => elements(svg, 'data-arrow').map((a) => `${a['data-arrow']} ${a['data-from']}>${a['data-to']} ${a['data-nation']}`);

describe("a nation's map", () => {
  let warfare: Game;
  let boardNes: Game;
  beforeAll(async () => {
    [warfare, boardNes] = await Promise.all([loadGame(`${STARTERS}warfare`), loadGame(`${STARTERS}board-nes`)]);
  });

  const austria: Order[] = [
    { kind: 'move', unitType: 'army', province: 'vie', target: 'gal' },
    { kind: 'support', unitType: 'army', province: 'bud', subject: 'vie', subjectType: 'army', target: 'gal' },
    { kind: 'hold', unitType: 'fleet', province: 'tri' },
  ];

  it('on a key image: its units ringed and its orders as arrows, each province, unit and arrow named', async () => {
    const svg = await drawNationMap({ game: warfare, nation: 'austria', orders: austria, keyImage: keyImageOf(warfare) });
    expect(svg).toMatch(/^<svg [^>]*><image href="data:image\/png;base64,/);
    expect(arrows(svg).sort()).toEqual(['move vie>gal austria', 'support bud>gal austria']);
    const units = elements(svg, 'data-unit');
    expect(units.filter((u) => u['data-own']).map((u) => `${u['data-nation']} ${u['data-unit']} ${u['data-province']}`)).toEqual(
      expect.arrayContaining(['austria army vie', 'austria army bud', 'austria fleet tri']),
    );
    expect(units.filter((u) => u['data-own']).every((u) => u['data-nation'] === 'austria')).toBe(true);
    expect(units.filter((u) => u['data-own'])).toHaveLength(3);
    // Every other nation's 19 units are there, not ringed.
    expect(units.filter((u) => !u['data-own'])).toHaveLength(19);
    const provinces = new Set(elements(svg, 'data-province').map((p) => p['data-province']));
    for (const id of warfare.map.ids()) expect(provinces.has(id), id).toBe(true);
  });

  it('draws only the orders it is given: another nation gets its own arrows in its own name, never these', async () => {
    const italy: Order[] = [{ kind: 'move', unitType: 'fleet', province: 'nap', target: 'ion' }];
    const svg = await drawNationMap({ game: warfare, nation: 'italy', orders: italy, keyImage: keyImageOf(warfare) });
    expect(arrows(svg)).toEqual(['move nap>ion italy']);
    expect(elements(svg, 'data-own').every((u) => u['data-nation'] === 'italy')).toBe(true);
    // The ruleset's reading keeps every arrow in the map's nation's name.
    expect(nationOrderMarks(warfare, 'italy', austria).arrows.every((a) => a.nation === 'italy')).toBe(true);
  });

  it('on a schematic: the box of each province, the own stacks ringed in the colour, a purchase marked', async () => {
    const orders: Order[] = [
      { kind: 'move', unitType: 'army', province: 'lon', target: 'wal', count: 1 },
      { kind: 'buy-structure', structure: 'town', province: 'lon' },
    ];
    const svg = await drawNationMap({ game: boardNes, nation: 'red', orders });
    expect(arrows(svg)).toEqual(['move lon>wal red']);
    const own = elements(svg, 'data-own');
    expect(own.map((u) => u['data-unit']).sort()).toEqual(['army', 'fleet']);
    // The ring: black, then the nation's colour, then white, around the stack.
    expect(svg).toContain(`fill="${boardNes.config.nations.red.colour}"/><rect x="`);
    expect(elements(svg, 'data-unit').filter((u) => !u['data-own']).length).toBeGreaterThan(0);
    expect(new Set(elements(svg, 'data-province').map((p) => p['data-province']))).toEqual(new Set(boardNes.map.ids()));
    // Without orders: no arrows, the units still ringed.
    const bare = await drawNationMap({ game: boardNes, nation: 'red', orders: [] });
    expect(arrows(bare)).toEqual([]);
    expect(elements(bare, 'data-own')).toHaveLength(2);
  });

  it.each(['cnes', 'industrial'])('draws the %s starter too: every province named, only its own units ringed', async (ruleset) => {
    const game = await loadGame(`${STARTERS}${ruleset}`);
    const nation = Object.keys(game.config.nations)[0];
    const svg = await drawNationMap({ game, nation, orders: [], keyImage: keyImageOf(game) });
    expect(new Set(elements(svg, 'data-province').map((p) => p['data-province']))).toEqual(new Set(game.map.ids()));
    const own = game.state.units.filter((u) => u.nation === nation).length;
    expect(elements(svg, 'data-own').length > 0).toBe(own > 0);
    expect(elements(svg, 'data-own').every((u) => u['data-nation'] === nation)).toBe(true);
  });
});
