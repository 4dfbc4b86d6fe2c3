-- A message's load (message-ledger.ts, for message-snapshot.ts): the step and, at that step, the
-- orders in force, the tickets, the late mail, when the message arrived, who holds its Message-ID,
-- the last step's turn and time, and the tickets its thread answers, in one read. The game and the
-- tickets are read through their owners' Lua (game.lua, tickets.lua, loaded before this).
-- KEYS: step, orders, tickets, late, received, dedupe, history, ticket threads
-- ARGV: message id, Message-ID or body hash ('' for none), then the Message-IDs it answers
local step = game_step(KEYS[1])
local last = game_record(KEYS[7], step)
local summary = ''
if last then local r = cjson.decode(last); summary = cjson.encode({ turn = r.turn, committedAt = r.committedAt }) end
local claimed = ''
if ARGV[2] ~= '' then claimed = redis.call('HGET', KEYS[6], ARGV[2]) or '' end
local threads = {}
for i = 3, #ARGV do threads[#threads + 1] = tickets_of_email(KEYS[8], ARGV[i]) end
return { step, game_orders(KEYS[2]), tickets_all(KEYS[3]), redis.call('HGETALL', KEYS[4]),
  redis.call('HGET', KEYS[5], ARGV[1]) or '', claimed, summary, threads }
