// The long-running parts of Adjutant, started together (`adjutant serve`) or apart (`adjutant
// worker`, `adjutant intake`), and stopped in the order that loses nothing: first no new mail,
// then no new deadlines, then the jobs in hand finish, then the last messages and forum posts go out.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { forumAlert } from '../src/channels/forum/forum-alerts.ts';
import { Conversations } from '../src/channels/forum/conversations.ts';
import { startForumPoster } from '../src/channels/forum/forum-poster.ts';
import { startIntake } from '../src/channels/email/imap-intake.ts';
import { sendAlert, storeOutageAlert } from '../src/channels/email/mail-alerts.ts';
import { smtpAuth, tokenSource } from '../src/channels/email/mail-login.ts';
import { startOutboxSender } from '../src/channels/email/outbox-sender.ts';
import { storedRoutes } from '../src/channels/email/route-mail.ts';
import { welcomePlayers } from '../src/messages/welcome.ts';
import { parseMessageInSlices } from '../src/orders/parse-message.ts';
import { PostOutbox } from '../src/store/post-outbox.ts';
import { importGame } from '../src/store/game-archive.ts';
import { storedGame } from '../src/store/stored-game.ts';
import { reachRedis } from '../src/store/reach-redis.ts';
import { OutageWatch } from '../src/store/outage-watch.ts';
import { redisMemoryWarnings } from '../src/store/redis-memory.ts';
import { gameIdFromFolder } from '../src/game/load-game.ts';
import { Scheduler } from '../src/turns/scheduler.ts';
import { statusText } from '../src/turns/status-post.ts';
import { createGameControl } from '../src/turns/scheduler-control.ts';
import { reportRenderer } from '../src/turns/turn-renderer.ts';
import { nationPageUrls } from '../src/web/nation-links.ts';
import { startWebServer } from '../src/web/web-server.ts';
import { startThreadReaders, type ThreadReaders } from '../src/channels/forum/thread-readers.ts';
import { forumWebhooks } from '../src/channels/forum/webhook-intake.ts';
import { forum } from '../src/channels/forum/index.ts';
import { startMailDigest } from './mail-digest.ts';
import { buryFailedJobs, createParseWorker, enqueueParse } from './parse.ts';
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
  const connection = rt.connection;
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
  const pageUrl = nationPageUrls(rt.redis, config.outputs, now);
  // One token source for IMAP and SMTP, so they share each access token.
  const tokens = tokenSource(config.mail.oauth2);
  const stops: Array<[string, () => Promise<unknown>]> = [];
  let readers: ThreadReaders | undefined;

  const imported = await importGames(rt, config, logger);
  for (const id of imported) {
    // A game brought back with its history already has its players.
    if ((await rt.store.step(id)) > 0) continue;
    const welcomed = await welcomePlayers(
      { store: rt.store, outbox: rt.outbox, control, address: config.mail.from, publicUrl: config.outputs.publicUrl, nationPageUrl: pageUrl },
      id,
    );
    logger.info({ gameId: id, players: welcomed }, 'welcome mails recorded');
  }
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
    const intake = startIntake({
      imap: { ...config.mail.imap, tokens },
      mailbox: config.mail.imap.mailbox,
      store: rt.store,
      enqueue: enqueueParse(queue),
      logger,
      now,
      unrouted: config.mail.unrouted,
      routes,
      outages,
    });
    logger.info({ host: config.mail.imap.host, user: config.mail.imap.user }, 'IMAP intake started');
    readers = startThreadReaders({
      store: rt.store,
      outbox: rt.outbox,
      enqueue: enqueueParse(queue),
      logger,
      now,
      address: config.mail.from,
      everyMs: config.forumReadEveryMs,
      games: served ? async () => served : undefined,
      outages,
    });
    const threads = readers;
    stops.unshift(['intake', async () => (await intake.stop(), await threads.stop(), await queue.close())]);
  }
  if (parts.has('workers')) {
    const workers = startWorkers(rt, {
      connection,
      prefix: config.prefix,
      concurrency: config.concurrency,
      lockDurationMs: config.lockMs,
      rendererFor: reportRenderer(config.flavour, pageUrl),
      outputs: { outDir: config.outputs.outDir, publicUrl: config.outputs.publicUrl, privateDir: config.outputs.privateDir, flavours: [config.flavour] },
    });
    const parse = createParseWorker(mailDeps, connection, { prefix: config.prefix, concurrency: config.concurrency, lockDurationMs: config.lockMs, outages });
    const parseQueue = openQueue(QUEUES.parse, connection, config.prefix);
    const buried = await buryFailedJobs(mailDeps, parseQueue).finally(() => parseQueue.close());
    if (buried) logger.warn({ buried }, 'emails that failed before the last stop are now dead letters; the GM is told');
    logger.info({ concurrency: config.concurrency }, 'job workers started');
    stops.push(['workers', () => Promise.all([workers.close(config.shutdownGraceMs), parse.close()])]);
  }
  if (parts.has('sender')) {
    const digest = startMailDigest({ deps: alertDeps, connection, prefix: config.prefix });
    const sender = startOutboxSender({
      outbox: rt.outbox,
      smtp: { ...config.mail.smtp, auth: smtpAuth(config.mail.smtp.auth, tokens) },
      logger,
      now,
      connection,
      queue: openQueue(QUEUES.send, connection, config.prefix),
      rate: config.mail.sendRate,
      lockMs: config.lockMs,
      alert: (gameId, alert) => sendAlert({ ...alertDeps, scheduleDigest: digest.schedule }, gameId, alert),
      outages,
      serves: config.mail.games ? (gameId) => config.mail.games!.includes(gameId) : undefined,
    });
    logger.info({ host: config.mail.smtp.host, port: config.mail.smtp.port }, 'outbox sender started');
    // Beside the mail: the forum poster, whose notices to the GM go out through the mail outbox.
    const poster = startForumPoster({
      outbox: new PostOutbox(rt.redis, { now }),
      conversations: new Conversations(rt.redis),
      forumOf: async (gameId) => (await storedGame(rt.store, gameId)).config.forum,
      logger,
      connection,
      queue: openQueue(QUEUES.forumPost, connection, config.prefix),
      lockMs: config.lockMs,
      alert: (gameId, alert) => forumAlert(alertDeps, gameId, alert),
      outages,
      serves: config.mail.games ? (gameId) => config.mail.games!.includes(gameId) : undefined,
      statusOf: (gameId) => statusText({ store: rt.store, control, now }, gameId),
    });
    logger.info('forum poster started');
    stops.push(['sender', async () => (await poster.stop(), await sender.stop(), await digest.stop())]);
  }
  if (parts.has('outputs') && config.outputs.port !== null) {
    const o = config.outputs;
    // Forum webhook deliveries and orders written on nations' pages, for the parse worker.
    const parseQueue = openQueue(QUEUES.parse, connection, config.prefix);
    const queueMessage = enqueueParse(parseQueue);
    const webhooks = new Map([[forum.id, forumWebhooks({ store: rt.store, enqueue: queueMessage, now, logger, readNow: readers?.readNow })]]);
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
      queueMessage,
    });
    logger.info({ url: server.url, dir: o.outDir, privatePages: !!o.webSecret }, 'web server started');
    stops.push(['outputs', async () => (await server.close(), await parseQueue.close())]);
  }

  return {
    async stop() {
      for (const [name, stop] of stops) {
        await stop().catch((err: unknown) => logger.error({ err, part: name }, 'could not stop cleanly'));
        logger.info({ part: name }, 'stopped');
      }
      await outages.stop();
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
    const { secretsGiven } = await importGame(rt.store, id, dir);
    imported.push(id);
    logger.info({ gameId: id, dir, secretsGiven }, 'game stored');
  }
  return imported;
}
