-- Gives the game's mail lease back, if this worker still holds it (message-ledger.ts).
-- KEYS: lock  ARGV: token
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
