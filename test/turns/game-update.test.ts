// `adjutant game update DIR` on the real Redis: a stored game takes its edited folder's files
// between turns, refuses what cannot apply to the game as it stands, and refuses a game that
// moved on since it was checked. Two tests run the command itself, as a GM would.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesText } from '../../src/game/game-changes.ts';
import { formatProblem } from '../../src/game/problems.ts';
import { importGame } from '../../src/store/game-archive.ts';
import { GameMovedError, OrdersChangedError } from '../../src/store/game-store.ts';
import { storedConfig } from '../../src/store/stored-game.ts';
import { applyGameUpdate, GameBusyError, planGameUpdate, UpdateRefusedError } from '../../src/turns/game-update.ts';
import { adjudicateStep, runStep } from '../../src/turns/run-step.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { ensureSchedule } from '../../src/turns/turn-steps.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';
import { cleanUp, testClock, testRuntime } from './support.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const STARTER = path.join(ROOT, 'examples/starter');
const clock = testClock('2026-12-01T10:00:00Z');
const rt = testRuntime(clock);
const games: string[] = [];

beforeAll(() => requireServices(['redis']));
afterAll(async () => {
  await cleanUp(rt, games);
  await rt.close();
});

/** The board NES starter stored under a fresh id, and a copy of its folder to edit. */
async function storedStarter(): Promise<{ id: string; dir: string }> {
  const id = `update-${randomUUID()}`;
  games.push(id);
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'adjutant-update-')), 'isles');
  await cp(path.join(STARTER, 'board-nes'), dir, { recursive: true });
  await importGame(rt.store, id, dir);
  return { id, dir };
}

async function edit(dir: string, file: string, from: string, to: string): Promise<void> {
  const text = await readFile(path.join(dir, file), 'utf8');
  expect(text).toContain(from);
  await writeFile(path.join(dir, file), text.replace(from, to));
}

async function refusal(work: Promise<unknown>): Promise<string[]> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpdateRefusedError);
  return (error as UpdateRefusedError).problems.map(formatProblem);
}

async function adjutant(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, REDIS_URL: serviceEndpoints().redisUrl, ADJUTANT_SCHEDULER_SCOPE: rt.scope };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), ...args], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (e) {
    return e as { code: number; stdout: string; stderr: string };
  }
}

