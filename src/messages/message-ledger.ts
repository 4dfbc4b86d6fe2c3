// What the mail loop keeps in Redis beside the game: what each email did (and the replies it
// owes), where each order in force came from, open tickets, late mail. Every change an email
// makes is written by one script, together with the mark that it was processed, and only while
// the game is still at the step it was read at: a crash or a turn ending mid-way changes nothing.
//
// Owns (src/store/keys.ts): mailKeys results, received, dedupe, late, rate, rateNotice and lock.
// Its two scripts, a message's load and its commit, also read and write the game's orders and
// files and the tickets, and its commit adds the press it relayed and keeps the lines a nation
// without orders had refused, through the Lua of their owners (game-store.ts, stored-tickets.ts,
// stored-press.ts, refused-lines.ts), and notes when the GM was heard from (gm-heard.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { PostItem } from '../store/post-outbox.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { GAME_LUA, GameStore, gameScriptKeys } from '../store/game-store.ts';
import { mailKeys } from '../store/keys.ts';
import { loadLua } from '../store/lua.ts';
import { encodeOrders, fromMail } from '../store/stored-orders.ts';
import { TICKETS_LUA, ticketScriptKeys } from '../store/stored-tickets.ts';
import { PRESS_KEPT, PRESS_LUA, pressScriptKeys, type StoredPress } from '../store/stored-press.ts';
import { REFUSED_LUA, encodeRefused, refusedScriptKeys, type RefusedLine } from '../store/refused-lines.ts';
import { GM_HEARD_LUA, gmHeardScriptKeys } from '../store/gm-heard.ts';
import { renamedResult } from '../store/renamed-fields.ts';
import type { PendingReply } from './command-effects.ts';
import { inForce, type FloodPlace, type RawSnapshot, type SnapshotRequest } from './message-snapshot.ts';
import type { NationOrders } from './orders-in-force.ts';
import type { Ticket } from './tickets.ts';

export type Outcome = 'orders' | 'commands' | 'ticket-answer' | 'refused' | 'late' | 'automatic' | 'duplicate' | 'rate-limited' | 'unrouted' | 'unreadable';

export interface MessageResult {
  messageId: string;
  outcome: Outcome;
  /** Reason code when the email was refused or not applied. */
  code?: string;
  nation?: string;
  role?: 'gm' | 'player';
  /** Messages this email is answered with; recorded in the outbox after the commit (idempotent by key). */
  replies: OutgoingMessage[];
  /** What goes to the forum: answers as private messages, the GM's announcements as thread posts (recorded in the forum outbox after the commit, by key). */
  posts?: PostItem[];
  /** Outbox keys of ticket emails among the replies, with their tokens, to thread the GM's answers. */
  ticketMails: Array<{ key: string; token: string }>;
  counts?: { accepted: number; rejected: number; waiting: number };
  /** The reply that reports its commands' effects, with the effects to run first (after the commit, each once). */
  pending?: PendingReply;
  at: string;
}

export interface MessageChanges {
  /** The email's Message-ID (or body hash), claimed for it: a commit refuses one another mail holds. */
  claim?: string;
  /** New orders in force per nation; null removes the nation's orders. */
  orders?: Record<string, NationOrders | null>;
  tickets?: Ticket[];
  /** Late mail ids per nation for this step. */
  late?: Record<string, string[]>;
  /** A new game.yaml (the GM's REPLACE). */
  gameYaml?: string;
  /** Flood counts this message adds to (its snapshot said where it stands in each). */
  counted?: Counted[];
  /** Flood notices sent with this message: none more for that count until its window ends. */
  notices?: Counted[];
  /** The press it relayed, kept for the web pages. */
  press?: StoredPress[];
  /** Per nation, the lines of this message refused when the nation is left without orders in force; null removes what an earlier message left. */
  refused?: Record<string, RefusedLine[] | null>;
  /** The GM wrote this message: when they were heard from (src/turns/gm-silence.ts). */
  gmHeard?: Date;
}

/** One flood count ("auth:<address>", "wrong-secret:<nation>"...), its window, and when the message arrived. */
export interface Counted {
  sender: string;
  at: Date;
  windowMs: number;
}

/** The game moved to another step while the email was read; read it again against the new one. */
export class StepMovedError extends Error {
  override name = 'StepMovedError';
}

/** Another copy of the email claimed its Message-ID while it was read; read it again (it is a duplicate). */
export class ClaimedError extends Error {
  override name = 'ClaimedError';
}

/** This worker's hold on the game's mail lock ran out (a long pause); another may be at work. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** Proof of holding a game's mail lock; a commit checks it, so a worker that lost its lease cannot write. */
export interface Lease {
  token: string;
}

