// `npm run demo` (through scripts/demo.sh): a small game played by email and on a forum for three
// turns on a schedule compressed to seconds. Adjutant runs as `adjutant serve` does (intake with
// the thread reader, workers, scheduler, outbox sender with the forum poster, output server);
// simulated players mail their orders over SMTP (some with typos, one ambiguous, one never), two
// order on a local XenForo forum (scripts/demo-forum.ts: one in the game thread, one by private
// message) and are confirmed there, the GM answers the ticket by email, each turn is adjudicated at
// its deadline, the reports land in the players' IMAP mailboxes and the update in the thread.
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer, { type SendMailOptions } from 'nodemailer';
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

const ROOT = path.resolve(import.meta.dirname, '..');
const TURNS = 3;
/** Seconds between deadlines: enough for the mail to go round, short enough to watch. */
const TURN_SECONDS = 20;
/** How often the demo's service reads the thread (the service's own default is every minute). */
const FORUM_READ_MS = 2000;
const SILENT = 'maroon'; // the player who never sends orders
const env = process.env;
const domain = env.ADJUTANT_MAIL_DOMAIN ?? 'adjutant.test';
const password = env.ADJUTANT_MAIL_PASSWORD ?? 'secret';
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const gameId = `demo-${stamp}`;
const demoDir = path.join(env.ADJUTANT_RUN_DIR ?? path.join(ROOT, '.run'), 'demo', stamp);
const say = (line: string) => console.log(`demo: ${line}`);

async function main(): Promise<void> {
  const forum = await startDemoForum();
  try {
    await play(forum);
  } finally {
    await forum.close();
  }
}

async function play(forum: DemoForum): Promise<void> {
  const gameDir = await prepareGame(forum);
  // Only this game's mail is taken from the mailbox: other games on the same services are left alone.
  const config = serviceConfig({ ...env, ADJUTANT_UNROUTED: 'leave', ADJUTANT_INTAKE_GAMES: gameId, ADJUTANT_IMAP_USER: `game@${domain}`, ADJUTANT_IMAP_PASSWORD: password });
  Object.assign(config, { games: [gameDir], scope: gameId, prefix: `{adjutant-${gameId}}`, tickMs: 200, lockMs: 10_000, shutdownGraceMs: 10_000, forumReadEveryMs: FORUM_READ_MS });
  Object.assign(config.outputs, { outDir: path.join(demoDir, 'out'), privateDir: path.join(demoDir, 'private'), port: 0, publicUrl: undefined });
  const logFile = path.join(demoDir, 'service.log');
  const service = await startService(config, new Set(['intake', 'workers', 'scheduler', 'sender', 'outputs']), pino({ level: 'info' }, pino.destination({ dest: logFile, sync: true })));
  say(`Adjutant is running (intake and thread reader, workers, scheduler, outbox sender and forum poster, output server); its log is ${logFile}`);
  const redis = connectRedis(config.redisUrl);
  const store = new GameStore(redis);
  try {
    for (let turn = 1; turn <= TURNS; turn++) await playTurn(store, forum, turn);
    await waitUntil('the last reports to be sent', async () => (await redis.zcard(`adjutant:{${gameId}}:outbox:pending`)) === 0, 30_000);
    await exportGame(store, gameId, path.join(demoDir, 'export'));
  } finally {
    await service.stop();
  }
  await summary(store, forum);
  redis.disconnect();
}

