-- Notes that a try at posting a forum item begins (forum-outbox.ts). A try is counted only for an
-- item still in line, so a posted or set-aside item is never tried again.
-- KEYS: outbox, line, attempts  ARGV: key
-- Returns false (not in line) or {entry, tries begun}.
if not redis.call('ZSCORE', KEYS[2], ARGV[1]) then return false end
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return false end
return {json, redis.call('HINCRBY', KEYS[3], ARGV[1], 1)}
