// The long-running parts of Adjutant, started together (`adjutant serve`) or apart (`adjutant
// worker`, `adjutant intake`), and stopped in the order that loses nothing: first no new mail,
// then no new deadlines, then the jobs in hand finish, then the last messages go out.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { startIntake } from '../src/mail/imap-intake.ts';
import { startOutboxSender } from '../src/mail/outbox-sender.ts';
import { storedRoutes } from '../src/mail/route-mail.ts';
import { parseMessage } from '../src/orders/parse-message.ts';
import { startOutputServer } from '../src/render/output-server.ts';
import { importGame } from '../src/store/game-archive.ts';
import { gameIdFromFolder } from '../src/game/load-game.ts';
import { Scheduler } from '../src/turns/scheduler.ts';
import { createGameControl } from '../src/turns/scheduler-control.ts';
import { reportRenderer } from '../src/turns/turn-renderer.ts';
import { createParseWorker, enqueueParse } from './parse.ts';
import { QUEUES, openQueue } from './queues.ts';
import { createRuntime } from './runtime.ts';
import type { ServiceConfig } from './service-config.ts';
import { startWorkers } from './workers.ts';

export type Part = 'intake' | 'workers' | 'scheduler' | 'sender' | 'outputs';

export interface Service {
  stop(): Promise<void>;
}

export async function startService(config: ServiceConfig, parts: ReadonlySet<Part>, logger: Logger): Promise<Service> {
  const now = () => new Date();
  const rt = createRuntime({ redisUrl: config.redisUrl, cluster: config.cluster, prefix: config.prefix, scope: config.scope, mailDomain: config.mail.domain, now, logger, settings: config.settings, render: true });
  const connection = rt.connection;
  const control = createGameControl(rt);
  const stops: Array<[string, () => Promise<unknown>]> = [];

  const imported = await importGames(rt, config, logger);
  if (parts.has('scheduler')) {
    const scheduler = new Scheduler(rt, { tickMs: config.tickMs, adoptEveryMs: 30_000 });
    const watched = await scheduler.adoptAll();
    scheduler.start();
    logger.info({ games: watched.length, imported }, 'scheduler started');
    stops.push(['scheduler', () => scheduler.stop()]);
  }
  if (parts.has('intake')) {
    const queue = openQueue(QUEUES.parse, connection, config.prefix);
    const served = config.mail.games;
    const routes = served ? async () => (await storedRoutes(rt.store)).filter((r) => served.includes(r.id)) : undefined;
    const intake = startIntake({ imap: config.mail.imap, store: rt.store, enqueue: enqueueParse(queue), logger, now, unrouted: config.mail.unrouted, routes });
    logger.info({ host: config.mail.imap.host, user: config.mail.imap.user }, 'IMAP intake started');
    stops.unshift(['intake', async () => (await intake.stop(), await queue.close())]);
  }
  if (parts.has('workers')) {
    const workers = startWorkers(rt, {
      connection,
      prefix: config.prefix,
      concurrency: config.concurrency,
      lockDurationMs: config.lockMs,
      rendererFor: reportRenderer(config.flavour),
      outputs: { outDir: config.outputs.outDir, publicUrl: config.outputs.publicUrl, privateDir: config.outputs.privateDir, flavours: [config.flavour] },
    });
    const parse = createParseWorker({ store: rt.store, outbox: rt.outbox, control, now, logger, address: config.mail.from, parse: parseMessage }, connection, { prefix: config.prefix, concurrency: config.concurrency });
    logger.info({ concurrency: config.concurrency }, 'job workers started');
    stops.push(['workers', () => Promise.all([workers.close(config.shutdownGraceMs), parse.close()])]);
  }
  if (parts.has('sender')) {
    const sender = startOutboxSender({ outbox: rt.outbox, redis: rt.redis, smtp: config.mail.smtp, logger, now });
    logger.info({ host: config.mail.smtp.host, port: config.mail.smtp.port }, 'outbox sender started');
    stops.push(['sender', () => sender.stop()]);
  }
  if (parts.has('outputs') && config.outputs.port !== null) {
    const server = await startOutputServer({ dir: config.outputs.outDir, port: config.outputs.port, host: config.outputs.host });
    logger.info({ url: server.url, dir: config.outputs.outDir }, 'output server started');
    stops.push(['outputs', () => server.close()]);
  }

  return {
    async stop() {
      for (const [name, stop] of stops) {
        await stop().catch((err: unknown) => logger.error({ err, part: name }, 'could not stop cleanly'));
        logger.info({ part: name }, 'stopped');
      }
      await rt.close();
    },
  };
}

/** Stores the configured game folders that are not stored yet; returns their ids. */
async function importGames(rt: ReturnType<typeof createRuntime>, config: ServiceConfig, logger: Logger): Promise<string[]> {
  const folders = [...config.games];
  if (config.gamesDir) {
    for (const name of (await readdir(config.gamesDir)).sort()) {
      const dir = path.join(config.gamesDir, name);
      if ((await stat(dir)).isDirectory() && (await readdir(dir)).includes('game.yaml')) folders.push(dir);
    }
  }
  const imported: string[] = [];
  for (const dir of folders) {
    const id = gameIdFromFolder(dir);
    if (await rt.store.exists(id)) continue;
    await importGame(rt.store, id, dir);
    imported.push(id);
    logger.info({ gameId: id, dir }, 'game stored');
  }
  return imported;
}
