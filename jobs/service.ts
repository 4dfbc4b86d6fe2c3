// The long-running parts of Adjutant, started together (`adjutant serve`) or apart (`adjutant
// worker`, `adjutant intake`), and stopped in the order that loses nothing: first no new mail,
// then no new deadlines, then the jobs in hand finish, then the last messages and forum posts go out.
// Each channel's processes are its record's (src/channels/index.ts), started here part by part.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { channels } from '../src/channels/index.ts';
import type { ChannelServiceContext, ChannelServices } from '../src/messages/channel-services.ts';
import { storeOutageAlert } from '../src/messages/gm-alerts.ts';
import type { MessageDeps } from '../src/messages/message-context.ts';
import { welcomePlayers } from '../src/messages/welcome.ts';
import { parseMessageInSlices } from '../src/orders/parse-message.ts';
import { importGameFolder } from '../src/channels/import-game.ts';
import { reachRedis } from '../src/store/reach-redis.ts';
import { OutageWatch } from '../src/store/outage-watch.ts';
import { redisMemoryWarnings } from '../src/store/redis-memory.ts';
import { gameIdFromFolder } from '../src/game/load-game.ts';
import { Scheduler } from '../src/turns/scheduler.ts';
import { createGameControl } from '../src/turns/scheduler-control.ts';
import { reportRenderer } from '../src/turns/turn-renderer.ts';
import { nationPageUrls } from '../src/web/nation-links.ts';
import { startWebServer } from '../src/web/web-server.ts';
import { buryFailedJobs, createParseWorker, enqueueParse } from './parse.ts';
import { QUEUES, openQueue, queueNamed } from './queues.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import type { ServiceConfig } from './service-config.ts';
import { startWorkers } from './workers.ts';

export type Part = 'intake' | 'workers' | 'scheduler' | 'sender' | 'outputs';

export interface Service {
  stop(): Promise<void>;
}

type Stop = [part: Part, stop: () => Promise<unknown>];

/** What every part is started from. */
interface Started {
  config: ServiceConfig;
  rt: Runtime & { outages: OutageWatch };
  logger: Logger;
  mailDeps: MessageDeps;
  pageUrl: ReturnType<typeof nationPageUrls>;
  /** The process's one parse queue: its intakes, webhooks and web pages queue stored messages on it. */
  parseQueue: Queue;
  /** Each registered channel's processes, in the registry's order. */
  services: Array<ChannelServices & { id: string }>;
}

export async function startService(config: ServiceConfig, parts: ReadonlySet<Part>, logger: Logger): Promise<Service> {
  const now = () => new Date();
  // Redis down at start-up is a sentence and an exit, not a wait; once running, clients wait through restarts.
  const first = await reachRedis(config.redisUrl);
  for (const warning of await redisMemoryWarnings(first)) logger.warn(warning);
  first.disconnect();
  const base = createRuntime({
    redisUrl: config.redisUrl,
    cluster: config.cluster,
    prefix: config.prefix,
    scope: config.scope,
    mailDomain: config.mail.domain,
    now,
    logger,
    settings: config.settings,
    render: true,
  });
  const alertDeps = { store: base.store, outbox: base.outbox, logger, now, address: config.mail.from };
  // One watch per process: every part notes the outages it meets, and the GM hears of each once.
  const outages = new OutageWatch({ redis: base.redis, logger, now, tell: (gameId, summary) => storeOutageAlert(alertDeps, gameId, summary) });
  const rt = { ...base, outages };
  const control = createGameControl(rt);
  const mailDeps = {
    store: rt.store,
    outbox: rt.outbox,
    control,
    now,
    logger,
    address: config.mail.from,
    publicUrl: config.outputs.publicUrl,
    parse: parseMessageInSlices,
  };
  const parseQueue = openQueue(QUEUES.parse, rt.connection, config.prefix);
  const ctx: ChannelServiceContext = {
    ...alertDeps,
    redis: rt.redis,
    connection: rt.connection,
    outages,
    control,
    games: config.mail.games,
    config,
    enqueue: enqueueParse(parseQueue),
    openQueue: (name) => openQueue(queueNamed(name), rt.connection, config.prefix),
  };
  const services = channels.all().map((channel) => ({ id: channel.id, ...channel.services?.(ctx) }));
  const started: Started = { config, rt, logger, mailDeps, pageUrl: nationPageUrls(rt.redis, config.outputs, now), parseQueue, services };
  const stops: Stop[] = [];

  const imported = await importGames(rt, config, logger);
  await welcomeImported(started, imported);
  if (parts.has('scheduler')) stops.push(await startScheduler(started, imported));
  // Taking messages in is stopped first, wherever it was started.
  if (parts.has('intake')) stops.unshift(startIntakes(started));
  if (parts.has('workers')) stops.push(await startJobWorkers(started));
  if (parts.has('sender')) stops.push(startSenders(started));
  if (parts.has('outputs') && config.outputs.port !== null) stops.push(await startOutputs(started));

  return {
    async stop() {
      for (const [name, stop] of stops) {
        await stop().catch((err: unknown) => logger.error({ err, part: name }, 'could not stop cleanly'));
        logger.info({ part: name }, 'stopped');
      }
      await parseQueue.close();
      await outages.stop();
      await rt.close();
    },
  };
}

