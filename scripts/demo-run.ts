// Plays a demo game (scripts/demo-game.ts) for its turns on a schedule compressed to seconds.
// Adjutant runs as `adjutant serve` does (intake with the thread reader, workers, scheduler,
// outbox sender with the forum poster, output server); simulated players mail their orders over
// SMTP or order on a local XenForo forum (scripts/demo-forum.ts) and are confirmed there, each
// turn is adjudicated at its deadline, the reports land in the players' IMAP mailboxes and the
// update in the thread.
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { parseDocument } from 'yaml';
import { startService } from '../jobs/service.ts';
import { serviceConfig } from '../jobs/service-config.ts';
import type { Game } from '../src/game/open-game.ts';
import { exportGame } from '../src/store/game-archive.ts';
import { GameStore } from '../src/store/game-store.ts';
import { connectRedis } from '../src/store/redis.ts';
import { storedGame } from '../src/store/stored-game.ts';
import { startDemoForum, type DemoForum, type ForumNation } from './demo-forum.ts';
import type { DemoGame } from './demo-game.ts';
import { domain, firstLines, imapAddress, mailIn, password, say, sendMail, waitForMail, waitUntil } from './demo-mail.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** How often the demo's service reads the thread (the service's own default is every minute). */
const FORUM_READ_MS = 2000;
const env = process.env;

interface Setup {
  demo: DemoGame;
  gameId: string;
  stamp: string;
  dir: string;
  turnSeconds: number;
  forum: DemoForum;
}
type Run = Setup & { store: GameStore };

/** Plays the game; `turnSeconds` between deadlines: enough for the mail to go round, short enough to watch. */
export async function runDemo(demo: DemoGame, turnSeconds: number): Promise<void> {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const gameId = `demo-${stamp}`;
  const dir = path.join(env.ADJUTANT_RUN_DIR ?? path.join(ROOT, '.run'), 'demo', stamp);
  const forum = await startDemoForum(demo.forumNations);
  try {
    await play({ demo, gameId, stamp, dir, turnSeconds, forum });
  } finally {
    await forum.close();
  }
}

async function play(setup: Setup): Promise<void> {
  const { gameId, dir } = setup;
  const gameDir = await prepareGame(setup);
  // Only this game's mail is taken from the mailbox: other games on the same services are left alone.
  const config = serviceConfig({
    ...env,
    ADJUTANT_UNROUTED: 'leave',
    ADJUTANT_INTAKE_GAMES: gameId,
    ADJUTANT_IMAP_USER: `game@${domain}`,
    ADJUTANT_IMAP_PASSWORD: password,
  });
  Object.assign(config, {
    games: [gameDir],
    scope: gameId,
    prefix: `{adjutant-${gameId}}`,
    tickMs: 200,
    lockMs: 10_000,
    shutdownGraceMs: 10_000,
    forumReadEveryMs: FORUM_READ_MS,
  });
  Object.assign(config.outputs, { outDir: path.join(dir, 'out'), privateDir: path.join(dir, 'private'), port: 0, publicUrl: undefined });
  const logFile = path.join(dir, 'service.log');
  const service = await startService(
    config,
    new Set(['intake', 'workers', 'scheduler', 'sender', 'outputs']),
    pino({ level: 'info' }, pino.destination({ dest: logFile, sync: true })),
  );
  say(`Adjutant is running (intake and thread reader, workers, scheduler, outbox sender and forum poster, output server); its log is ${logFile}`);
  const redis = connectRedis(config.redisUrl);
  const run: Run = { ...setup, store: new GameStore(redis) };
  try {
    for (let turn = 1; turn <= run.demo.turns; turn++) await playTurn(run, turn);
    await waitUntil('the last reports to be sent', async () => (await redis.zcard(`adjutant:{${gameId}}:outbox:pending`)) === 0, 30_000);
    await exportGame(run.store, gameId, path.join(dir, 'export'));
  } finally {
    await service.stop();
  }
  await summary(run);
  redis.disconnect();
}

/** The demo's game with secrets, a fast schedule and the forum's thread, as the demo adapts it. */
async function prepareGame(run: Setup): Promise<string> {
  const { demo, gameId, stamp, turnSeconds } = run;
  const dir = path.join(run.dir, 'games', gameId);
  await mkdir(dir, { recursive: true });
  await cp(path.join(ROOT, demo.folder), dir, { recursive: true });
  const game = parseDocument(await readFile(path.join(dir, 'game.yaml'), 'utf8'));
  // Fixed deadlines a few seconds apart stand in for "fri 20:00": the schedule is the real one, only shorter.
  const dates = Array.from({ length: demo.turns }, (_, i) => new Date(Date.now() + (i + 1) * turnSeconds * 1000).toISOString());
  game.set('title', `${demo.title} ${stamp}`);
  game.setIn(['gm', 'secret'], 'gm-secret-owl');
  // Deadlines seconds apart need no notice: a late turn would otherwise push the next an hour away.
  game.set('schedule', game.createNode({ dates, reminders: [], missedOrders: 'hold', alertAfterMissed: 2, minimumNotice: '0m' }));
  for (const nation of Object.keys(game.toJS().nations)) game.setIn(['nations', nation, 'secret'], `${nation}-secret`);
  game.set('forum', game.createNode(run.forum.section));
  await demo.adapt?.(dir, game);
  await writeFile(path.join(dir, 'game.yaml'), game.toString({ lineWidth: 0 }));
  say(`game "${gameId}": ${demo.about}, a deadline every ${turnSeconds} s, its thread on the local forum; folder ${dir}`);
  return dir;
}

async function playTurn(run: Run, turn: number): Promise<void> {
  const { demo, gameId, store, forum } = run;
  await waitUntil(`turn ${turn} to open`, async () => (await store.exists(gameId)) && (await store.step(gameId)) === turn - 1, 30_000);
  const game = await storedGame(store, gameId);
  const confirmed = await sendOrders(run, game, turn);
  if (demo.afterOrders) await demo.afterOrders(gameId, turn);
  for (const [nation, before] of confirmed) {
    await waitUntil(`the forum confirmation for ${nation}`, async () => forum.messagesTo(nation).length > before, 30_000);
    const got = forum.messagesTo(nation).slice(before);
    say(
      `turn ${turn}: ${nation}'s forum orders read by Adjutant's forum reader, which answered by forum private message:\n    ${got.map((m) => `"${m.title}": ${firstLines(m.message, 3)}`).join('\n    ')}`,
    );
  }
  await waitUntil(`turn ${turn} to be adjudicated at its deadline`, async () => (await store.step(gameId)) >= turn, 60_000);
  const record = (await store.record(gameId, turn))!;
  say(`turn ${turn}: adjudicated (step ${record.step}, ${record.events.length} events, ${record.dice.length} dice, seed ${record.seed})`);
  const first = userOf(Object.values(game.config.nations)[0].player!.email);
  const [report] = await waitForMail(first, `${run.stamp}] Turn ${turn} results`, 60_000);
  say(`turn ${turn}: ${first} received "${report.subject}"`);
  let post: ReturnType<DemoForum['updatePost']>;
  await waitUntil(`turn ${turn}'s update in the forum thread`, async () => !!(post = forum.updatePost(gameId, turn)), 60_000);
  say(`turn ${turn}: the forum poster posted the update into the thread (post #${post!.id}, ${post!.attachments} image attached)`);
  const outcome = (await demo.outcome?.(path.join(run.dir, 'out', gameId, `turn-${turn}`))) ?? [];
  if (outcome.length) say(`turn ${turn}: what came of it:\n    ${outcome.join('\n    ')}`);
}

/** Each player orders by email or on the forum; returns the forum players with their private messages so far. */
async function sendOrders(run: Run, game: Game, turn: number): Promise<Map<ForumNation, number>> {
  const { demo, gameId, forum } = run;
  const sent: string[] = [];
  const silent: string[] = [];
  const confirmed = new Map<ForumNation, number>();
  for (const nation of Object.keys(game.config.nations)) {
    const lines = demo.orders(game, nation, turn);
    if (!lines) silent.push(nation);
    else if (forum.plays(nation)) {
      confirmed.set(nation, forum.messagesTo(nation).length);
      sent.push(`${nation}: ${lines.join(' | ')}   <- ${forum.order(nation, turn, lines)}`);
    } else {
      await sendMail({
        from: game.config.nations[nation].player!.email,
        to: `game@${domain}`,
        subject: `[${gameId}] Orders for turn ${turn}`,
        text: `${nation}-secret\n${lines.join('\n')}\n\nThanks!\n`,
      });
      sent.push(`${nation}: ${lines.join(' | ')}`);
    }
  }
  const notes = [
    ...(silent.length ? [`${silent.join(', ')} send${silent.length === 1 ? 's' : ''} none`] : []),
    ...(demo.note?.(turn) ? [demo.note(turn)] : []),
  ];
  const emailed = sent.length - confirmed.size;
  say(
    `turn ${turn}: ${emailed} player${emailed === 1 ? '' : 's'} emailed orders, ${confirmed.size} ordered on the forum${notes.length ? ` (${notes.join('; ')})` : ''}:\n    ${sent.join('\n    ')}`,
  );
  return confirmed;
}

const userOf = (email: string) => email.split('@')[0];

async function summary(run: Run): Promise<void> {
  const { gameId, dir, store, forum } = run;
  const history = await store.history(gameId);
  say(`done: ${history.length} turns adjudicated, every one at its deadline.`);
  const game = await storedGame(store, gameId);
  const users = [game.config.gm.email, ...Object.values(game.config.nations).map((n) => n.player!.email)].map(userOf);
  const counts: string[] = [];
  for (const user of users) counts.push(`${user} ${(await mailIn(user, run.stamp)).length}`);
  say(`messages in each mailbox: ${counts.join(', ')}`);
  const gm = await mailIn(users[0], run.stamp);
  say(`the GM's mail:\n    ${gm.map((m) => m.subject).join('\n    ')}`);
  const out = path.join(dir, 'out', gameId);
  const turns = (await readdir(out)).sort();
  // The services have the mailboxes gm@ and player1..12@; each demo gives its nations the first ones in order.
  say(`where to look:
    maps and forum updates   ${out}/{${turns.join(',')}}/ (map.png, update-xenforo.txt; each update was also posted into the thread)
    private reports copies   ${path.join(dir, 'private', gameId)}
    the game with history    ${path.join(dir, 'export')} (state.yaml, history/step-*.yaml, mail/*.eml)
    mailboxes (IMAP)         ${imapAddress}, users ${users[0]}@ and player1..${users.length - 1}@${domain}, password "${password}"
    Adjutant's log           ${path.join(dir, 'service.log')}`);
  say(`the forum (gone when the demo ends):\n    ${forum.describe().join('\n    ')}`);
}
