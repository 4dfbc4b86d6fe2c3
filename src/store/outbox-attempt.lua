-- Notes that an SMTP conversation for a message begins (outbox.ts): counted beside the entry, so
-- after a crash the record shows a send was begun, and counted as in doubt until its outcome is
-- known, so no message is begun again while enough earlier conversations may each have delivered it.
-- KEYS: outbox, attempts, in doubt
-- ARGV: key, conversations in doubt that stop sending
-- Returns false (not recorded), {entry, 0} (sent), {entry, -1} (too many in doubt) or {entry, attempt}.
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return false end
if string.find(json, '"sentAt":', 1, true) then return {json, 0} end
if tonumber(redis.call('HGET', KEYS[3], ARGV[1]) or '0') >= tonumber(ARGV[2]) then return {json, -1} end
redis.call('HINCRBY', KEYS[3], ARGV[1], 1)
return {json, redis.call('HINCRBY', KEYS[2], ARGV[1], 1)}
