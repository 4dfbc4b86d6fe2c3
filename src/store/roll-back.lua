-- A rollback (game-store.ts): the undone steps move to the undone list, the state, step and orders
-- in force go back, the preview is dropped and the rollbacks counted, all at once.
-- KEYS: state, step, history, orders, undone, rollbacks, preview, orders version
-- ARGV: expected step, first step undone, state JSON, undoneAt JSON string, then nation/orders pairs
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
return redis.call('INCR', KEYS[6])
