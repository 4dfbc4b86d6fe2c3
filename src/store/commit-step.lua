-- A step's commit (game-store.ts): state, history and step at once, refused when another commit of
-- the step came first or the orders in force changed since they were read.
-- KEYS: state, step, history, orders, orders version
-- ARGV: expected step, turn record JSON, state JSON, orders version read
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
if current ~= tonumber(ARGV[1]) then return redis.error_reply('STEP ' .. current) end
if tonumber(redis.call('GET', KEYS[5]) or '0') ~= tonumber(ARGV[4]) then return redis.error_reply('ORDERS CHANGED') end
redis.call('SET', KEYS[1], ARGV[3])
redis.call('HSET', KEYS[3], tostring(current + 1), ARGV[2])
redis.call('SET', KEYS[2], tostring(current + 1))
redis.call('DEL', KEYS[4])
return current + 1
