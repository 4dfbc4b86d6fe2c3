// What the fault tests share with their child worker processes: a ruleset that takes a while to
// adjudicate (so a kill can land in the middle), a renderer that takes a while per report, and a
// game with a dozen players, so publishing has many messages to get exactly once.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { stringify } from 'yaml';
import { rulesets } from '../../src/rulesets/index.ts';
import { openGame } from '../../src/game/open-game.ts';
import { reportRenderer, type RendererFactory } from '../../src/turns/turn-renderer.ts';
import type { TurnRuntime } from '../../src/turns/turn-runtime.ts';
import { fixtureRuleset } from '../support/fixture-claims/index.ts';
import { FIXTURE } from './support.ts';

const options = z.strictObject({ bonus: z.number().int().default(0), busyMs: z.number().int().default(0) });

if (!rulesets.has('fixture-slow')) {
  rulesets.add({
    ...fixtureRuleset,
    id: 'fixture-slow',
    options,
    adjudicate: (ctx, state, orders, dice) => {
      // Adjudication is synchronous CPU work; a busy wait stands for a big turn.
      const until = Date.now() + Number((ctx.options as { busyMs?: number }).busyMs ?? 0);
      while (Date.now() < until);
      return fixtureRuleset.adjudicate(ctx as never, state, orders, dice);
    },
  });
}

/** The real reports, each taking `msPerReport` longer. */
export function slowRenderer(msPerReport: number): RendererFactory {
  return (info) => {
    const real = reportRenderer()(info);
    return {
      ...real,
      async privateReport(game, record, nation) {
        await new Promise((r) => setTimeout(r, msPerReport));
        return real.privateReport(game, record, nation);
      },
    };
  };
}

export const PROVINCES = ['nor', 'mid', 'sou'];
export const nationIds = (count: number) => Array.from({ length: count }, (_, i) => `n${i + 1}`);

/** A game with `count` players (player1..player12@adjutant.test, then made-up addresses). */
export async function storeCrowdGame(
  rt: TurnRuntime,
  count: number,
  busyMs: number,
  schedule: Record<string, unknown> = { every: '1w', start: '2030-01-01T00:00:00Z', reminders: [] },
): Promise<string> {
  const id = `t-${randomUUID()}`;
  const nations = Object.fromEntries(
    nationIds(count).map((n, i) => [
      n,
      {
        name: `Nation ${i + 1}`,
        colour: '#112233',
        player: { name: `Player ${i + 1}`, email: i < 12 ? `player${i + 1}@adjutant.test` : `player${i + 1}@example.org` },
      },
    ]),
  );
  const game = { title: 'Crowded Valleys', ruleset: 'fixture-slow', options: { busyMs }, gm: { name: 'GM', email: 'gm@adjutant.test' }, schedule, nations };
  const files = { 'game.yaml': stringify(game), 'map.yaml': await readFile(path.join(FIXTURE, 'map.yaml'), 'utf8') };
  const opened = openGame(id, files);
  if (!opened.game) throw new Error(opened.problems.map((p) => p.message).join('\n'));
  await rt.store.createGame(id, { files, state: opened.game.state });
  return id;
}

/** Every nation claims a province; returns the orders as set, to check none is lost. */
export async function orderAll(rt: TurnRuntime, gameId: string, count: number): Promise<Record<string, unknown[]>> {
  const set: Record<string, unknown[]> = {};
  for (const [i, n] of nationIds(count).entries()) {
    set[n] = [{ kind: 'claim', province: PROVINCES[i % PROVINCES.length] }];
    await rt.store.setOrders(gameId, n, { orders: set[n] as never, mails: [] });
  }
  return set;
}

/** The outbox keys one published step must have, and nothing else. */
export function expectedKeys(count: number, step = 1): string[] {
  return [...nationIds(count).map((n) => `report:${step}:${n}`), `summary:${step}`, `update:${step}`].sort();
}
