// The lines of a nation's newest message that were all refused, kept while the nation has no
// orders in force, so its report can say its orders came and none could be carried out rather
// than that none came. Each value carries the step it was written in (the committed step count):
// a value of another step is never read, so a step's commit need not clear them, and a rollback
// to a step reads back only what was sent for that step. They never enter the orders in force,
// so they change no count of who ordered (reminders, missing nations).
//
// Owns (src/store/keys.ts): gameKeys refused. A message's commit (src/messages/message-ledger.ts)
// writes them through refused-lines.lua and refusedScriptKeys, atomically with the orders.
import type { Redis } from 'ioredis';
import { gameKeys } from './keys.ts';
import { loadLua } from './lua.ts';

/** A line the nation wrote that was not taken as an order, and why, in words. */
export interface RefusedLine {
  line: number;
  /** The line as written, secrets removed. */
  text: string;
  reason: string;
}

/** Bounds on what is kept per nation: a message of thousands of bad lines keeps a readable few. */
export const REFUSED_KEPT = { lines: 20, chars: 200 };

/** The Lua function (refused-lines.lua) through which a message's commit writes them. */
export const REFUSED_LUA = loadLua(import.meta.url, 'refused-lines.lua');

/** The keys a script using REFUSED_LUA passes to its functions. */
export function refusedScriptKeys(gameId: string) {
  return { refused: gameKeys(gameId).refused };
}

const cut = (s: string) => (s.length > REFUSED_KEPT.chars ? `${s.slice(0, REFUSED_KEPT.chars - 1)}…` : s);

/** The value the commit stores: the lines, bounded, with the step they were sent in. */
export function encodeRefused(step: number, lines: readonly RefusedLine[]): string {
  return JSON.stringify({ step, lines: lines.slice(0, REFUSED_KEPT.lines).map((l) => ({ line: l.line, text: cut(l.text), reason: cut(l.reason) })) });
}

/** Per nation, the refused lines its newest message of `step` left (the committed step count while it was played). */
export async function stepRefusals(redis: Redis, gameId: string, step: number): Promise<Record<string, RefusedLine[]>> {
  const all = await redis.hgetall(gameKeys(gameId).refused);
  const out: Record<string, RefusedLine[]> = {};
  for (const [nation, json] of Object.entries(all)) {
    const value = JSON.parse(json) as { step: number; lines: RefusedLine[] };
    if (value.step === step && value.lines.length) out[nation] = value.lines;
  }
  return out;
}
