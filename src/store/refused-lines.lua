-- The refused lines as refused-lines.ts keeps them, for a message's commit (message-ledger.ts),
-- which writes them in the same atomic step as the nation's orders in force. Such a script names
-- this file first and the key from refusedScriptKeys.

-- changes: nation -> encoded refusal (refused-lines.ts), or '' to remove the nation's.
local function refused_set(refused_key, changes)
  for nation, v in pairs(changes) do
    if v == '' then redis.call('HDEL', refused_key, nation) else redis.call('HSET', refused_key, nation, v) end
  end
end
