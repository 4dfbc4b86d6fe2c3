// A game of the fixture claims ruleset as big as a bench needs: provinces in a line, each nation
// with a player and a secret; and the web server alone in a child process on that game's Redis.
import pino from 'pino';
import { stringify } from 'yaml';
import '../../test/support/fixture-claims/index.ts';
import type { MessageParser } from '../../src/messages/message-context.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { startWebServer } from '../../src/web/web-server.ts';
import { createRuntime } from '../../jobs/runtime.ts';

export function claimsWorld(size: { provinces: number; nations: number }, game: Record<string, unknown>): Record<string, string> {
  const provinces = Object.fromEntries(Array.from({ length: size.provinces }, (_, i) => [`p${i}`, { name: `Province ${i}`, kind: 'land' }]));
  const borders = Array.from({ length: size.provinces - 1 }, (_, i) => [`p${i}`, `p${i + 1}`]);
  const nations = Object.fromEntries(
    Array.from({ length: size.nations }, (_, n) => [
      `n${n}`,
      {
        name: `Nation ${n + 1}`,
        colour: `#${(0x203040 + n * 0x0b1309).toString(16).slice(-6)}`,
        player: { name: `Player ${n + 1}`, email: `player${n + 1}@adjutant.test` },
        secret: `secret-${n}`,
      },
    ]),
  );
  const file = { ruleset: 'fixture-claims', gm: { name: 'GM', email: 'gm@adjutant.test' }, ...game, nations };
  return { 'game.yaml': stringify(file), 'map.yaml': stringify({ provinces, borders }) };
}

/** The child's part: the web server alone on REDIS_URL, serving OUT_DIR; prints its URL, stops on SIGTERM. */
export async function serveWeb(options: { secret?: string; parse?: MessageParser } = {}): Promise<void> {
  const rt = createRuntime({ redisUrl: process.env.REDIS_URL!, logger: pino({ level: 'warn' }, pino.destination(2)) });
  const deps = {
    store: rt.store,
    outbox: rt.outbox,
    control: createGameControl(rt),
    now: () => new Date(),
    logger: rt.logger,
    address: 'game@adjutant.test',
    parse: options.parse,
  };
  const server = await startWebServer({ dir: process.env.OUT_DIR ?? '.', port: 0, deps, secret: options.secret });
  process.stdout.write(`${server.url}\n`);
  process.on(
    'SIGTERM',
    () =>
      void server
        .close()
        .then(() => rt.close())
        .then(() => process.exit(0)),
  );
}
