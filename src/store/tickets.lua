-- The GM tickets as stored-tickets.ts keeps them, for a message's load and commit (message-ledger.ts),
-- which read and write them in the same atomic step as the message's own structures. Such a script
-- names this file first and the keys from ticketScriptKeys.

-- Every ticket's JSON.
local function tickets_all(tickets_key)
  return redis.call('HVALS', tickets_key)
end

-- The tokens (comma-separated) of the tickets whose email has this Message-ID, or ''.
local function tickets_of_email(threads_key, message_id)
  return redis.call('HGET', threads_key, message_id) or ''
end

-- tickets: token -> ticket JSON, added or replaced.
local function tickets_put(tickets_key, tickets)
  for token, v in pairs(tickets) do redis.call('HSET', tickets_key, token, v) end
end