const COMMIT = GAME_LUA + TICKETS_LUA + PRESS_LUA + REFUSED_LUA + GM_HEARD_LUA + loadLua(import.meta.url, 'message-commit.lua');
const LOAD = GAME_LUA + TICKETS_LUA + loadLua(import.meta.url, 'message-load.lua');
const FLOOD = loadLua(import.meta.url, 'message-flood.lua');
const RENEW = loadLua(import.meta.url, 'lease-renew.lua');
const RELEASE = loadLua(import.meta.url, 'lease-release.lua');

export class MessageLedger {
  constructor(readonly redis: Redis) {}

  async result(gameId: string, messageId: string): Promise<MessageResult | null> {
    const json = await this.redis.hget(mailKeys(gameId).results, messageId);
    return json ? renamedResult(JSON.parse(json) as MessageResult) : null;
  }

  async processedCount(gameId: string): Promise<number> {
    return this.redis.hlen(mailKeys(gameId).results);
  }

  /** Records when the intake first saw a mail; later calls keep the first time. */
  async markReceived(gameId: string, messageId: string, at: Date): Promise<void> {
    await this.redis.hsetnx(mailKeys(gameId).received, messageId, at.toISOString());
  }

  async received(gameId: string, messageId: string): Promise<Date | null> {
    const iso = await this.redis.hget(mailKeys(gameId).received, messageId);
    return iso ? new Date(iso) : null;
  }

  /** Claims a Message-ID (or body hash) for a mail; returns the mail id that holds it (this one, or an earlier copy). */
  async claim(gameId: string, dedupeKey: string, messageId: string): Promise<string> {
    const k = mailKeys(gameId).dedupe;
    if (await this.redis.hsetnx(k, dedupeKey, messageId)) return messageId;
    return (await this.redis.hget(k, dedupeKey)) ?? messageId;
  }

  /** Replaces a committed result whose pending reply is written (its effects ran) with what it did, as sent. */
  async settle(gameId: string, result: MessageResult): Promise<void> {
    await this.redis.hset(mailKeys(gameId).results, result.messageId, JSON.stringify(result));
  }

  /** The nation's orders in force with their sources (for the nation's web page). */
  async nationOrders(gameId: string, nation: string): Promise<NationOrders> {
    const stored = await new GameStore(this.redis).nationOrders(gameId, nation);
    return stored === null ? { orders: [], sources: [] } : inForce(stored);
  }

  /** When the intake first saw each of these mails (null where never noted), in one read. */
  async receivedTimes(gameId: string, messageIds: string[]): Promise<Array<Date | null>> {
    if (!messageIds.length) return [];
    return (await this.redis.hmget(mailKeys(gameId).received, ...messageIds)).map((iso) => (iso ? new Date(iso) : null));
  }

  /** The raw reads of a message's snapshot (message-snapshot.ts shapes them), in one atomic script. */
  async load(req: SnapshotRequest): Promise<RawSnapshot> {
    const [g, m, t] = [gameScriptKeys(req.gameId), mailKeys(req.gameId), ticketScriptKeys(req.gameId)];
    return (await this.redis.eval(
      LOAD,
      8,
      g.step,
      g.orders,
      t.tickets,
      m.late,
      m.received,
      m.dedupe,
      g.history,
      t.threads,
      req.messageId,
      req.dedupeKey ?? '',
      ...(req.thread ?? []),
    )) as RawSnapshot;
  }

  /** Where the message stands in each count (by sender), without counting it: its commit does. */
  async floodPlaces(gameId: string, messageId: string, counts: Counted[]): Promise<Record<string, FloodPlace>> {
    if (!counts.length) return {};
    const m = mailKeys(gameId);
    const keys = counts.flatMap((c) => [m.rate(c.sender), m.rateNotice(c.sender)]);
    const args = counts.flatMap((c) => [String(c.at.getTime()), String(c.windowMs)]);
    const out = (await this.redis.eval(FLOOD, keys.length, ...keys, messageId, ...args)) as number[];
    return Object.fromEntries(counts.map((c, i) => [c.sender, { place: out[2 * i], noticeSent: out[2 * i + 1] === 1 }]));
  }

