// A board NES game served as an operator runs it, for the benches that flood it: `adjutant serve`
// processes on a private Redis (one the bench may fill, make read-only or stop), the local Dovecot
// and SMTP relay of scripts/services.sh, and a local XenForo (sandbox/forum/xenforo-server.ts)
// whose thread and private messages the service reads. Players order by email (player1..3) and in
// the thread (Alice for Redland, Bob for Blueland); every answer is watched as it lands, with when.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { parseDocument } from 'yaml';
import { GameStore } from '../../src/store/game-store.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { purgeGameMail } from '../../test/mail/support/attack-game.ts';
import { writeFloodGame } from '../../test/mail/support/flood-game.ts';
import { imapClient, sendMail } from '../../test/mail/support/mailbox.ts';
import { startServe, type ServeProcess } from '../../test/mail/support/serve-process.ts';
import { PrivateRedis } from '../../test/support/private-redis.ts';

export const EMAIL_PLAYERS = [
  ['player1', 'ruby-falcon', 'Buy army in lon'],
  ['player2', 'azure-otter', 'Buy army in edi'],
  ['player3', 'jade-lynx', 'Buy army in lvp'],
] as const;
/** The game's own account on the board. */
const ACCOUNT_ID = 1;
const FORUM_PLAYERS = [
  { user_id: 2, username: 'Alice', nation: 'red', orders: 'Buy army in lon' },
  { user_id: 3, username: 'Bob', nation: 'blue', orders: 'Buy army in edi' },
];

