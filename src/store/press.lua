-- The press as stored-press.ts keeps it, for a message's commit (message-ledger.ts), which adds a
-- message's press in the same atomic step as its result: a retried message finds its result there
-- and adds nothing again. Such a script names this file first and the key from pressScriptKeys.

-- entries: the press JSON of one message, in the order it was written; the list keeps the newest `kept`.
local function press_add(press_key, entries, kept)
  if #entries == 0 then return end
  for _, v in ipairs(entries) do redis.call('LPUSH', press_key, v) end
  redis.call('LTRIM', press_key, 0, kept - 1)
end
