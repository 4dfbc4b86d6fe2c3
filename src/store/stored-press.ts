// The press the message loop relayed, as the web pages read it: one list per game, newest first,
// holding the last PRESS_KEPT (older press is in the players' mail). Each entry keeps its sender
// even when it went anonymously, since the sender's own page lists it; what a reader may see of
// an entry is the pages' to decide (src/web/press-view.ts), never this store's.
//
// Owns (src/store/keys.ts): mailKeys press. A message's commit (src/messages/message-ledger.ts)
// adds its press through press.lua and pressScriptKeys, atomically with the message's result.
import type { Redis } from 'ioredis';
import { mailKeys } from './keys.ts';
import { loadLua } from './lua.ts';

export interface StoredPress {
  /** "<message id>:<command index>": the PRESS line of the message it came from. */
  id: string;
  /** When the message arrived (ISO). */
  at: string;
  /** The sending nation, kept even for anonymous press. */
  from: string;
  /** The nations it was relayed to (those with a player). */
  to: string[];
  /** Sent to every nation (PRESS TO ALL, BROADCAST): the game's public press. */
  everyone: boolean;
  anonymous: boolean;
  /** Whom the relay said it went to ("every nation", or the names), as its recipients read it. */
  recipients: string;
  text: string;
}

/** Entries kept per game: enough for every nation's last 50 in a busy game, few enough to read whole. */
export const PRESS_KEPT = 500;

/** The Lua function (press.lua) through which a message's commit adds its press. */
export const PRESS_LUA = loadLua(import.meta.url, 'press.lua');

/** The keys a script using PRESS_LUA passes to its functions. */
export function pressScriptKeys(gameId: string) {
  return { press: mailKeys(gameId).press };
}

/** Every press kept for the game, newest first. */
export async function storedPress(redis: Redis, gameId: string): Promise<StoredPress[]> {
  return (await redis.lrange(mailKeys(gameId).press, 0, -1)).map((json) => JSON.parse(json) as StoredPress);
}

/** The newest press's id, or '' before any: changes whenever press is added. */
export async function newestPress(redis: Redis, gameId: string): Promise<string> {
  const json = await redis.lindex(mailKeys(gameId).press, 0);
  return json ? (JSON.parse(json) as StoredPress).id : '';
}
