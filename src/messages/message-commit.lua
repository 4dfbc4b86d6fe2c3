-- A message's commit (message-ledger.ts): everything it changes and its result, at once, only while
-- the lease holds, the game is at the step it was read at, and no other copy claimed its Message-ID.
-- The game's orders and files, the tickets, the press, the refused lines and when the GM was heard
-- from are changed through their owners' Lua (game.lua, tickets.lua, press.lua, refused-lines.lua,
-- gm-heard.lua, loaded before this).
-- KEYS: step, orders, tickets, late, results, files, lock, orders version, files version, dedupe,
--   press, refused lines, GM heard, then the flood counts and notices the changes name by index
-- ARGV: step read, message id, result JSON, changes JSON, lease token
if redis.call('GET', KEYS[7]) ~= ARGV[5] then return redis.error_reply('LEASE LOST') end
local step = game_step(KEYS[1])
if step ~= ARGV[1] then return redis.error_reply('STEP ' .. step) end
if redis.call('HEXISTS', KEYS[5], ARGV[2]) == 1 then return 0 end
local c = cjson.decode(ARGV[4])
if c.claim ~= '' then
  local holder = redis.call('HGET', KEYS[10], c.claim)
  if holder and holder ~= ARGV[2] then return redis.error_reply('CLAIMED') end
  redis.call('HSET', KEYS[10], c.claim, ARGV[2])
end
game_set_orders(KEYS[2], KEYS[8], c.orders)
tickets_put(KEYS[3], c.tickets)
for nation, v in pairs(c.late) do redis.call('HSET', KEYS[4], nation, v) end
if c.gameYaml ~= '' then game_set_file(KEYS[6], KEYS[9], 'game.yaml', c.gameYaml, c.filesVersion) end
for _, r in ipairs(c.counted) do
  redis.call('ZADD', KEYS[r.k], 'NX', r.at, ARGV[2])
  local score = tonumber(redis.call('ZSCORE', KEYS[r.k], ARGV[2]))
  redis.call('ZREMRANGEBYSCORE', KEYS[r.k], '-inf', string.format('%.0f', score - 2 * tonumber(r.window)))
  redis.call('PEXPIRE', KEYS[r.k], string.format('%.0f', 2 * tonumber(r.window)))
end
for _, n in ipairs(c.notices) do redis.call('SET', KEYS[n.k], '1', 'PX', n.window, 'NX') end
press_add(KEYS[11], c.press, c.pressKept)
refused_set(KEYS[12], c.refused)
if c.gmHeard ~= '' then gm_heard_note(KEYS[13], c.gmHeard, '0') end
redis.call('HSET', KEYS[5], ARGV[2], ARGV[3])
return 1
