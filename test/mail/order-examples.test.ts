// The order examples of the welcome mail and of HELP (src/messages/order-help.ts) come from the
// nation's own position: on the board NES starter, Caledonia (blue, in Edinburgh) is shown orders
// for its own army and land, never the ruleset's "Buy army in lon" (London is Red's), and each
// example starts from a province it holds, going at most one step beyond. Where no order of a kind
// can be given now, only the ruleset's examples that name no place it lacks are kept.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGame, readGameFolder } from '../../src/game/load-game.ts';
import { namedPlaces, orderHelp } from '../../src/messages/order-help.ts';
import { welcomeMail } from '../../src/messages/welcome.ts';
import { heldProvinces } from '../../src/orders/order-choices.ts';

const BOARD_NES = fileURLToPath(new URL('../../examples/starter/board-nes', import.meta.url));

/** The example lines of a mail: the indented lines under each kind's summary. */
const exampleLines = (section: string) =>
  section
    .split('\n')
    .filter((l) => l.startsWith('      '))
    .map((l) => l.trim());

describe("order examples from the nation's position", () => {
  it('welcome a board NES nation with examples naming only provinces it holds, and where they lead one step away', async () => {
    const files = await readGameFolder(BOARD_NES);
    const game = await loadGame(BOARD_NES);
    const places = new Map([...game.map.provinces.values()].flatMap((p) => [p.id, p.name, ...p.aliases].map((n) => [n.toLowerCase(), p.id] as const)));
    for (const nation of ['blue', 'green', 'red']) {
      const mail = welcomeMail({ gameId: 'isles', files, nation, address: 'game@example.org', deadline: null, key: `welcome:${nation}` });
      const section = /Examples:\n([\s\S]*?)\nEvery email is answered/.exec(mail.text)?.[1] ?? '';
      const lines = exampleLines(section);
      expect(lines.length, nation).toBeGreaterThan(5);
      const held = heldProvinces(game.ruleset, game.ctx, game.state, nation);
      const reach = new Set([...held].flatMap((p) => [p, ...game.map.touches(p)]));
      for (const line of lines) {
        const named = namedPlaces(line, places);
        // The order's own province is the nation's; a move's target or a purchase's sea is next to it.
        if (named.length) expect(held.has(named[0]), `${nation}: ${line}`).toBe(true);
        for (const p of named) expect(reach.has(p), `${nation}: ${line}`).toBe(true);
      }
    }
  });

  it("gives HELP the same: Caledonia's army in Edinburgh, not the ruleset's London", async () => {
    const game = await loadGame(BOARD_NES);
    const help = orderHelp(game, 'blue');
    const examples = help.flatMap((k) => k.examples);
    expect(examples).toEqual(expect.arrayContaining(['Hold army edi', 'Disband army edi']));
    expect(examples.some((e) => /\blon\b/i.test(e))).toBe(false);
    // Blue has no fleet: nothing to load or unload, and the ruleset's "Load 2 army from lon onto nth" is left out.
    expect(help.find((k) => k.summary.startsWith('Your fleets in a sea take on armies'))?.examples).toEqual([]);
    // Red holds London: the ruleset's own kinds are shown in full, the examples its own.
    expect(orderHelp(game, 'red').flatMap((k) => k.examples)).toEqual(expect.arrayContaining(['Hold army lon', 'Hold fleet nth']));
    // Without a nation (no position to start from), the ruleset's examples as written.
    expect(orderHelp(game).flatMap((k) => k.examples)).toContain('Buy army in lon');
  });

  it("keeps a ruleset's example that names no place when no order of its kind can be given now", async () => {
    const game = await loadGame(fileURLToPath(new URL('../../examples/starter/warfare', import.meta.url)));
    const help = orderHelp(game, 'austria');
    const kind = (summary: string) => help.find((k) => k.summary.startsWith(summary))?.examples;
    // Spring 1901: no builds now, so the notation's "Waive" is kept; "Build A Par" names Paris, not Austria's.
    expect(kind('In winter, give up one build')).toEqual(['Waive']);
    expect(kind('In winter, a new unit')).toEqual([]);
    expect(kind('The unit moves to an adjacent province')).toEqual(['A vie - boh', 'A bud - gal']);
  });
});