describe('adjutant game update', () => {
  it("applies a player's new email, which the store then holds, and never prints a secret", async () => {
    const { id, dir } = await storedStarter();
    await edit(dir, 'game.yaml', 'email: red@example.org', 'email: scarlet@example.org');
    await edit(dir, 'game.yaml', 'secret: change-me-blue', 'secret: a-new-blue-secret');
    const plan = await planGameUpdate(rt, id, dir);
    const text = changesText(plan.changes).join('\n');
    expect(text).toContain('red (Kingdom of Londinium): player email red@example.org → scarlet@example.org');
    expect(text).toContain('blue (Caledonia): secret changed');
    expect(text).not.toMatch(/change-me-blue|a-new-blue-secret/);
    await applyGameUpdate(rt, plan);
    const config = await storedConfig(rt.store, id);
    expect(config.nations.red.player?.email).toBe('scarlet@example.org');
    expect(config.nations.blue.secret).toBe('a-new-blue-secret');
    expect((await planGameUpdate(rt, id, dir)).changes).toEqual([]);
  });

  it('welcomes a player new to a nation or given a new secret, once; a secret left out of the folder stays as stored', async () => {
    const { id, dir } = await storedStarter();
    await edit(dir, 'game.yaml', 'email: red@example.org', 'email: scarlet@example.org');
    await edit(dir, 'game.yaml', 'secret: change-me-blue', 'secret: a-new-blue-secret');
    await edit(dir, 'game.yaml', '    secret: change-me-green\n', '');
    const { code, stdout } = await adjutant('game', 'update', dir, '--id', id, '--yes');
    expect(code).toBe(0);
    expect(stdout).toContain('The players of Kingdom of Londinium, Caledonia would get a welcome mail');
    expect(stdout).toContain('Welcome mails to 2 players are in the outbox');
    const welcomes = (await rt.outbox.keys(id)).filter((k) => k.startsWith('welcome:'));
    expect(welcomes.map((k) => k.split(':').slice(0, 3).join(':')).sort()).toEqual(['welcome:blue:blue@example.org', 'welcome:red:scarlet@example.org']);
    const red = await rt.outbox.entry(
      id,
      welcomes.find((k) => k.startsWith('welcome:red'))!,
    );
    expect(red?.to).toEqual(['scarlet@example.org']);
    expect(red?.text).toContain('change-me-red');
    expect((await storedConfig(rt.store, id)).nations.green.secret).toBe('change-me-green');
    // The same folder again changes nothing and welcomes no one twice.
    expect((await adjutant('game', 'update', dir, '--id', id, '--yes')).stdout).toContain('nothing to update');
    expect((await rt.outbox.keys(id)).filter((k) => k.startsWith('welcome:'))).toHaveLength(2);
  }, 60_000);

  it('gives a new secret to a player of another address whose folder names none', async () => {
    const { id, dir } = await storedStarter();
    await edit(dir, 'game.yaml', 'email: green@example.org }\n    secret: change-me-green\n', 'email: olive@example.org }\n');
    const plan = await planGameUpdate(rt, id, dir);
    expect(plan.welcome).toEqual([{ nation: 'green', name: expect.any(String) }]);
    await applyGameUpdate(rt, plan);
    expect((await storedConfig(rt.store, id)).nations.green.secret).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
  });

  it('changes nothing on a dry run, and says how to apply it', async () => {
    const { id, dir } = await storedStarter();
    await edit(dir, 'game.yaml', 'email: red@example.org', 'email: scarlet@example.org');
    const before = await rt.store.marks(id);
    const { code, stdout } = await adjutant('game', 'update', dir, '--id', id);
    expect(code).toBe(0);
    expect(stdout).toContain('player email red@example.org → scarlet@example.org');
    expect(stdout).toContain(`This was a dry run: nothing was changed. To apply it, run "adjutant game update ${dir} --id ${id} --yes".`);
    expect(await rt.store.marks(id)).toEqual(before);
    expect((await storedConfig(rt.store, id)).nations.red.player?.email).toBe('red@example.org');
  }, 60_000);

  it('refuses an invalid game.yaml with its file and line, and changes nothing', async () => {
    const { id, dir } = await storedStarter();
    await edit(dir, 'game.yaml', 'timezone: Europe/London', 'timezon: Europe/London');
    const before = await rt.store.marks(id);
    const { code, stderr } = await adjutant('game', 'update', dir, '--id', id, '--yes');
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`${dir}/game.yaml:8: timezon: "timezon" is not a field here (did you mean "timezone"?).`);
    expect(await rt.store.marks(id)).toEqual(before);
  }, 60_000);

  it('refuses another ruleset', async () => {
    const { id } = await storedStarter();
    const warfare = path.join(STARTER, 'warfare');
    const problems = await refusal(planGameUpdate(rt, id, warfare));
    expect(problems[0]).toBe(
      `${warfare}/game.yaml:8: ruleset: the game is stored as a board-nes game, and its state is board-nes's: a game cannot change ruleset (import the folder as a new game instead).`,
    );
  });

  it('refuses to drop a nation that still has units and provinces, naming it and where', async () => {
    const { id, dir } = await storedStarter();
    const text = await readFile(path.join(dir, 'game.yaml'), 'utf8');
    await writeFile(path.join(dir, 'game.yaml'), text.replace(/\n {2}green:[\s\S]*$/, '\n'));
    const problems = await refusal(planGameUpdate(rt, id, dir));
    expect(problems).toEqual([
      `${dir}/game.yaml:17: nations: Mersey League (green) is no longer in game.yaml, but in the game as it stands it still has 2 units and 1 province: a nation leaves only once it holds nothing.`,
    ]);
  });

  it('refuses to apply once a step was committed or the files changed since the check, and while a turn is adjudicated', async () => {
    const { id, dir } = await storedStarter();
    await edit(dir, 'game.yaml', 'email: red@example.org', 'email: scarlet@example.org');
    const yaml = async () => (await rt.store.files(id))['game.yaml'];
    const stored = await yaml();
    const stale = await planGameUpdate(rt, id, dir);
    await runStep(rt.store, id, { seed: 's', now: clock.now });
    await expect(applyGameUpdate(rt, stale)).rejects.toThrow(GameMovedError);
    expect(await yaml()).toBe(stored);

    const planned = await planGameUpdate(rt, id, dir);
    await rt.store.putFiles(id, { 'game.yaml': stored.replace('The Isles', 'The Isles Again') });
    await expect(applyGameUpdate(rt, planned)).rejects.toThrow(/its files were changed meanwhile/);

    const config = await storedConfig(rt.store, id);
    await ensureSchedule(rt, id, config);
    await rt.schedules.update(id, (s) => (s ? { ...s, status: 'adjudicating' } : undefined));
    await expect(planGameUpdate(rt, id, dir)).rejects.toThrow(GameBusyError);
  });

  it('makes a step adjudicated on the old files be adjudicated again', async () => {
    const { id, dir } = await storedStarter();
    await edit(dir, 'game.yaml', 'email: red@example.org', 'email: scarlet@example.org');
    const onOldFiles = await adjudicateStep(rt.store, id, { seed: 's', now: clock.now });
    await applyGameUpdate(rt, await planGameUpdate(rt, id, dir));
    await expect(rt.store.commitStep(id, onOldFiles)).rejects.toThrow(OrdersChangedError);
  });

  it('gives a province the map gains its place in the state, as the ruleset sets one up', async () => {
    const { id, dir } = await storedStarter();
    await edit(dir, 'map.yaml', 'provinces:\n', 'provinces:\n  cor: { name: Cornwall, kind: coastal, attributes: { owner: red } }\n');
    await edit(dir, 'map.yaml', 'borders:\n', 'borders:\n  - [cor, lon]\n  - [cor, eng]\n');
    await edit(dir, 'map.yaml', '{ name: Wales,', '{ name: Cymru,');
    const plan = await planGameUpdate(rt, id, dir);
    expect(changesText(plan.changes)).toEqual([
      '  Map:',
      '    provinces added: Cornwall (cor)',
      '    wal renamed: Wales → Cymru',
      '    2 borders added: cor-lon (army, fleet), cor-eng (fleet)',
    ]);
    await applyGameUpdate(rt, plan);
    expect((await rt.store.state(id)).provinces.cor).toEqual({ owner: 'red', structure: null });
    await runStep(rt.store, id, { seed: 's', now: clock.now });
  });

  it("moves the open turn's deadline to the new schedule's, which the scheduler then keeps", async () => {
    clock.set('2026-12-01T10:00:00Z'); // a Tuesday
    const { id, dir } = await storedStarter();
    const opened = await ensureSchedule(rt, id, await storedConfig(rt.store, id));
    expect(opened.deadline).toBe('2026-12-04T20:00:00.000Z'); // Friday 20:00 in London
    await edit(dir, 'game.yaml', 'weekly: fri 20:00', 'weekly: wed 18:00');
    const plan = await planGameUpdate(rt, id, dir);
    expect(changesText(plan.changes)).toContain('    the turn under way: deadline Fri 4 Dec, 20:00 (Europe/London) → Wed 2 Dec, 18:00 (Europe/London)');
    await applyGameUpdate(rt, plan);
    expect((await rt.schedules.get(id))?.deadline).toBe('2026-12-02T18:00:00.000Z');
    const scheduler = new Scheduler(rt, { tickMs: 1000 });
    await scheduler.adopt(id);
    await scheduler.tick();
    expect((await rt.schedules.get(id))?.deadline).toBe('2026-12-02T18:00:00.000Z');
  });
});
