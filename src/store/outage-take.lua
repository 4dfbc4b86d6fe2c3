-- Takes the outage record once it has settled (outage-watch.ts): exactly one process gets it.
-- KEYS: outage, waited
-- ARGV: now (ms), how long the record must have stayed unchanged (ms)
local updated = tonumber(redis.call('HGET', KEYS[1], 'updated') or '-1')
if updated < 0 or tonumber(ARGV[1]) - updated < tonumber(ARGV[2]) then return false end
local record = redis.call('HGETALL', KEYS[1])
local waited = redis.call('SMEMBERS', KEYS[2])
redis.call('DEL', KEYS[1], KEYS[2])
return {record, waited}
