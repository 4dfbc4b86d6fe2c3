// A fixed board NES turn for the render tests: the fixture game folder, parsed orders and forced
// dice, adjudicated by the real ruleset into a turn record like the store keeps.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect } from 'vitest';
import { Dice, type Order } from '../../src/engine/index.ts';
import { readGameFolder } from '../../src/game/load-game.ts';
import { openGame, type Game, type GameFiles } from '../../src/game/open-game.ts';
import { bareOrder } from '../../src/orders/check-orders.ts';
import { parseMessage } from '../../src/orders/parse-message.ts';
import type { TurnRecord } from '../../src/store/turn-record.ts';

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

/** A warfare turn on its fixture: a supported attack dislodges Burgundy, two fleets bounce in the Channel. */
export const WARFARE_ORDERS: Record<string, Order[]> = {
  germany: [
    { kind: 'move', unitType: 'army', province: 'mun', target: 'bur' },
    { kind: 'support', unitType: 'army', province: 'ruh', subjectType: 'army', subject: 'mun', target: 'bur' },
    { kind: 'move', unitType: 'fleet', province: 'kie', target: 'hol' },
  ],
  france: [
    { kind: 'hold', unitType: 'army', province: 'bur' },
    { kind: 'move', unitType: 'fleet', province: 'bre', target: 'eng' },
    { kind: 'move', unitType: 'army', province: 'mar', target: 'spa' },
  ],
  england: [
    { kind: 'move', unitType: 'fleet', province: 'lon', target: 'eng' },
    { kind: 'move', unitType: 'fleet', province: 'edi', target: 'nth' },
  ],
};

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
    ordersVersion: 0,
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

/**
 * Compares a PNG with test/render/golden/NAME pixel by pixel: a pixel differs when a channel is off
 * by more than `tolerance`, and at most `share` of the pixels may differ (font rasterising and
 * sharp's resampling vary a little between library builds). UPDATE_GOLDEN=1 rewrites the file.
 */
/** Every picture a test draws is also written here (git-ignored), to be looked at. */
export const TEST_OUTPUT = fileURLToPath(new URL('../../test-output/render/', import.meta.url));

export async function expectGoldenPng(name: string, png: Buffer, tolerance = 24, share = 0.002): Promise<void> {
  const file = path.join(GOLDEN, name);
  mkdirSync(TEST_OUTPUT, { recursive: true });
  writeFileSync(path.join(TEST_OUTPUT, name), png);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, png);
    return;
  }
  const decode = (input: Buffer | string) => sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let expected: Awaited<ReturnType<typeof decode>>;
  try {
    expected = await decode(file);
  } catch {
    throw new Error(`There is no golden image ${file}; run the test with UPDATE_GOLDEN=1 to write it, then look at it.`);
  }
  const actual = await decode(png);
  expect([actual.info.width, actual.info.height]).toEqual([expected.info.width, expected.info.height]);
  let differing = 0;
  for (let i = 0; i < actual.data.length; i += 3) {
    if (
      Math.abs(actual.data[i] - expected.data[i]) > tolerance ||
      Math.abs(actual.data[i + 1] - expected.data[i + 1]) > tolerance ||
      Math.abs(actual.data[i + 2] - expected.data[i + 2]) > tolerance
    )
      differing++;
  }
  const pixels = actual.data.length / 3;
  expect(differing / pixels, `${differing} of ${pixels} pixels differ from ${name}`).toBeLessThanOrEqual(share);
}

/** One turn of a starter game, each nation's orders given as text and read as the mail loop reads them. */
export function playStarter(game: Game, texts: Record<string, string>, seed: string, dice = Dice.seeded(seed)): TurnRecord {
  const orders: Record<string, Order[]> = Object.fromEntries(Object.keys(game.state.nations).map((n) => [n, []]));
  for (const [nation, text] of Object.entries(texts)) {
    orders[nation] = parseMessage({ ruleset: game.ruleset, map: game.map, nation, text, state: game.state }).orders.map(bareOrder);
  }
  const { state, events } = game.ruleset.adjudicate(game.ctx, game.state, orders, dice);
  return {
    step: 1,
    turn: game.state.turn,
    phase: game.state.phase,
    seed,
    dice: dice.draws,
    orders,
    events,
    stateBefore: game.state,
    stateAfter: state,
    ordersVersion: 0,
    mails: [],
    committedAt: '2026-12-04T20:00:00.000Z',
  };
}

function mapFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : mapFiles(file);
    return entry.name === 'map.yaml' ? [file] : [];
  });
}

/** Every map.yaml of the starters, examples and tests drawn as a schematic (no key image). */
export const schematicMaps = [...mapFiles('examples'), ...mapFiles('test')].filter((file) => !/^image:/m.test(readFileSync(file, 'utf8'))).sort();

/** The demo world's turn in which every army marches out to claim a free neighbouring province: arrows all over the map, no battle. */
export function everyArmyClaims(game: Game): Record<string, Order[]> {
  const taken = new Set(game.state.units.map((u) => u.province));
  const free = (p: string) => game.map.province(p).kind !== 'sea' && !game.state.provinces[p]?.owner && !taken.has(p);
  const orders: Record<string, Order[]> = {};
  for (const u of game.state.units.filter((u) => u.type === 'army')) {
    const target = [...game.map.touches(u.province)].find(free);
    if (!target) continue;
    taken.add(target);
    (orders[u.nation] ??= []).push({ kind: 'move', unitType: 'army', province: u.province, target, count: 1, claim: true });
  }
  return orders;
}
