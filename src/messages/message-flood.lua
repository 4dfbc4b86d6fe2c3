-- Where a message stands in each of its sender's flood counts, itself included, and whether the
-- count's notice is out (message-ledger.ts); nothing is counted here: the commit counts.
-- KEYS: count, notice, count, notice, ...
-- ARGV: message id, then per count: its arrival (ms), its window (ms)
local out = {}
for i = 1, #KEYS, 2 do
  local j = i + 1
  local known = redis.call('ZSCORE', KEYS[i], ARGV[1])
  local score = tonumber(known or ARGV[j])
  local n = redis.call('ZCOUNT', KEYS[i], string.format('%.0f', score - tonumber(ARGV[j + 1])), string.format('%.0f', score))
  if not known then n = n + 1 end
  out[#out + 1] = n
  out[#out + 1] = redis.call('EXISTS', KEYS[i + 1])
end
return out
