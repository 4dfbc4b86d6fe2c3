-- The game's structures as GameStore (game-store.ts) keeps them, for a script of another module
-- that reads or changes the game in the same atomic step as its own structures (a message's load
-- and commit). Such a script names this file first and the keys from gameScriptKeys.

-- The number of committed steps, as a string ('0' for a new game).
local function game_step(step_key)
  return redis.call('GET', step_key) or '0'
end

-- The turn record JSON of a step, or false.
local function game_record(history_key, step)
  return redis.call('HGET', history_key, step)
end

-- The orders in force, flat: nation, encoded orders (stored-orders.ts), nation, ...
local function game_orders(orders_key)
  return redis.call('HGETALL', orders_key)
end

-- changes: nation -> encoded orders, or '' to remove the nation's. A change bumps the orders version,
-- so a step adjudicated on the orders before it is refused.
local function game_set_orders(orders_key, version_key, changes)
  if next(changes) == nil then return end
  redis.call('INCR', version_key)
  for nation, v in pairs(changes) do
    if v == '' then redis.call('HDEL', orders_key, nation) else redis.call('HSET', orders_key, nation, v) end
  end
end

-- A game file replaced; the new files version opens the game anew.
local function game_set_file(files_key, version_key, path, text, version)
  redis.call('HSET', files_key, path, text)
  redis.call('SET', version_key, version)
end
