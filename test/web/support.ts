// A world for the web tests: the claims fixture game stored on the real Redis, public, with a GM
// secret, a schedule the real scheduler keeps, job workers that adjudicate and render maps into a
// temporary output folder, and the web server on a free port with a test web secret.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { startWorkers, type RunningWorkers } from '../../jobs/workers.ts';
import type { Runtime } from '../../jobs/runtime.ts';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { MessageDeps } from '../../src/messages/message-context.ts';
import { MessageLedger, type MessageResult } from '../../src/messages/message-ledger.ts';
import { processMail } from '../../src/channels/email/process-mail.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { reportRenderer } from '../../src/turns/turn-renderer.ts';
import { WebLinks } from '../../src/web/link-generations.ts';
import { nationPageUrls } from '../../src/web/nation-links.ts';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import { readGameFolder } from '../../src/game/load-game.ts';
import { openGame } from '../../src/game/open-game.ts';
import { claimsParser } from '../mail/support/claims-parser.ts';
import { requireServices } from '../support/services.ts';
import { claim, cleanUp, storeFixtureGame, testRuntime, waitFor } from '../turns/support.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));

export const WEB_SECRET = 'test-only-web-secret-0123456789abcdef0123456789';
export const GM_SECRET = 'gm-granite-owl';

export interface WebWorld {
  rt: Runtime;
  deps: MessageDeps;
  scheduler: Scheduler;
  server: WebServer;
  links: WebLinks;
  outDir: string;
  gameId: string;
  /** Plays one step with these claims (nation -> province) and waits until its map is written. */
  playStep(claims: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The pages' dependencies on the real Redis; `close` when done. Orders are read by the claims
 * fixture's parser, or with `ownReader` by the project's own reader, as the service reads them.
 */
export async function testDeps(options: { ownReader?: boolean } = {}): Promise<{ deps: MessageDeps; rt: Runtime; close(): Promise<void> }> {
  const { redisUrl } = await requireServices(['redis']);
  const rt = testRuntime(undefined, redisUrl);
  const deps: MessageDeps = {
    store: rt.store,
    outbox: rt.outbox,
    control: createGameControl(rt),
    now: () => new Date(),
    logger: pino({ level: 'silent' }),
    address: 'game@adjutant.test',
    ...(!options.ownReader && { parse: claimsParser }),
  };
  return { deps, rt, close: () => rt.close() };
}

/** Starter games stored on the real Redis (one per ruleset, by id) and the web server over them, read by the project's own reader. */
export interface StarterWorld {
  rt: Runtime;
  server: WebServer;
  links: WebLinks;
  games: Map<string, string>;
  close(): Promise<void>;
}

export async function starterWorld(rulesets: readonly string[]): Promise<StarterWorld> {
  const { deps, rt } = await testDeps({ ownReader: true });
  const games = new Map<string, string>();
  for (const ruleset of rulesets) {
    const files = await readGameFolder(path.join(STARTERS, ruleset));
    const { game, problems } = openGame('starter', files);
    if (!game) throw new Error(problems.map((p) => p.message).join('\n'));
    const id = `t-${ruleset}-${randomUUID().slice(0, 8)}`;
    await rt.store.createGame(id, { files, state: game.state });
    games.set(ruleset, id);
  }
  const server = await startWebServer({ dir: await mkdtemp(path.join(tmpdir(), 'adjutant-web-')), port: 0, secret: WEB_SECRET, deps, publicUrl: undefined });
  const close = async () => {
    await server.close();
    await cleanUp(rt, [...games.values()]);
    await rt.close();
  };
  return { rt, server, links: new WebLinks(rt.redis, WEB_SECRET, deps.now), games, close };
}

/** An email as the intake would hand it over: stored, its arrival noted, then processed. */
export async function receiveMail(deps: MessageDeps, gameId: string, mail: { from: string; subject: string; text: string }): Promise<MessageResult> {
  const raw = await new MailComposer({ ...mail, to: 'game@adjutant.test', date: new Date(), messageId: `<${randomUUID()}@adjutant.test>` }).compile().build();
  const messageId = await deps.store.putMail(gameId, raw);
  await new MessageLedger(deps.store.redis).markReceived(gameId, messageId, new Date());
  return processMail(deps, { gameId, messageId });
}

export async function webWorld(changes: Record<string, unknown> = {}): Promise<WebWorld> {
  const { redisUrl } = await requireServices(['redis']);
  const rt = testRuntime(undefined, redisUrl, { downAfterMs: 86_400_000, minimumNoticeMs: 60_000 }, true);
  const outDir = await mkdtemp(path.join(tmpdir(), 'adjutant-web-'));
  const control = createGameControl(rt);
  const logger = pino({ level: process.env.ADJUTANT_TEST_LOG ?? 'silent' });
  const deps: MessageDeps = { store: rt.store, outbox: rt.outbox, control, now: () => new Date(), logger, address: 'game@adjutant.test', parse: claimsParser };
  const start = new Date(Date.now() + 2 * 3600_000).toISOString();
  const gameId = await storeFixtureGame(rt, {
    public: true,
    gm: { name: 'Grace the GM', email: 'gm@adjutant.test', secret: GM_SECRET },
    schedule: { every: '3d', start, reminders: [] },
    ...changes,
  });
  const scheduler = new Scheduler(rt, { tickMs: 1000 });
  await scheduler.adopt(gameId);
  await scheduler.tick();
  const server = await startWebServer({ dir: outDir, port: 0, secret: WEB_SECRET, deps, publicUrl: undefined });
  const pageUrl = nationPageUrls(rt.redis, { publicUrl: server.url, webSecret: WEB_SECRET }, deps.now);
  const workers: RunningWorkers = startWorkers(rt, {
    connection: connectionFromUrl(redisUrl),
    prefix: rt.prefix,
    lockDurationMs: 5000,
    outputs: { outDir, publicUrl: server.url },
    rendererFor: reportRenderer('discourse', pageUrl),
  });
  return {
    rt,
    deps,
    scheduler,
    server,
    links: new WebLinks(rt.redis, WEB_SECRET, deps.now),
    outDir,
    gameId,
    async playStep(claims) {
      const step = await rt.store.step(gameId);
      for (const [nation, province] of Object.entries(claims)) await claim(rt, gameId, nation, province);
      await control.processNow(gameId);
      await scheduler.tick();
      await waitFor(
        `step ${step + 1} and its report`,
        async () => (await rt.store.step(gameId)) === step + 1 && (await rt.schedules.get(gameId))?.step === step + 2,
      );
      await waitFor('the published reports', async () => (await rt.redis.hexists(`adjutant:{${gameId}}:outbox`, `report:${step + 1}:red`)) === 1);
    },
    async close() {
      await server.close();
      await workers.close();
      await cleanUp(rt, [gameId]);
      await rt.close();
    },
  };
}