export interface ServedFlood {
  gameId: string;
  redis: PrivateRedis;
  store: GameStore;
  forum: XenForoForum;
  serves: ServeProcess[];
  /** Email n, from one of the three players; `body` replaces the orders after the secret. */
  email(n: number, body?: string): Promise<void>;
  /** Thread post n, an orders block from Alice or Bob; `extra` follows the block. */
  post(n: number, extra?: string): number;
  /** When each email's answer landed (ms since the epoch), and how many copies with how many Message-IDs. */
  emailAnswers: Map<number, { at: number; copies: number; ids: Set<string> }>;
  /** When each post's private confirmation was sent, and how many were. */
  postAnswers: Map<number, { at: number; copies: number }>;
  /** Resolves after the next look at the mailboxes and the forum's private messages (they are looked at every 250 ms). */
  look(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the game and `serves` service processes; the thread is read every `readEveryS` seconds. */
export async function serveFlood(name: string, options: { serves: number; readEveryS: number; lockMs: number }): Promise<ServedFlood> {
  const gameId = `${name}-${randomUUID().slice(0, 8)}`;
  const redis = await PrivateRedis.start();
  const store = new GameStore(connectRedis(redis.url));
  store.redis.on('error', () => undefined); // the bench stops Redis on purpose; ioredis reconnects
  await store.redis.config('SET', 'maxmemory-policy', 'noeviction');
  const forum = await startXenForo(77, [{ user_id: ACCOUNT_ID, username: 'Adjutant' }, ...FORUM_PLAYERS]);
  const dir = await mkdtemp(path.join(tmpdir(), `adjutant-${name}-`));
  await writeFloodGame(dir, gameId);
  const gameYaml = path.join(dir, 'games', gameId, 'game.yaml');
  const doc = parseDocument(await readFile(gameYaml, 'utf8'));
  const players = Object.fromEntries(FORUM_PLAYERS.map((p) => [p.username, p.nation]));
  doc.set(
    'forum',
    doc.createNode({ software: 'xenforo', url: forum.apiUrl, thread: 77, credentials: { key: 'BENCH_FLOOD_XF_KEY' }, players, orders: 'public' }),
  );
  await writeFile(gameYaml, doc.toString());
  process.env.BENCH_FLOOD_XF_KEY = forum.key;
  process.env.ADJUTANT_FORUM_READ_SECONDS = String(options.readEveryS);

  const serves: ServeProcess[] = [];
  const stop = async () => {
    for (const serve of serves) serve.child.kill('SIGTERM');
    await Promise.all(serves.map((s) => s.exited));
    store.redis.disconnect();
    await redis.stop();
    await forum.server.close();
    await purgeGameMail([gameId]);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < options.serves; i++) {
      // One at a time: the first stores the game, the others find it stored.
      const serve = startServe({ gameId, gamesDir: path.join(dir, 'games'), outDir: path.join(dir, 'out'), lockMs: options.lockMs, redisUrl: redis.url });
      serves.push(serve);
      await serve.ready;
    }
  } catch (e) {
    await stop();
    throw e;
  }

  const emailAnswers: ServedFlood['emailAnswers'] = new Map();
  const postAnswers: ServedFlood['postAnswers'] = new Map();
  const postNumbers = new Map<number, number>();
  const inboxes = await Promise.all(EMAIL_PLAYERS.map(([player]) => openInbox(player)));
  // The game's account writes to each member in one conversation: every answer is a message in it.
  const answersSeen = new Map<number, number>();

  async function lookOnce(): Promise<void> {
    const now = Date.now();
    for (const inbox of inboxes) {
      for (const { n, id } of await inbox.fresh(`[${gameId}] Re: orders`)) {
        const seen = emailAnswers.get(n) ?? { at: now, copies: 0, ids: new Set<string>() };
        seen.copies++;
        seen.ids.add(id);
        emailAnswers.set(n, seen);
      }
    }
    for (const conversation of forum.conversationIds()) {
      const ours = forum.messagesIn(conversation).filter((m) => m.user_id === ACCOUNT_ID);
      for (const message of ours.slice(answersSeen.get(conversation) ?? 0)) {
        const n = postNumbers.get(Number(/\/reply:forum-post:(\d+)@/.exec(message.message)?.[1]));
        if (n === undefined) continue;
        const seen = postAnswers.get(n) ?? { at: now, copies: 0 };
        seen.copies++;
        postAnswers.set(n, seen);
      }
      answersSeen.set(conversation, ours.length);
    }
  }

  // Answers are timed as they land, whatever the bench is doing meanwhile.
  let watching = true;
  let looked: Array<() => void> = [];
  const watcher = (async () => {
    while (watching) {
      const waiting = looked;
      looked = [];
      await lookOnce().catch((e: Error) => console.error(`looking for answers failed, trying again: ${e.message}`));
      for (const done of waiting) done();
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const look = () => new Promise<void>((resolve) => looked.push(resolve));

  return {
    gameId,
    redis,
    store,
    forum,
    serves,
    emailAnswers,
    postAnswers,
    look,
    email: (n, body) => {
      const [player, secret, orders] = EMAIL_PLAYERS[n % EMAIL_PLAYERS.length];
      const text = `${secret}\n${body ?? orders}\n`;
      return sendMail({
        from: `${player}@adjutant.test`,
        to: 'game@adjutant.test',
        subject: `[${gameId}] orders ${n}`,
        text,
        messageId: `<${gameId}-${n}@flood.test>`,
      });
    },
    post: (n, extra = '') => {
      const who = FORUM_PLAYERS[n % FORUM_PLAYERS.length];
      const post = forum.say(who.user_id, `Post ${n}.\n[orders]\n${who.orders}\n[/orders]\n${extra}`);
      postNumbers.set(post.post_id, n);
      return post.post_id;
    },
    close: async () => {
      watching = false;
      await watcher;
      await Promise.all(inboxes.map((inbox) => inbox.close()));
      await stop();
    },
  };
}

/** A player's inbox kept open, giving each answer once: its number (from "Re: orders <n>") and Message-ID. */
async function openInbox(player: string): Promise<{ fresh(subject: string): Promise<Array<{ n: number; id: string }>>; close(): Promise<void> }> {
  const client: ImapFlow = imapClient(`${player}@adjutant.test`);
  await client.connect();
  await client.mailboxOpen('INBOX');
  let lastUid = 0;
  return {
    async fresh(subject) {
      await client.noop();
      const uids = ((await client.search({ subject, uid: `${lastUid + 1}:*` }, { uid: true })) || []).filter((u) => u > lastUid);
      if (!uids.length) return [];
      lastUid = Math.max(...uids);
      const messages = await client.fetchAll(uids.join(','), { uid: true, envelope: true }, { uid: true });
      return messages.map((m) => ({ n: Number(/Re: orders (\d+)$/.exec(m.envelope?.subject ?? '')?.[1]), id: m.envelope?.messageId ?? '' }));
    },
    close: () => client.logout().catch(() => undefined),
  };
}
