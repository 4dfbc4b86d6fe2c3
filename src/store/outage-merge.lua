-- Merges one process's outage into the record (outage-watch.ts); a record left from long ago (its
-- closer died) is replaced.
-- KEYS: outage, waited
-- ARGV: begun (ms), over (ms), reason, now (ms), then what waited
local updated = tonumber(redis.call('HGET', KEYS[1], 'updated') or '0')
if updated > 0 and tonumber(ARGV[4]) - updated > 3600000 then redis.call('DEL', KEYS[1], KEYS[2]) end
local begun = tonumber(redis.call('HGET', KEYS[1], 'begun') or ARGV[1])
local over = tonumber(redis.call('HGET', KEYS[1], 'over') or ARGV[2])
redis.call('HSET', KEYS[1], 'begun', math.min(begun, tonumber(ARGV[1])), 'over', math.max(over, tonumber(ARGV[2])), 'updated', ARGV[4])
redis.call('HSETNX', KEYS[1], 'reason', ARGV[3])
for i = 5, #ARGV do redis.call('SADD', KEYS[2], ARGV[i]) end
return 1
