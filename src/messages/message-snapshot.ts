// What deciding a message may read, loaded before deciding: one script reads the step and, at
// that step, the orders in force, the tickets, the late mail, the last step's time, who holds the
// message's Message-ID and the tickets its thread answers; a second reads where it stands in its
// sender's flood counts once the sender is known. The decision then reads only this value. Both
// scripts are the message ledger's (message-ledger.ts), which owns what they read.
import type { Redis } from 'ioredis';
import { decodeOrders, type OrdersInForce } from '../store/stored-orders.ts';
import { MessageLedger, type Counted } from './message-ledger.ts';
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

/** What the load script returns: step, orders, tickets, late, received, claimed by, last step, thread tokens. */
export type RawSnapshot = [string, string[], string[], string[], string, string, string, string[]];

export async function loadSnapshot(redis: Redis, req: SnapshotRequest): Promise<MessageSnapshot> {
  const [step, orders, tickets, late, received, claimed, last, threads] = await new MessageLedger(redis).load(req);
  const at = Number(step);
  return {
    step: at,
    received: received ? new Date(received) : null,
    orders: Object.fromEntries(pairs(orders).map(([nation, json]) => [nation, inForce(decodeOrders(json))])),
    tickets: byAge(tickets),
    late: Object.fromEntries(
      pairs(late).flatMap(([nation, json]) => {
        const l = JSON.parse(json) as { step: number; mails: string[] };
        return l.step === at ? [[nation, l.mails]] : [];
      }),
    ),
    lastStep: last ? (JSON.parse(last) as { turn: number; committedAt: string }) : null,
    claimedBy: claimed || null,
    threadTokens: [...new Set(threads.filter(Boolean).flatMap((t) => t.split(',')))],
    flood: {},
    extras: {},
  };
}

/** Where the message stands in each count (by sender), without counting it: its commit does. */
export async function loadFlood(redis: Redis, gameId: string, messageId: string, counts: Counted[]): Promise<Record<string, FloodPlace>> {
  return new MessageLedger(redis).floodPlaces(gameId, messageId, counts);
}

/** The nation's orders in force in the snapshot; none stored is none in force. */
export function ordersOf(snapshot: MessageSnapshot, nation: string): NationOrders {
  return snapshot.orders[nation] ?? { orders: [], sources: [] };
}

/** Stored orders in force with their sources; sources unknown (orders set elsewhere) count as oldest. */
export function inForce(stored: OrdersInForce): NationOrders {
  return { orders: stored.orders, sources: stored.sources ?? stored.orders.map(() => ({ messageId: '', date: '' })) };
}

function pairs(flat: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}
