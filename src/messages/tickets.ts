// GM tickets: a line the parser could read more than one way waits for the GM. The GM gets the
// line and the numbered readings, and answers by replying "1", "2", a corrected order, or
// "reject". A ticket is found again by the token in its subject or by the thread it started.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Order } from '../engine/index.ts';
import type { GameStore } from '../store/game-store.ts';
import { storedTickets, storedTicketsOf } from '../store/stored-tickets.ts';
import { renamedTicket } from '../store/renamed-fields.ts';
import type { ReplyRoute } from './incoming-message.ts';

export interface Ticket {
  /** "T-" and six letters or digits; in the ticket's subject, and the key the GM's reply is matched by. */
  token: string;
  nation: string;
  messageId: string;
  /** Tickets belong to one step; when the turn is adjudicated, open ones lapse. */
  step: number;
  line: number;
  /** The player's line (secrets removed). */
  text: string;
  candidates: Order[];
  /** Each candidate in plain words, as the GM is asked. */
  readings: string[];
  /** The player's email: its Date (the order's age for the resubmission rules), thread and address. */
  date: string;
  playerAddress: string;
  playerMessageId: string | null;
  playerSubject: string;
  /** Where the player's answers go, when the line came by a message answered by private message (IncomingMessage.reply). */
  playerRoute?: ReplyRoute;
  status: 'open' | 'resolved' | 'rejected' | 'superseded';
  /** What the GM decided, in words, once closed. */
  outcome?: string;
  /** The order the GM chose or wrote, once resolved: the nation's report names it. */
  chosen?: Order;
  createdAt: string;
}

// Letters and digits that cannot be misread for one another.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TOKEN = /\bT-([A-HJ-NP-Z2-9]{6})\b/g;

/** A ticket's token: unguessable from outside (the decision's random `seed`), the same for the same seed and `salt`. */
export function newToken(seed: string, salt: string): string {
  const bytes = createHash('sha256').update(seed).update('\n').update(salt).digest();
  return `T-${[...bytes.subarray(0, 6)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** Tokens written in a text (the GM may answer several tickets in one email: "T-ABC234 2"). */
export function tokensIn(text: string): string[] {
  return [...new Set([...text.toUpperCase().matchAll(TOKEN)].map((m) => `T-${m[1]}`))];
}

export async function readTickets(redis: Redis, gameId: string, tokens: readonly string[]): Promise<Ticket[]> {
  return (await storedTicketsOf(redis, gameId, tokens)).map((v) => renamedTicket(JSON.parse(v) as Ticket));
}

export { rememberThread } from '../store/stored-tickets.ts';

/** Stored tickets, oldest first. */
export function byAge(stored: string[]): Ticket[] {
  return stored.map((v) => renamedTicket(JSON.parse(v) as Ticket)).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.line - b.line);
}

/** The open tickets of a step (of one nation, when named), oldest first. */
export function openIn(tickets: readonly Ticket[], step: number, nation?: string): Ticket[] {
  return tickets.filter((t) => t.status === 'open' && t.step === step && (nation === undefined || t.nation === nation));
}

/** Open tickets of the step being played, oldest first: for the GM's console and deadline reminder. */
export async function openTickets(store: GameStore, gameId: string): Promise<Ticket[]> {
  const [step, stored] = await Promise.all([store.step(gameId), storedTickets(store.redis, gameId)]);
  return openIn(byAge(stored), step);
}

export async function openTicketsOf(redis: Redis, gameId: string, step: number, nation: string): Promise<Ticket[]> {
  return openIn(byAge(await storedTickets(redis, gameId)), step, nation);
}
