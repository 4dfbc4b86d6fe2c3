-- Orders repeated for a nation that sent none, unless its own arrived meanwhile (game-store.ts).
-- KEYS: orders, orders version
-- ARGV: nation, encoded orders
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('INCR', KEYS[2])
return 1
