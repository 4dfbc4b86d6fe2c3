// ROLLBACK <turn>: the game goes back to the start of that turn, with the orders that were in force
// for it. One Lua script does it all, like commitStep, so a crash leaves the game either rolled back
// or not; the undone steps move to a list, so what was undone stays on record.
import type { GameStore } from './game-store.ts';
import { encodeOrders } from './stored-orders.ts';
import { gameKeys } from './keys.ts';
import type { TurnRecord } from './turn-record.ts';

export interface UndoneStep {
  undoneAt: string;
  record: TurnRecord;
}

// KEYS: state, step, history, orders, undone, rollbacks, preview, orders version
// ARGV: expected step, first step undone, state JSON, undoneAt JSON string, then nation/orders pairs
const ROLLBACK = `
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
if current ~= tonumber(ARGV[1]) then return redis.error_reply('STEP ' .. current) end
local first = tonumber(ARGV[2])
for s = first, current do
  local record = redis.call('HGET', KEYS[3], tostring(s))
  if record then
    redis.call('RPUSH', KEYS[5], '{"undoneAt":' .. ARGV[4] .. ',"record":' .. record .. '}')
    redis.call('HDEL', KEYS[3], tostring(s))
  end
end
redis.call('SET', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], tostring(first - 1))
redis.call('DEL', KEYS[4], KEYS[7])
for i = 5, #ARGV, 2 do redis.call('HSET', KEYS[4], ARGV[i], ARGV[i + 1]) end
redis.call('INCR', KEYS[8])
return redis.call('INCR', KEYS[6])`;

export class RollbackConflictError extends Error {
  override name = 'RollbackConflictError';
}

/**
 * Restores the state and orders in force at the first step of `turn`. Returns what was undone, or
 * null when no committed step belongs to that turn. Throws RollbackConflictError when a step was
 * committed while the rollback was being prepared (the GM should look again and repeat it).
 */
export async function rollbackToTurn(store: GameStore, gameId: string, turn: number, now: Date): Promise<{ fromStep: number; toStep: number; epoch: number } | null> {
  const current = await store.step(gameId);
  const history = await store.history(gameId);
  const first = history.find((r) => r.turn === turn);
  if (!first) return null;
  // Nations that gave no orders get no entry, so they still count as missing after the rollback.
  const orders = Object.entries(first.orders)
    .filter(([, list]) => list.length)
    .flatMap(([nation, list]) => [nation, encodeOrders({ orders: list, mails: first.mails })]);
  const k = gameKeys(gameId);
  try {
    const epoch = (await store.redis.eval(ROLLBACK, 8, k.state, k.step, k.history, k.orders, k.undone, k.rollbacks, k.preview, k.ordersVersion, String(current), String(first.step), JSON.stringify(first.stateBefore), JSON.stringify(now.toISOString()), ...orders)) as number;
    return { fromStep: current, toStep: first.step - 1, epoch };
  } catch (e) {
    const m = /STEP (\d+)/.exec(String((e as Error).message));
    if (m) throw new RollbackConflictError(`Game "${gameId}" moved to step ${m[1]} while rolling back; look at it again and repeat the rollback.`);
    throw e;
  }
}

/** Steps undone by rollbacks, oldest first. */
export async function undoneSteps(store: GameStore, gameId: string): Promise<UndoneStep[]> {
  return (await store.redis.lrange(gameKeys(gameId).undone, 0, -1)).map((json) => JSON.parse(json) as UndoneStep);
}
