// When the GM was last heard from: a mail, forum post or console action of theirs (the console's
// actions are decided as the GM's mail), so a game whose GM went quiet stops for them
// (src/turns/gm-silence.ts).
//
// Owns (src/store/keys.ts): gameKeys gmHeard. A message's commit (src/messages/message-ledger.ts)
// notes it through gm-heard.lua and gmHeardScriptKeys, with the message's other changes.
import type { Redis } from 'ioredis';
import { gameKeys } from './keys.ts';
import { loadLua } from './lua.ts';

/** The Lua function (gm-heard.lua) through which a message's commit notes the GM heard. */
export const GM_HEARD_LUA = loadLua(import.meta.url, 'gm-heard.lua');

const FIRST_HEARD = `${GM_HEARD_LUA}\nreturn gm_heard_note(KEYS[1], ARGV[1], '1')`;

/** The keys a script using GM_HEARD_LUA passes to its function. */
export function gmHeardScriptKeys(gameId: string) {
  return { gmHeard: gameKeys(gameId).gmHeard };
}

/** When the GM was last heard from; a game with no record starts counting at `now`, which is noted. */
export async function lastHeardFromGm(redis: Redis, gameId: string, now: Date): Promise<Date> {
  return new Date(Number(await redis.eval(FIRST_HEARD, 1, gameKeys(gameId).gmHeard, String(now.getTime()))));
}
