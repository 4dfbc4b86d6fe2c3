// The front door: watches an IMAP mailbox (IDLE when the server offers it, polling otherwise),
// and for each new email stores the raw message, queues it for parsing, and only then moves it
// to the Processed folder (or flags it). A crash at any point leaves the email in the inbox, to be
// taken again; storing and queueing are idempotent, so nothing is lost and nothing done twice.
// While the store refuses writes (an outage), the emails it has not kept stay in the inbox and are
// taken again after a wait that doubles up to 15 s, on the same IMAP connection.
import { createHash } from 'node:crypto';
import { ImapFlow, type FetchMessageObject } from 'imapflow';
import type { Logger } from 'pino';
import type { GameStore } from '../../store/game-store.ts';
import { UNROUTED_GAME } from '../../store/keys.ts';
import type { OutageWatch } from '../../store/outage-watch.ts';
import { storeOutageOf } from '../../store/store-outage.ts';
import { MessageLedger } from '../../messages/message-ledger.ts';
import { imapAuth, isAuthFailure } from './mail-login.ts';
import type { TokenSource } from './oauth2.ts';
import { dedupeKey } from './read-mail.ts';
import { routeMail, storedRoutes, type GameRoute } from './route-mail.ts';

export interface ImapSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  /** With OAuth2, access tokens from here replace the password (XOAUTH2). */
  tokens?: TokenSource;
}

export interface IntakeOptions {
  imap: ImapSettings;
  store: GameStore;
  /** Queues a stored email for processMail; must be idempotent (the parse queue's job ids are). */
  enqueue: (job: { gameId: string; messageId: string }) => Promise<void>;
  logger: Logger;
  now: () => Date;
  mailbox?: string;
  /** Where handled emails go; with `after: 'flag'` they stay and get a keyword instead. */
  processedFolder?: string;
  after?: 'move' | 'flag';
  /** The games this intake serves; every stored game when absent. */
  routes?: () => Promise<GameRoute[]>;
  /** Mail for no game of ours: 'answer' it (kept, polite reply), or 'leave' it for another intake. */
  unrouted?: 'answer' | 'leave';
  /** Use IDLE when the server supports it (default); false polls every `pollMs`. */
  idle?: boolean;
  /** Poll interval without IDLE, and the safety re-check interval with it. */
  pollMs?: number;
  backoffMs?: { min: number; max: number };
  /** Emails fetched at once. */
  batch?: number;
  /** Notes store outages; meanwhile emails stay in the mailbox and are taken again after `outageWaitMs`. */
  outages?: OutageWatch;
  outageWaitMs?: { min: number; max: number };
}

export interface Intake {
  stop(): Promise<void>;
  /** Connections made so far (a reconnect after a drop adds one) and emails taken. */
  stats(): { connections: number; taken: number; connected: boolean };
}

export const DONE_KEYWORD = '$AdjutantDone';
const SOURCE_BUDGET = 16 * 1024 * 1024;