async function welcomeImported({ config, rt, logger, mailDeps, pageUrl }: Started, imported: readonly string[]): Promise<void> {
  for (const id of imported) {
    // A game brought back with its history already has its players.
    if ((await rt.store.step(id)) > 0) continue;
    const welcomed = await welcomePlayers(
      { store: rt.store, outbox: rt.outbox, control: mailDeps.control, address: config.mail.from, publicUrl: config.outputs.publicUrl, nationPageUrl: pageUrl },
      id,
    );
    logger.info({ gameId: id, players: welcomed }, 'welcome mails recorded');
  }
}

async function startScheduler({ config, rt, logger }: Started, imported: readonly string[]): Promise<Stop> {
  const scheduler = new Scheduler(rt, { tickMs: config.tickMs, adoptEveryMs: 30_000 });
  const watched = await scheduler.adoptAll();
  scheduler.start();
  logger.info({ games: watched.length, imported }, 'scheduler started');
  return ['scheduler', () => scheduler.stop()];
}

/** Every channel's intake (the IMAP intake, the forum's thread readers), stopped in the order started. */
function startIntakes({ services }: Started): Stop {
  const intakes = services.flatMap((channel) => (channel.intake ? [channel.intake()] : []));
  return [
    'intake',
    async () => {
      for (const intake of intakes) await intake.stop();
    },
  ];
}

async function startJobWorkers({ config, rt, logger, mailDeps, pageUrl, parseQueue }: Started): Promise<Stop> {
  const { connection, outages } = rt;
  const workers = startWorkers(rt, {
    connection,
    prefix: config.prefix,
    concurrency: config.concurrency,
    lockDurationMs: config.lockMs,
    rendererFor: reportRenderer(config.flavour, pageUrl),
    outputs: { outDir: config.outputs.outDir, publicUrl: config.outputs.publicUrl, privateDir: config.outputs.privateDir, flavours: [config.flavour] },
  });
  const parse = createParseWorker(mailDeps, connection, { prefix: config.prefix, concurrency: config.concurrency, lockDurationMs: config.lockMs, outages });
  const buried = await buryFailedJobs(mailDeps, parseQueue);
  if (buried) logger.warn({ buried }, 'emails that failed before the last stop are now dead letters; the GM is told');
  logger.info({ concurrency: config.concurrency }, 'job workers started');
  return ['workers', () => Promise.all([workers.close(config.shutdownGraceMs), parse.close()])];
}

/**
 * Every channel's sender (the mail outbox sender with its digest, the forum poster), stopped in the
 * reverse order: a channel's sender may tell the GM through the mail outbox (the forum poster's
 * notices), so the mail goes out last.
 */
function startSenders({ services }: Started): Stop {
  const senders = services.flatMap((channel) => (channel.sender ? [channel.sender()] : []));
  return [
    'sender',
    async () => {
      for (const sender of senders.reverse()) await sender.stop();
    },
  ];
}

/** The web server, with each channel's webhooks at POST /-/<channel id>/… and orders written on nations' pages, for the parse worker. */
async function startOutputs({ config, logger, mailDeps, parseQueue, services }: Started): Promise<Stop> {
  const o = config.outputs;
  const webhooks = new Map(services.flatMap((channel) => (channel.webhooks ? [[channel.id, channel.webhooks()] as const] : [])));
  const server = await startWebServer({
    dir: o.outDir,
    port: o.port!,
    host: o.host,
    publicUrl: o.publicUrl,
    trustProxy: o.trustProxy,
    secret: o.webSecret,
    deps: mailDeps,
    logger,
    webhooks,
    queueMessage: enqueueParse(parseQueue),
  });
  logger.info({ url: server.url, dir: o.outDir, privatePages: !!o.webSecret }, 'web server started');
  return ['outputs', () => server.close()];
}

/** Stores the configured game folders that are not stored yet; returns their ids. */
async function importGames(rt: Runtime, config: ServiceConfig, logger: Logger): Promise<string[]> {
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
    const { secretsGiven } = await importGameFolder(rt.store, id, dir, rt.now());
    imported.push(id);
    logger.info({ gameId: id, dir, secretsGiven }, 'game stored');
  }
  return imported;
}
