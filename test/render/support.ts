// A fixed board NES turn for the render tests: the fixture game folder, parsed orders and forced
// dice, adjudicated by the real ruleset into a turn record like the store keeps.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { Dice, type Order } from '../../src/engine/index.ts';
import { readGameFolder } from '../../src/game/load-game.ts';
import { openGame, type Game, type GameFiles } from '../../src/game/open-game.ts';
import type { TurnRecord } from '../../src/store/turn-record.ts';
import { writeFileSync, mkdirSync } from 'node:fs';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));

export async function fixtureGame(folder = 'board-nes', extraFiles: GameFiles = {}, edit?: (files: GameFiles) => GameFiles): Promise<Game> {
  let files = { ...(await readGameFolder(path.join(FIXTURES, folder))), ...extraFiles };
  if (edit) files = edit(files);
  const { game, problems } = openGame(folder, files);
  if (!game) throw new Error(problems.map((p) => `${p.file}:${p.line ?? ''} ${p.message}`).join('\n'));
  return game;
}

/** The fixture turn: a land battle, an escorted caravan stolen, a purchase, orders that fail. */
export const FIXTURE_ORDERS: Record<string, Order[]> = {
  red: [
    { kind: 'move', unitType: 'army', province: 'lvp', target: 'cly', count: 3 },
    { kind: 'caravan', nation: 'blue', count: 2, escorts: 1 },
    { kind: 'buy-structure', structure: 'town', province: 'wal' },
    { kind: 'buy-unit', unitType: 'army', province: 'lon' },
  ],
  blue: [{ kind: 'steal', nation: 'red', mode: 'all' }],
  green: [
    { kind: 'caravan', nation: 'red', count: 1 },
    { kind: 'move', unitType: 'fleet', province: 'iri', target: 'eng' },
  ],
};

export const FIXTURE_DICE = [4, 7];

export function adjudicate(game: Game, orders: Record<string, Order[]> = FIXTURE_ORDERS, dice: number[] = FIXTURE_DICE): TurnRecord {
  const all = Object.fromEntries(Object.keys(game.state.nations).map((n) => [n, orders[n] ?? []]));
  const rolled = Dice.forced(dice);
  const { state, events } = game.ruleset.adjudicate(game.ctx, game.state, all, rolled);
  return {
    step: 5,
    turn: game.state.turn,
    phase: game.state.phase,
    seed: 'fixture',
    dice: rolled.draws,
    orders: all,
    events,
    stateBefore: game.state,
    stateAfter: state,
    mails: [],
    committedAt: '2026-12-04T20:00:00.000Z',
  };
}

/** Compares with test/render/golden/NAME; UPDATE_GOLDEN=1 rewrites the file instead. */
export function expectGolden(name: string, actual: string): void {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  let expected: string;
  try {
    expected = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`There is no golden file ${file}; run the test with UPDATE_GOLDEN=1 to write it, then check it by eye.`);
  }
  expect(actual).toBe(expected);
}
