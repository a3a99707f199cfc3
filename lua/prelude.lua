-- rulehost prelude (plugin API level 1).
--
-- Runs in every plugin state before plugin.lua. The host has already put
-- its own functions in `rulehost` and `dice` (see docs/plugins.md); this
-- file adds helpers written in plain Lua. Both tables are read-only once
-- the prelude has run.

local R = rulehost

-- R.sum(list) adds up a list of numbers.
function R.sum(list)
  local s = 0
  for i = 1, #list do s = s + list[i] end
  return s
end

-- R.count(list, atLeast) counts the entries at or above atLeast.
function R.count(list, atLeast)
  local n = 0
  for i = 1, #list do
    if list[i] >= atLeast then n = n + 1 end
  end
  return n
end

-- R.copy(list) returns a plain (writable) copy of a list, e.g. of a
-- read-only view, so it can be sorted.
function R.copy(list)
  local out = {}
  for i = 1, #list do out[i] = list[i] end
  return out
end

-- R.signed(n) writes an integer with its sign: "+2", "-1", "0".
function R.signed(n)
  if n > 0 then return "+" .. n end
  return tostring(n)
end

-- R.findRung(ladder, name) returns the single rung whose label matches
-- name in any case; a name no rung answers to, or one two rungs share,
-- finds nothing (as the engine's difficultyLadder does). ASCII case only.
function R.findRung(ladder, name)
  if ladder == nil or name == nil then return nil end
  local want, found = string.lower(name), nil
  for i = 1, #ladder do
    if string.lower(ladder[i].label) == want then
      if found then return nil end
      found = ladder[i]
    end
  end
  return found
end

-- R.dcLadder(o) reads resolution.difficultyLadder as rungs with a dc,
-- the way the engine's summed kinds validate it: 1 to 16 rungs, each
-- with a label (up to 80 characters), a whole dc from -1000 to 10000 and
-- an optional text. Problems are reported through o; it returns the
-- rungs read, as { label = ..., dc = ... }.
function R.dcLadder(o)
  local out = {}
  local ladder, ok = o:array("difficultyLadder", 1, 16)
  if not ok then return out end
  for i = 1, #ladder do
    local r = o:objectAt("difficultyLadder", i)
    if r and r:require("label") then
      local label = r:str("label", 80, true)
      r:str("text", 200, false)
      r:known("label", "dc", "text")
      local dc = 0
      if r:require("dc") then dc = r:int("dc", -1000, 10000, 0) end
      out[#out + 1] = { label = label, dc = dc }
    end
  end
  return out
end

-- R.difficulty(check, ladder) reads a summed check's difficulty as the
-- engine does: difficulty= names a rung (its dc), and a dc= on the tag
-- wins for the number (kept within -1000..10000). It returns dc, whether
-- there was one, and the rung's label (nil when none was named). A name
-- no rung answers to is listed in ignored=.
function R.difficulty(c, ladder)
  local dc, have, rung = 0, false, nil
  local name = c.tag.attrs.difficulty
  if name ~= nil then
    local r = R.findRung(ladder, name)
    if r then dc, have, rung = r.dc, true, r.label else c.ignore("difficulty") end
  end
  local n = c.int("dc")
  if n ~= nil then
    if n < -1000 then n = -1000 elseif n > 10000 then n = 10000 end
    dc, have = n, true
  end
  return dc, have, rung
end

-- R.pickBand(outcomes, n, crit, shift) returns the index (1-based) of the
-- outcome band a result lands in, exactly as the engine reads bands:
-- crit is "success", "failure" or nil; shift is +1 (better), -1 (worse)
-- or 0. outcomes is check.outcomes.
function R.pickBand(o, n, crit, shift)
  local tiers = o.tiers
  if crit == "success" then
    for i = 1, #tiers do if tiers[i].on == "critical-success" then return i end end
    for i = 1, #tiers do if tiers[i].on == nil then return i end end
  elseif crit == "failure" then
    for i = 1, #tiers do if tiers[i].on == "critical-failure" then return i end end
    for i = #tiers, 1, -1 do if tiers[i].on == nil then return i end end
  end
  -- the numeric bands (no on=), counted and walked in place: this runs
  -- on every check, and a list built per call cost more than the walk
  local count, pos = 0, nil
  for i = 1, #tiers do
    local t = tiers[i]
    if t.on == nil then
      count = count + 1
      if pos == nil then
        local a = t.atLeast
        if a ~= nil and n >= a then pos = count end
      end
    end
  end
  if count == 0 then return 1 end
  pos = (pos or count) - (shift or 0)
  if pos < 1 then pos = 1 end
  if pos > count then pos = count end
  for i = 1, #tiers do
    if tiers[i].on == nil then
      pos = pos - 1
      if pos == 0 then return i end
    end
  end
  return 1
end

-- R.refuse(action, reason, note) builds a refusal record to return from
-- resolve or a tag handler: [refused: action=.. reason=.. note=..].
function R.refuse(action, reason, note)
  local attrs = {}
  if action and action ~= "" then attrs[#attrs + 1] = { "action", action } end
  attrs[#attrs + 1] = { "reason", reason }
  if note and note ~= "" then attrs[#attrs + 1] = { "note", note } end
  return { name = "refused", attrs = attrs }
end
