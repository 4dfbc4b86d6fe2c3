-- Compare-and-set on a game's whole schedule (schedule-store.ts): the write happens only if nobody
-- changed it since it was read.
-- KEYS: schedule  ARGV: the schedule as read ('' for none), the new one
local current = redis.call('GET', KEYS[1]) or ''
if current ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1
