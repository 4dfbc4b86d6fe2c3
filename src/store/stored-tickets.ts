// The GM tickets as the game's tickets hash keeps them: one JSON value per token, in the mail
// loop's shape (src/messages/tickets.ts), and which tickets each ticket email was about, so a
// reply in its thread finds them.
//
// Owns (src/store/keys.ts): mailKeys tickets and ticketThreads. A message's load and commit
// (src/messages/message-ledger.ts) read and write tickets atomically with their own structures
// through tickets.lua and ticketScriptKeys.
import type { Redis } from 'ioredis';
import { mailKeys } from './keys.ts';
import { loadLua } from './lua.ts';

/** The Lua functions (tickets.lua) through which another module's script reads or writes tickets. */
export const TICKETS_LUA = loadLua(import.meta.url, 'tickets.lua');

/** The keys a script using TICKETS_LUA passes to its functions. */
export function ticketScriptKeys(gameId: string) {
  const m = mailKeys(gameId);
  return { tickets: m.tickets, threads: m.ticketThreads };
}

/** Every ticket of the game, as stored (JSON). */
export async function storedTickets(redis: Redis, gameId: string): Promise<string[]> {
  return redis.hvals(mailKeys(gameId).tickets);
}

/** The tickets of these tokens that exist, as stored (JSON). */
export async function storedTicketsOf(redis: Redis, gameId: string, tokens: readonly string[]): Promise<string[]> {
  if (!tokens.length) return [];
  return (await redis.hmget(mailKeys(gameId).tickets, ...tokens)).filter((v): v is string => v !== null);
}

/** Notes the tickets an email sent to the GM is about, by its Message-ID. */
export async function rememberThread(redis: Redis, gameId: string, messageId: string, tokens: readonly string[]): Promise<void> {
  await redis.hset(mailKeys(gameId).ticketThreads, messageId, tokens.join(','));
}
