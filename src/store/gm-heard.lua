-- When the GM was last heard from, as gm-heard.ts keeps it: the later time stays (a message decided
-- again may carry an older one). A message's commit (message-ledger.ts) notes it through this
-- function with the key from gmHeardScriptKeys.

-- only_when_none '1': note `ms` only when nothing is noted yet. Returns the time noted.
local function gm_heard_note(key, ms, only_when_none)
  local noted = tonumber(redis.call('GET', key) or '0')
  if noted == 0 or (only_when_none ~= '1' and tonumber(ms) > noted) then
    redis.call('SET', key, ms)
    return ms
  end
  return string.format('%.0f', noted)
end
