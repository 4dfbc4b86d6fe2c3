-- Pins a member name (lower case) to the account first seen writing under it: ARGV[1] the name,
-- ARGV[2] the account id. A pin whose account is the name itself was made when phpBB accounts were
-- known by name: the first account seen by id takes it.
local held = redis.call('HGET', KEYS[1], ARGV[1])
if held == false or string.lower(held) == ARGV[1] then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
end
