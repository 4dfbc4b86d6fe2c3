// The orders a nation could give now (src/orders/order-choices.ts), on every ruleset's starter game:
// each one, read back by the project's own reader as the nation page's live reading reads a line,
// is an order of that nation the game takes. Without the ruleset's check the generator offers
// orders the game refuses, and this reading catches them. The click-to-order form answers for what
// the nation has in a province, toward another; and a 2,000-province map stays quick.
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accepted, type AnyRuleset } from '../../src/engine/index.ts';
import { loadGame } from '../../src/game/load-game.ts';
import { openGame, type Game } from '../../src/game/open-game.ts';
import { previewLines } from '../../src/messages/order-preview.ts';
import { choicesAt, orderChoices } from '../../src/orders/order-choices.ts';
import { Random, randomGameFiles } from '../rulesets/board-nes/generate.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));
const RULESETS = ['board-nes', 'warfare', 'cnes', 'industrial'] as const;
const tools = { logger: pino({ level: 'silent' }) };

/** Each line the game's reader does not take as one order of the nation, with what it says instead. */
async function refusedLines(game: Game, nation: string, lines: readonly string[]): Promise<string[]> {
  const refused: string[] = [];
  for (const line of lines) {
    const read = await previewLines(tools, game, nation, line);
    if (read.length !== 1 || read[0].kind !== 'order') refused.push(`${line}: ${read.map((r) => `${r.kind} ${r.says}`).join('; ')}`);
  }
  return refused;
}

const generated = (ruleset: AnyRuleset, game: Game, nation: string) =>
  orderChoices(ruleset, game.ctx, game.state, nation, { keep: 3 }).flatMap((k) => k.choices.map((c) => c.text));

describe('orders a nation could give now', () => {
  it.each(RULESETS)('%s: every order offered to every nation is read back as an order the game takes', async (ruleset) => {
    const game = await loadGame(`${STARTERS}${ruleset}`);
    for (const nation of Object.keys(game.config.nations)) {
      const lines = generated(game.ruleset, game, nation);
      // Each nation has something to order at the start of every starter game.
      expect(lines.length, nation).toBeGreaterThan(2);
      expect(await refusedLines(game, nation, lines), nation).toEqual([]);
    }
  });

  it.each(RULESETS)("%s: without the ruleset's check, orders the game refuses are offered, and the reading above catches them", async (ruleset) => {
    const game = await loadGame(`${STARTERS}${ruleset}`);
    const unchecked: AnyRuleset = { ...game.ruleset, validate: () => accepted };
    const refused = await Promise.all(Object.keys(game.config.nations).map(async (nation) => refusedLines(game, nation, generated(unchecked, game, nation))));
    expect(refused.flat().length).toBeGreaterThan(0);
  });

  it('offers what the unit in a province may do, toward another province when one is chosen, and nothing where the nation has nothing', async () => {
    const game = await loadGame(`${STARTERS}board-nes`);
    const at = (nation: string, province: string, to?: string) => choicesAt(game.ruleset, game.ctx, game.state, nation, province, to).map((c) => c.text);
    const london = at('red', 'lon');
    expect(london).toEqual(expect.arrayContaining(['Hold army lon', 'Disband army lon']));
    expect(london.some((l) => /^Move army lon -> \w+$/.test(l))).toBe(true);
    expect(london.every((l) => /\blon\b/.test(l))).toBe(true);
    const toWales = at('red', 'lon', 'wal');
    expect(toWales).toContain('Move army lon -> wal');
    expect(toWales.every((l) => /\bwal\b/.test(l))).toBe(true);
    // Red's army in London is not Blue's to order, and Blue has nothing there.
    expect(at('blue', 'lon')).toEqual([]);
    expect(at('blue', 'lon', 'wal')).toEqual([]);
    expect(await refusedLines(game, 'red', [...london, ...toWales])).toEqual([]);

    const warfare = await loadGame(`${STARTERS}warfare`);
    const vienna = choicesAt(warfare.ruleset, warfare.ctx, warfare.state, 'austria', 'vie', 'gal').map((c) => c.text);
    expect(vienna).toContain('A vie - gal');
    expect(choicesAt(warfare.ruleset, warfare.ctx, warfare.state, 'italy', 'vie')).toEqual([]);
  });

  it('stays quick on a 2,000-province map with 50 nations', () => {
    const { game } = openGame('big', randomGameFiles(new Random(2000), 1700, 300, 50));
    if (!game) throw new Error('the generated game does not open');
    const nations = Object.keys(game.config.nations);
    orderChoices(game.ruleset, game.ctx, game.state, nations[0]); // the reader's first use prepares its grammar
    const started = performance.now();
    for (const nation of nations.slice(1, 6)) {
      expect(orderChoices(game.ruleset, game.ctx, game.state, nation).some((k) => k.choices.length)).toBe(true);
      const unit = game.state.units.find((u) => u.nation === nation);
      if (unit) expect(choicesAt(game.ruleset, game.ctx, game.state, nation, unit.province).length).toBeGreaterThan(0);
    }
    expect((performance.now() - started) / 5).toBeLessThan(1500);
  });
});