/** The example world, with secrets, a fast schedule, and two provinces sharing a nickname (for an ambiguous order). */
async function prepareGame(forum: DemoForum): Promise<string> {
  const dir = path.join(demoDir, 'games', gameId);
  await mkdir(dir, { recursive: true });
  await cp(path.join(ROOT, 'examples/demo-world'), dir, { recursive: true });
  const game = parseDocument(await readFile(path.join(dir, 'game.yaml'), 'utf8'));
  // Fixed deadlines a few seconds apart stand in for "fri 20:00": the schedule is the real one, only shorter.
  const dates = Array.from({ length: TURNS }, (_, i) => new Date(Date.now() + (i + 1) * TURN_SECONDS * 1000).toISOString());
  game.set('title', `The Demo World ${stamp}`);
  game.setIn(['gm', 'secret'], 'gm-secret-owl');
  game.set('schedule', game.createNode({ dates, reminders: [], missedOrders: 'hold', alertAfterMissed: 2 }));
  for (const nation of Object.keys(game.toJS().nations)) game.setIn(['nations', nation, 'secret'], `${nation}-secret`);
  game.set('forum', game.createNode(forum.section));
  await writeFile(path.join(dir, 'game.yaml'), game.toString({ lineWidth: 0 }));
  const map = await readFile(path.join(dir, 'map.yaml'), 'utf8');
  await writeFile(path.join(dir, 'map.yaml'), map.replace(/^(  (?:fen|lor): \{ name: "[^"]+", )/gm, '$1aliases: [Twin Fords], '));
  say(`game "${gameId}": examples/demo-world for 12 players, a deadline every ${TURN_SECONDS} s, its thread on the local forum; folder ${dir}`);
  return dir;
}

async function playTurn(store: GameStore, forum: DemoForum, turn: number): Promise<void> {
  await waitUntil(`turn ${turn} to open`, async () => (await store.exists(gameId)) && (await store.step(gameId)) === turn - 1, 30_000);
  const game = await storedGame(store, gameId);
  const sent: string[] = [];
  const confirmed = new Map<ForumNation, number>();
  for (const [i, nation] of Object.keys(game.config.nations).entries()) {
    if (nation === SILENT) continue;
    const lines = ordersFor(game, nation, i, turn);
    if (forum.plays(nation)) {
      confirmed.set(nation, forum.messagesTo(nation).length);
      sent.push(`${nation}: ${lines.join(' | ')}   <- ${forum.order(nation, turn, lines)}`);
      continue;
    }
    await sendMail({ from: game.config.nations[nation].player!.email, to: `game@${domain}`, subject: `[${gameId}] Orders for turn ${turn}`, text: `${nation}-secret\n${lines.join('\n')}\n\nThanks!\n` });
    sent.push(`${nation}: ${lines.join(' | ')}`);
  }
  const note = turn === 1 ? '; every third player misspells a province on purpose, and red\'s "Twin Fords" names two provinces' : '';
  say(`turn ${turn}: 9 players emailed orders, 2 ordered on the forum (${SILENT} sends none${note}):\n    ${sent.join('\n    ')}`);
  if (turn === 1) await answerTicket();
  for (const [nation, before] of confirmed) {
    await waitUntil(`the forum confirmation for ${nation}`, async () => forum.messagesTo(nation).length > before, 30_000);
    const got = forum.messagesTo(nation).slice(before);
    say(`turn ${turn}: ${nation}'s forum orders read by Adjutant's forum reader, which answered by forum private message:\n    ${got.map((m) => `"${m.title}": ${firstLines(m.message, 3)}`).join('\n    ')}`);
  }
  await waitUntil(`turn ${turn} to be adjudicated at its deadline`, async () => (await store.step(gameId)) >= turn, 60_000);
  const record = (await store.record(gameId, turn))!;
  say(`turn ${turn}: adjudicated (step ${record.step}, ${record.events.length} events, ${record.dice.length} dice, seed ${record.seed})`);
  const [report] = await waitForMail('player1', `${stamp}] Turn ${turn} results`, 60_000);
  say(`turn ${turn}: player1 received "${report.subject}"`);
  let post: ReturnType<DemoForum['updatePost']>;
  await waitUntil(`turn ${turn}'s update in the forum thread`, async () => !!(post = forum.updatePost(gameId, turn)), 60_000);
  say(`turn ${turn}: the forum poster posted the update into the thread (post #${post!.id}, ${post!.attachments} image attached)`);
}

function firstLines(text: string, count: number): string {
  const body = text.split('\n').map((l) => l.trim());
  const signature = body.findIndex((l) => l.startsWith('-- '));
  return body.slice(0, signature < 0 ? undefined : signature).filter(Boolean).slice(0, count).map((l) => l.slice(0, 100)).join(' / ');
}

/** Orders as players write them: ids, full names, or names with a typo; red's first line is ambiguous. */
function ordersFor(game: Game, nation: string, index: number, turn: number): string[] {
  const { state, map } = game;
  const army = state.units.find((u) => u.nation === nation && u.type === 'army' && u.builtTurn !== state.turn);
  const lines: string[] = [];
  if (nation === 'red' && turn === 1) lines.push('Move army pel -> Twin Fords (claim)');
  else if (army) {
    const free = map.neighbours(army.province, 'army').map((p) => p.province).find((p) => map.province(p).kind !== 'sea' && !state.provinces[p]?.owner);
    const name = (id: string) => map.province(id).name;
    const typo = (text: string) => text.slice(0, -2) + text.slice(-1) + text.slice(-2, -1);
    if (free && index % 3 === 0) lines.push(`Move army ${army.province} -> ${free} (claim)`);
    else if (free && index % 3 === 1) lines.push(`Move army ${name(army.province)} -> ${name(free)} (claim)`);
    else if (free) lines.push(`Move army ${name(army.province)} -> ${typo(name(free))} (claim)`);
  }
  const home = Object.entries(state.provinces).find(([, p]) => p.owner === nation && p.structure === 'city')?.[0];
  if (turn === 2 && home) lines.push(`Buy army in ${map.province(home).name}`);
  return lines.length ? lines : ['Hold all army'];
}

/** The GM reads the ticket for red's ambiguous line and answers "1" by replying to it. */
async function answerTicket(): Promise<void> {
  const [ticket] = await waitForMail('gm', `[${gameId}] Ticket`, 30_000);
  say(`GM: got "${ticket.subject}":\n    ${(ticket.text ?? '').split('\n').filter((l) => /^\s*\d\./.test(l)).join('\n    ')}`);
  await sendMail({ from: `gm@${domain}`, to: `game@${domain}`, subject: `Re: ${ticket.subject}`, inReplyTo: ticket.messageId, references: [ticket.messageId!], text: '1\n' });
  say('GM: answered "1" by email');
}

async function summary(store: GameStore, forum: DemoForum): Promise<void> {
  const history = await store.history(gameId);
  say(`done: ${history.length} turns adjudicated, every one at its deadline.`);
  const counts: string[] = [];
  for (const user of ['gm', ...Array.from({ length: 12 }, (_, i) => `player${i + 1}`)]) counts.push(`${user} ${(await mailIn(user, stamp)).length}`);
  say(`messages in each mailbox: ${counts.join(', ')}`);
  const gm = await mailIn('gm', stamp);
  say(`the GM's mail:\n    ${gm.map((m) => m.subject).join('\n    ')}`);
  const out = path.join(demoDir, 'out', gameId);
  const turns = (await readdir(out)).sort();
  say(`where to look:
    maps and forum updates   ${out}/{${turns.join(',')}}/ (map.png, update-xenforo.txt; each update was also posted into the thread)
    private reports copies   ${path.join(demoDir, 'private', gameId)}
    the game with history    ${path.join(demoDir, 'export')} (state.yaml, history/step-*.yaml, mail/*.eml)
    mailboxes (IMAP)         ${env.ADJUTANT_IMAP_HOST ?? '127.0.0.1'}:${env.ADJUTANT_IMAP_PORT ?? 10143}, users gm@ and player1..12@${domain}, password "${password}"
    Adjutant's log           ${path.join(demoDir, 'service.log')}`);
  say(`the forum (gone when the demo ends):\n    ${forum.describe().join('\n    ')}`);
}

async function sendMail(message: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({ host: env.ADJUTANT_SMTP_HOST ?? '127.0.0.1', port: Number(env.ADJUTANT_SMTP_PORT ?? 10025), secure: false, ignoreTLS: true });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

async function mailIn(user: string, subject: string): Promise<ParsedMail[]> {
  const client = new ImapFlow({ host: env.ADJUTANT_IMAP_HOST ?? '127.0.0.1', port: Number(env.ADJUTANT_IMAP_PORT ?? 10143), secure: false, auth: { user: `${user}@${domain}`, pass: password }, logger: false });
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    const uids = (await client.search({ subject }, { uid: true })) || [];
    if (!uids.length) return [];
    const messages = await client.fetchAll(uids.join(','), { source: true }, { uid: true });
    return await Promise.all(messages.map((m) => simpleParser(m.source!)));
  } finally {
    await client.logout().catch(() => undefined);
  }
}

async function waitForMail(user: string, subject: string, timeoutMs: number): Promise<ParsedMail[]> {
  let found: ParsedMail[] = [];
  await waitUntil(`mail "${subject}" for ${user}`, async () => (found = await mailIn(user, subject)).length > 0, timeoutMs);
  return found;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`demo: failed: ${(e as Error).message}`);
    process.exit(1);
  },
);