export function startIntake(options: IntakeOptions): Intake {
  const { store, logger } = options;
  const ledger = new MessageLedger(store.redis);
  const mailbox = options.mailbox ?? 'INBOX';
  const processed = options.processedFolder ?? 'Processed';
  const after = options.after ?? 'move';
  const pollMs = options.pollMs ?? 30_000;
  const batch = options.batch ?? 50;
  const backoff = options.backoffMs ?? { min: 250, max: 30_000 };
  const outageWait = options.outageWaitMs ?? { min: 1000, max: 15_000 };
  let storeWait = outageWait.min;
  const routesOf = options.routes ?? (() => storedRoutes(store));
  const left = new Set<string>(); // "<uidValidity>:<uid>" of mail left for another intake
  let routes: { list: GameRoute[]; at: number } | null = null;
  let running = true;
  let connected = false;
  let connections = 0;
  let taken = 0;
  const current: { imap: ImapFlow | null } = { imap: null };
  let wake: () => void = () => undefined;
  let pending = true;
  let renewToken = false;

  async function currentRoutes(fresh: boolean): Promise<GameRoute[]> {
    if (!routes || fresh || Date.now() - routes.at > 5000) routes = { list: await routesOf(), at: Date.now() };
    return routes.list;
  }

  async function route(head: { subject: string; recipients: string[] }): Promise<string | null> {
    let routing = routeMail(head, await currentRoutes(false));
    if (!routing.gameId) routing = routeMail(head, await currentRoutes(true)); // a game created a moment ago
    // Sharing the mailbox with other intakes, a mail tagged for a game we do not serve is theirs,
    // even when its address is also one of our games'.
    const foreignTag = routing.gameId && routing.via === 'address' && routing.otherTag;
    if (options.unrouted === 'leave' && (foreignTag || !routing.gameId)) return null;
    return routing.gameId ?? UNROUTED_GAME;
  }

  /** Stores and queues one email, unless it is a copy of one already taken. */
  async function take(gameId: string, raw: Buffer, arrived: Date): Promise<void> {
    const messageId = createHash('sha256').update(raw).digest('hex');
    if ((await ledger.claim(gameId, dedupeKey(raw), messageId)) !== messageId) {
      logger.info({ gameId, messageId }, 'a copy of an email already taken; not queued again');
      return;
    }
    await store.putMail(gameId, raw);
    const now = options.now();
    await ledger.markReceived(gameId, messageId, arrived < now ? arrived : now);
    await options.enqueue({ gameId, messageId });
    taken++;
  }

  async function drain(imap: ImapFlow): Promise<void> {
    const validity = String((imap.mailbox && imap.mailbox.uidValidity) ?? '');
    for (;;) {
      const found = (await imap.search(after === 'move' ? { all: true } : { unKeyword: DONE_KEYWORD }, { uid: true })) || [];
      // Forget what another intake has since taken away, so the set stays as small as the inbox.
      const present = new Set(found.map((uid) => `${validity}:${uid}`));
      for (const key of left) if (!present.has(key)) left.delete(key);
      const todo = found.filter((uid) => !left.has(`${validity}:${uid}`)).slice(0, batch);
      if (!todo.length) return;
      const heads = await imap.fetchAll(
        todo.join(','),
        { uid: true, envelope: true, internalDate: true, size: true, headers: ['delivered-to', 'x-original-to'] },
        { uid: true },
      );
      const mine = new Map<number, { gameId: string; arrived: Date; size: number }>();
      for (const msg of heads) {
        const gameId = await route(headOf(msg));
        if (gameId) mine.set(msg.uid, { gameId, arrived: new Date(msg.internalDate ?? options.now()), size: msg.size ?? 0 });
        else left.add(`${validity}:${msg.uid}`);
      }
      const done: number[] = [];
      const refused = await takeAll(imap, mine, done);
      if (done.length) {
        if (after === 'move') await imap.messageMove(done.join(','), processed, { uid: true });
        else await imap.messageFlagsAdd(done.join(','), ['\\Seen', DONE_KEYWORD], { uid: true });
      }
      if (refused) {
        // The rest stay in the mailbox, unacknowledged, until the store keeps them.
        await pause(storeWait);
        storeWait = Math.min(storeWait * 2, outageWait.max);
        if (!running) return;
      } else storeWait = outageWait.min;
    }
  }

  /** Takes the emails; true when the store refused one (an outage), which stops the batch there. */
  async function takeAll(imap: ImapFlow, mine: Map<number, { gameId: string; arrived: Date; size: number }>, done: number[]): Promise<boolean> {
    for (const group of bySize([...mine.entries()])) {
      for (const msg of await imap.fetchAll(group.join(','), { uid: true, source: true }, { uid: true })) {
        const info = mine.get(msg.uid);
        if (!info || !msg.source) continue;
        try {
          await take(info.gameId, msg.source, info.arrived);
        } catch (e) {
          const outage = storeOutageOf(e);
          if (!outage) throw e;
          options.outages?.noted(outage, { gameId: info.gameId, kind: 'email', id: createHash('sha256').update(msg.source).digest('hex') });
          if (!options.outages) logger.warn({ err: outage.message }, 'the store refuses writes; the email stays in the mailbox');
          return true;
        }
        done.push(msg.uid);
      }
    }
    return false;
  }

  function pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Uids in groups whose sources together stay under SOURCE_BUDGET, so ten 10 MB emails are not fetched at once. */
  function bySize(entries: Array<[number, { size: number }]>): number[][] {
    const groups: number[][] = [[]];
    let bytes = 0;
    for (const [uid, { size }] of entries) {
      if (groups[groups.length - 1].length && bytes + size > SOURCE_BUDGET) {
        groups.push([]);
        bytes = 0;
      }
      groups[groups.length - 1].push(uid);
      bytes += size;
    }
    return groups.filter((g) => g.length);
  }

  async function session(): Promise<void> {
    const { host, port, secure } = options.imap;
    const imap = new ImapFlow({ host, port, secure, auth: await imapAuth(options.imap, renewToken), logger: false, disableAutoIdle: true });
    current.imap = imap;
    imap.on('error', (err: Error) => logger.warn({ err: err.message }, 'IMAP connection error'));
    imap.on('exists', () => {
      pending = true;
      wake();
    });
    const closed = new Promise<void>((resolve) => imap.once('close', () => resolve()));
    await imap.connect();
    connected = true;
    connections++;
    if (after === 'move') await imap.mailboxCreate(processed).catch(() => undefined); // exists already: fine
    await imap.mailboxOpen(mailbox);
    const useIdle = options.idle !== false && imap.capabilities.has('IDLE');
    logger.info({ mailbox, idle: useIdle }, 'intake connected');
    pending = true;
    while (running && imap.usable) {
      if (pending) {
        pending = false;
        await drain(imap);
        continue;
      }
      const woken = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pending = true;
          resolve();
        }, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (useIdle) await Promise.race([imap.idle().catch(() => undefined), woken, closed]);
      else await Promise.race([woken, closed]);
    }
  }

  const loop = (async () => {
    let delay = backoff.min;
    while (running) {
      try {
        await session();
        delay = backoff.min;
      } catch (e) {
        // A refused access token may be revoked before its time: ask for a new one next time.
        renewToken = isAuthFailure(e);
        if (running) logger.warn({ err: (e as Error).message, retryInMs: delay }, 'intake lost its connection; reconnecting');
      } finally {
        connected = false;
        current.imap?.close();
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      delay = Math.min(delay * 2, backoff.max);
    }
  })();

  return {
    async stop() {
      running = false;
      wake();
      await current.imap?.logout().catch(() => undefined);
      await loop;
    },
    stats: () => ({ connections, taken, connected }),
  };
}

function headOf(msg: FetchMessageObject): { subject: string; recipients: string[] } {
  const env = msg.envelope;
  const listed = [...(env?.to ?? []), ...(env?.cc ?? [])].map((a) => a.address ?? '');
  const extra = (msg.headers?.toString('latin1') ?? '').split(/\r?\n/).map((l) => /^(?:delivered-to|x-original-to):\s*<?([^\s>]+)>?/i.exec(l)?.[1] ?? '');
  return { subject: env?.subject ?? '', recipients: [...listed, ...extra].filter(Boolean).map((a) => a.toLowerCase()) };
}