  /** Writes the changes and the result at once; refuses if the game left `step` or the lease was lost meanwhile. */
  async commit(gameId: string, step: number, result: MessageResult, changes: MessageChanges, lease: Lease): Promise<void> {
    const [g, m, t] = [gameScriptKeys(gameId), mailKeys(gameId), ticketScriptKeys(gameId)];
    const orders = Object.fromEntries(
      Object.entries(changes.orders ?? {}).map(([nation, list]) => [nation, list ? encodeOrders(fromMail(list.orders, list.sources)) : '']),
    );
    // Flood counts and notices are keys of their own, named to the script after its thirteen fixed keys.
    const extra: string[] = [];
    const named = (key: string, c: Counted) => (extra.push(key), { k: 13 + extra.length, at: String(c.at.getTime()), window: String(c.windowMs) });
    const counted = (changes.counted ?? []).map((c) => named(m.rate(c.sender), c));
    const notices = (changes.notices ?? []).map((c) => named(m.rateNotice(c.sender), c));
    const payload = {
      claim: changes.claim ?? '',
      counted,
      notices,
      orders,
      tickets: Object.fromEntries((changes.tickets ?? []).map((t) => [t.token, JSON.stringify(t)])),
      late: Object.fromEntries(Object.entries(changes.late ?? {}).map(([nation, mails]) => [nation, JSON.stringify({ step, mails })])),
      gameYaml: changes.gameYaml ?? '',
      filesVersion: randomUUID(),
      press: (changes.press ?? []).map((p) => JSON.stringify(p)),
      pressKept: PRESS_KEPT,
      refused: Object.fromEntries(Object.entries(changes.refused ?? {}).map(([nation, lines]) => [nation, lines?.length ? encodeRefused(step, lines) : ''])),
      gmHeard: changes.gmHeard ? String(changes.gmHeard.getTime()) : '',
    };
    try {
      await this.redis.eval(
        COMMIT,
        13 + extra.length,
        g.step,
        g.orders,
        t.tickets,
        m.late,
        m.results,
        g.files,
        m.lock,
        g.ordersVersion,
        g.filesVersion,
        m.dedupe,
        pressScriptKeys(gameId).press,
        refusedScriptKeys(gameId).refused,
        gmHeardScriptKeys(gameId).gmHeard,
        ...extra,
        String(step),
        result.messageId,
        JSON.stringify(result),
        JSON.stringify(payload),
        lease.token,
      );
    } catch (e) {
      if (/STEP \d+/.test(String((e as Error).message))) throw new StepMovedError(`The game left step ${step} while an email was read.`);
      if (/CLAIMED/.test(String((e as Error).message))) throw new ClaimedError(`Another copy of ${result.messageId} claimed its Message-ID while it was read.`);
      if (/LEASE LOST/.test(String((e as Error).message))) throw new LeaseLostError(`The mail lock of "${gameId}" expired while an email was read.`);
      throw e;
    }
  }

  /**
   * Runs `work` while holding the game's mail lock, so emails of one game apply one at a time
   * across workers. Within a process they queue in order; across processes a Redis lease decides.
   * The lease (LEASE_MS) is renewed by a timer and before each expensive step (`renew`), and is
   * several times longer than the longest synchronous step (reading at most MAX_TEXT of an email),
   * so it outlives the work; a killed worker blocks the game's mail for LEASE_MS at most; and since
   * a commit checks the lease, a worker that lost it anyway cannot write over another's work.
   */
  async withLock<T>(gameId: string, work: (lease: Lease) => Promise<T>): Promise<T> {
    const run = (queued.get(gameId) ?? Promise.resolve()).catch(() => undefined).then(() => this.withLease(gameId, work));
    queued.set(gameId, run);
    try {
      return await run;
    } finally {
      if (queued.get(gameId) === run) queued.delete(gameId);
    }
  }

  /** Extends the lease before a long step; throws LeaseLostError when it ran out already. */
  async renew(gameId: string, lease: Lease): Promise<void> {
    if (!(await this.redis.eval(RENEW, 1, mailKeys(gameId).lock, lease.token, String(LEASE_MS))))
      throw new LeaseLostError(`The mail lock of "${gameId}" expired while an email was read.`);
  }

  private async withLease<T>(gameId: string, work: (lease: Lease) => Promise<T>, leaseMs = LEASE_MS): Promise<T> {
    const key = mailKeys(gameId).lock;
    const token = randomBytes(8).toString('hex');
    for (let wait = 5; ; wait = Math.min(wait * 2, 25)) {
      if (await this.redis.set(key, token, 'PX', leaseMs, 'NX')) break;
      await new Promise((r) => setTimeout(r, wait));
    }
    const renew = setInterval(() => {
      this.redis.eval(RENEW, 1, key, token, String(leaseMs)).catch(() => undefined);
    }, leaseMs / 5);
    try {
      return await work({ token });
    } finally {
      clearInterval(renew);
      await this.redis.eval(RELEASE, 1, key, token);
    }
  }
}

/** The mail lease: long beside the longest synchronous step, short enough that a killed worker's game waits little. */
export const LEASE_MS = 5000;

// The last piece of work queued per game in this process.
const queued = new Map<string, Promise<unknown>>();
