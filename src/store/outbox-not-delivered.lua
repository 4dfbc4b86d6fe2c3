-- The conversation begun last for a message ended without delivering it: one fewer in doubt (outbox.ts).
-- KEYS: in doubt  ARGV: key
if tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0') > 0 then redis.call('HINCRBY', KEYS[1], ARGV[1], -1) end
