-- Records an item in an outbox and puts it in line at once (outbox-line.ts), or a crash between the
-- two would strand it; an item recorded before is left as it was and returned.
-- KEYS: items, line, and the index of every item by time where the outbox keeps one
-- ARGV: key, item JSON, when recorded (ms)
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return redis.call('HGET', KEYS[1], ARGV[1]) end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
if KEYS[3] then redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1]) end
return false
