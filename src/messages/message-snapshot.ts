// What deciding a message may read, loaded before deciding: one script reads the step and, at
// that step, the orders in force, the tickets, the late mail, the last step's time, who holds the
// message's Message-ID and the tickets its thread answers; a second reads where it stands in its
// sender's flood counts once the sender is known. The decision then reads only this value.
import type { Redis } from 'ioredis';
import { gameKeys, mailKeys } from '../store/keys.ts';
import { decodeOrders } from '../store/stored-orders.ts';
import type { Counted } from './message-ledger.ts';
import type { NationOrders } from './orders-in-force.ts';
import { byAge, type Ticket } from './tickets.ts';
import type { MessageExtras } from './message-extras.ts';

/** Where a message stands in one flood count, itself included, and whether the count's notice is out. */
export interface FloodPlace {
  place: number;
  noticeSent: boolean;
}

export interface MessageSnapshot {
  step: number;
  /** When the intake first saw the message (the arrival lateness is judged by); null if never noted. */
  received: Date | null;
  /** Orders in force per nation, with where each came from (unknown sources count as oldest). */
  orders: Record<string, NationOrders>;
  /** Every ticket of the game, oldest first. */
  tickets: Ticket[];
  /** Late mail ids of this step, per nation. */
  late: Record<string, string[]>;
  /** The step the game is at, as committed: its turn and when. */
  lastStep: { turn: number; committedAt: string } | null;
  /** The message that holds this message's Message-ID (or body hash), if any. */
  claimedBy: string | null;
  /** Tickets whose emails this message replies to, by its thread. */
  threadTokens: string[];
  /** Where the message stands in its sender's flood counts, by count (loadFlood, once the sender is known). */
  flood: Record<string, FloodPlace>;
  /** Read only when the message's commands ask for them (message-extras.ts). */
  extras: MessageExtras;
}

export interface SnapshotRequest {
  gameId: string;
  messageId: string;
  /** The email's Message-ID or body hash; none for a forum item. */
  dedupeKey?: string;
  /** Message-IDs the email answers (In-Reply-To, References). */
  thread?: string[];
}

const LOAD = `
local step = redis.call('GET', KEYS[1]) or '0'
local last = redis.call('HGET', KEYS[7], step)
local summary = ''
if last then local r = cjson.decode(last); summary = cjson.encode({ turn = r.turn, committedAt = r.committedAt }) end
local claimed = ''
if ARGV[2] ~= '' then claimed = redis.call('HGET', KEYS[6], ARGV[2]) or '' end
local threads = {}
for i = 3, #ARGV do threads[#threads + 1] = redis.call('HGET', KEYS[8], ARGV[i]) or '' end
return { step, redis.call('HGETALL', KEYS[2]), redis.call('HVALS', KEYS[3]), redis.call('HGETALL', KEYS[4]),
  redis.call('HGET', KEYS[5], ARGV[1]) or '', claimed, summary, threads }`;

const FLOOD = `
local out = {}
for i = 1, #KEYS, 2 do
  local j = i + 1
  local known = redis.call('ZSCORE', KEYS[i], ARGV[1])
  local score = tonumber(known or ARGV[j])
  local n = redis.call('ZCOUNT', KEYS[i], string.format('%.0f', score - tonumber(ARGV[j + 1])), string.format('%.0f', score))
  if not known then n = n + 1 end
  out[#out + 1] = n
  out[#out + 1] = redis.call('EXISTS', KEYS[i + 1])
end
return out`;

type Raw = [string, string[], string[], string[], string, string, string, string[]];

export async function loadSnapshot(redis: Redis, req: SnapshotRequest): Promise<MessageSnapshot> {
  const g = gameKeys(req.gameId);
  const m = mailKeys(req.gameId);
  const thread = req.thread ?? [];
  const [step, orders, tickets, late, received, claimed, last, threads] = (await redis.eval(LOAD, 8, g.step, g.orders, m.tickets, m.late, m.received, m.dedupe, g.history, m.ticketThreads, req.messageId, req.dedupeKey ?? '', ...thread)) as Raw;
  const at = Number(step);
  return {
    step: at,
    received: received ? new Date(received) : null,
    orders: Object.fromEntries(pairs(orders).map(([nation, json]) => [nation, inForce(json)])),
    tickets: byAge(tickets),
    late: Object.fromEntries(pairs(late).flatMap(([nation, json]) => {
      const l = JSON.parse(json) as { step: number; mails: string[] };
      return l.step === at ? [[nation, l.mails]] : [];
    })),
    lastStep: last ? (JSON.parse(last) as { turn: number; committedAt: string }) : null,
    claimedBy: claimed || null,
    threadTokens: [...new Set(threads.filter(Boolean).flatMap((t) => t.split(',')))],
    flood: {},
    extras: {},
  };
}

/** Where the message stands in each count (by sender), without counting it: its commit does. */
export async function loadFlood(redis: Redis, gameId: string, messageId: string, counts: Counted[]): Promise<Record<string, FloodPlace>> {
  if (!counts.length) return {};
  const m = mailKeys(gameId);
  const keys = counts.flatMap((c) => [m.rate(c.sender), m.rateNotice(c.sender)]);
  const args = counts.flatMap((c) => [String(c.at.getTime()), String(c.windowMs)]);
  const out = (await redis.eval(FLOOD, keys.length, ...keys, messageId, ...args)) as number[];
  return Object.fromEntries(counts.map((c, i) => [c.sender, { place: out[2 * i], noticeSent: out[2 * i + 1] === 1 }]));
}

/** The nation's orders in force in the snapshot; none stored is none in force. */
export function ordersOf(snapshot: MessageSnapshot, nation: string): NationOrders {
  return snapshot.orders[nation] ?? { orders: [], sources: [] };
}

/** Stored orders in force with their sources; sources unknown (orders set elsewhere) count as oldest. */
export function inForce(json: string): NationOrders {
  const stored = decodeOrders(json);
  return { orders: stored.orders, sources: stored.sources ?? stored.orders.map(() => ({ messageId: '', date: '' })) };
}

function pairs(flat: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}
