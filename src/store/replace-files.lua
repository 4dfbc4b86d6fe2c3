-- A game's files replaced whole (game-store.ts, for `adjutant game update`), only while the game is
-- as the update was checked against: the same step, rollbacks and files. The orders version moves
-- on, so a step being adjudicated on the old files is refused at its commit and run again on these.
-- KEYS: files, files version, step, rollbacks, orders, orders version, state
-- ARGV: step read, rollbacks read, files version read, new files version, JSON list of nations whose
--   orders in force go (they left the game), the new state JSON ('' to keep it), then path/text pairs
local step = redis.call('GET', KEYS[3]) or '0'
if step ~= ARGV[1] or (redis.call('GET', KEYS[4]) or '0') ~= ARGV[2] then return redis.error_reply('MOVED STEP ' .. step) end
if redis.call('GET', KEYS[2]) ~= ARGV[3] then return redis.error_reply('MOVED FILES') end
redis.call('DEL', KEYS[1])
for i = 7, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('SET', KEYS[2], ARGV[4])
for _, nation in ipairs(cjson.decode(ARGV[5])) do redis.call('HDEL', KEYS[5], nation) end
if ARGV[6] ~= '' then redis.call('SET', KEYS[7], ARGV[6]) end
redis.call('INCR', KEYS[6])
return 1
