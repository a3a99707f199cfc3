-- reference-sum: the native dice-sum kind, re-implemented in Lua.
--
-- It reads the same resolution keys as dice-sum and must write records
-- that are byte-identical to the native ones for the same seed: the
-- engine's tests switch every bundled dice-sum ruleset to this kind and
-- compare 10,000 seeded checks. It is both a cross-check of the native
-- kind and a worked example of a full resolution kind in Lua.
--
-- Draw order (the contract the native kind documents): the first throw's
-- dice in order (an open-ended die's chain right after it), then, with
-- advantage or disadvantage, the second throw the same way, then each
-- effect die (adding ones first, then subtracting ones).

local R = rulehost
local MAX_OPEN_ENDED_DICE = 20

-- validate ------------------------------------------------------------------

local function validate(o)
  local ds = { count = 1, sides = 20, advantage = false, naturals = "", unmodified = {}, ladder = {} }
  local d = o:object("dice")
  if d then
    d:known("count", "sides", "faces")
    ds.count = d:int("count", 1, 100, 1)
    ds.sides = d:int("sides", 2, 1000, 20)
    local faces, ok = d:array("faces", ds.sides, ds.sides)
    if ok then
      ds.faces = {}
      for i = 1, #faces do
        ds.faces[i] = d:intAt("faces", i, -1000, 1000, 0)
      end
    elseif d:has("faces") and faces ~= nil then
      d:problem("faces", string.format("give one value per face: %d values for %d sides", ds.sides, ds.sides))
    end
  elseif not o:has("dice") then
    o:problem("", 'missing "dice": { "count": N, "sides": S }')
  end
  ds.advantage = o:bool("advantage", false)
  ds.naturals = o:enum("naturals", "", "none", "both", "max-only", "min-only")
  if ds.naturals ~= "" and ds.naturals ~= "none" and ds.count ~= 1 then
    o:problem("naturals", string.format('naturals %q reads a single die; with %d dice use "none"', ds.naturals, ds.count))
  end
  local oe = o:object("openEnded")
  if oe then
    oe:known("high", "low")
    local x = {}
    x.high = oe:int("high", 2, ds.sides, 0)
    x.low = oe:int("low", 1, ds.sides - 1, 0)
    if not oe:has("high") and not oe:has("low") then
      oe:problem("", 'an open-ended roll names "high", "low" or both')
    end
    if x.high ~= 0 and x.low ~= 0 and x.low >= x.high then
      oe:problem("low", string.format("low %d must be below high %d", x.low, x.high))
    end
    if ds.count ~= 1 then
      oe:problem("", string.format("an open-ended roll is a single die; dice.count is %d", ds.count))
    end
    if ds.faces ~= nil then
      oe:problem("", "an open-ended roll reads the die's own numbers; remove dice.faces")
    end
    ds.openEnded = x
  end
  local arr, ok = o:array("unmodified", 1, 20)
  if ok then
    if ds.count ~= 1 then
      o:problem("unmodified", string.format("unmodified faces are read on a single die; dice.count is %d", ds.count))
    end
    local seen = {}
    for i = 1, #arr do
      local n, nok = o:intAt("unmodified", i, 1, ds.sides, 0)
      if nok then
        if seen[n] then o:problemAt("unmodified", i, string.format("face %d is listed twice", n)) end
        seen[n] = true
        ds.unmodified[#ds.unmodified + 1] = n
      end
    end
  end
  ds.ladder = R.dcLadder(o)
  if o:has("spend") then
    o:problem("spend", "dice-sum cannot declare spend; only dice-pool (successes, dice, rerolls), dice-highest and symbol-pool (dice) can")
  end
  o:outcomes({
    by = { "margin", "total" }, singleDie = ds.count == 1,
    naturalsNone = ds.naturals == "" or ds.naturals == "none", shiftAllowed = true,
  })
  return ds
end

-- resolve -------------------------------------------------------------------

local function faceValue(ds, face)
  if ds.faces ~= nil then return ds.faces[face] end
  return face
end

-- throw throws the kind's dice once; an open-ended die rolls again on high
-- (adding) and on low (subtracting, chaining on high), at most 20 dice.
local function throw(ds)
  local t = { faces = {}, sum = 0 }
  for _ = 1, ds.count do
    local f = dice.roll(ds.sides)
    t.faces[#t.faces + 1] = f
    t.sum = t.sum + faceValue(ds, f)
  end
  local oe = ds.openEnded
  if oe == nil or ds.count ~= 1 then return t end
  local first, sign = t.faces[1], 0
  if oe.high ~= 0 and first >= oe.high then
    sign, t.chain = 1, "high"
  elseif oe.low ~= 0 and first <= oe.low then
    sign, t.chain = -1, "low"
  end
  while sign ~= 0 and #t.faces < MAX_OPEN_ENDED_DICE do
    local f = dice.roll(ds.sides)
    t.faces[#t.faces + 1] = f
    t.sum = t.sum + sign * f
    if oe.high == 0 or f < oe.high then break end
  end
  return t
end

-- addOutcome adds outcome, success and critical (or success and critical
-- alone when there are no bands).
local function addOutcome(out, n, o, band, success, crit, known)
  if o ~= nil and band ~= nil then
    local t = o.tiers[band]
    local ok = t.success
    out[n + 1] = { "outcome", t.label }
    out[n + 2] = { "success", ok }
    if t.critical or crit ~= nil then
      out[n + 3] = { "critical", ok and "success" or "failure" }
    end
    return
  end
  if not known then return end
  out[n + 1] = { "success", success }
  if crit ~= nil then out[n + 2] = { "critical", crit } end
end

local function naturalCrit(max, min)
  if max then return "success" end
  if min then return "failure" end
  return nil
end

local function concat(a, b)
  local out, n = {}, #a
  for i = 1, n do out[i] = a[i] end
  for i = 1, #b do out[n + i] = b[i] end
  return out
end

-- effectsTotal rolls the effect dice (adding ones first, then subtracting
-- ones) onto the flat bonus.
local function effectsTotal(eff)
  local total = eff.flat
  local plus, minus = eff.dice, eff.minusDice
  for i = 1, #plus do total = total + dice.notation(plus[i]) end
  for i = 1, #minus do total = total - dice.notation(minus[i]) end
  return total
end

-- automatic answers a save that a condition or item fails without a roll.
local function automatic(out, n, eff, o, dc, haveDC, rung)
  n = n + 1; out[n] = { "automatic", true }
  if rung then n = n + 1; out[n] = { "difficulty", rung } end
  if haveDC then n = n + 1; out[n] = { "dc", dc } end
  n = n + 1; out[n] = { "from", table.concat(eff.from, ", ") }
  if o == nil then
    out[n + 1] = { "success", false }
    return out
  end
  -- a plain failure, not a fumble: the best failing band read from the
  -- number that is not critical, or else the worst such band
  local band
  for i = 1, #o.tiers do
    local t = o.tiers[i]
    if t.on == nil and not t.success and not t.critical then band = i break end
  end
  if band == nil then
    for i = #o.tiers, 1, -1 do
      if o.tiers[i].on == nil then band = i break end
    end
  end
  addOutcome(out, n, o, band, false, nil, true)
  return out
end

-- resolve builds the record with a running index n rather than a helper
-- closure: it runs on every check, and plain locals are the cheapest Lua
-- there is.
local function resolve(c)
  local ds = c.resolution
  local count, sides = ds.count, ds.sides
  local out = { { "resolution", "sum" }, { "dice", count .. "d" .. sides } }
  local n = 2

  local dc, haveDC, rung = R.difficulty(c, ds.ladder)
  local o = c.outcomes
  local eff = c.effects
  if eff.failsSave and c.type == "save" then
    return automatic(out, n, eff, o, dc, haveDC, rung)
  end

  local mode = c.mode()
  if not ds.advantage then
    -- only the GM's own mode= is an attribute the check did not use;
    -- advantage from an effect is simply not offered here
    if c.tag.attrs.mode ~= nil then c.ignore("mode") end
    mode = 0
  end
  local first = throw(ds)
  local kept = first
  if mode ~= 0 then
    local second = throw(ds)
    if (mode > 0 and second.sum > first.sum) or (mode < 0 and second.sum < first.sum) then
      kept = second
    end
    n = n + 1; out[n] = { "mode", mode > 0 and "advantage" or "disadvantage" }
    n = n + 1; out[n] = { "rolls", concat(first.faces, second.faces) }
    n = n + 1; out[n] = { "kept", kept.faces }
  else
    n = n + 1; out[n] = { "rolls", first.faces }
  end
  if kept.chain then n = n + 1; out[n] = { "openEnded", kept.chain } end

  local modifier = c.sheetNumber
  local from = eff.from
  local effects = effectsTotal(eff)
  local total = kept.sum + modifier + effects
  n = n + 1; out[n] = { "modifier", modifier }
  if #from > 0 then
    if effects ~= 0 then n = n + 1; out[n] = { "effects", R.signed(effects) } end
    n = n + 1; out[n] = { "from", table.concat(from, ", ") }
  end
  n = n + 1; out[n] = { "total", total }
  if rung then n = n + 1; out[n] = { "difficulty", rung } end
  if haveDC then n = n + 1; out[n] = { "dc", dc } end

  local crit, shift = nil, 0
  if count == 1 then
    local face = kept.faces[1]
    local max, min = face == sides, face == 1
    local naturals = ds.naturals
    if naturals == "both" then
      crit = naturalCrit(max, min)
    elseif naturals == "max-only" then
      crit = naturalCrit(max, false)
    elseif naturals == "min-only" then
      crit = naturalCrit(false, min)
    end
    if crit ~= nil then n = n + 1; out[n] = { "natural", max and "max" or "min" } end
    if o ~= nil and o.naturals == "shift" then
      if max then
        shift = 1
        n = n + 1; out[n] = { "natural", "max" }
      elseif min then
        shift = -1
        n = n + 1; out[n] = { "natural", "min" }
      end
    end
    local unmod = ds.unmodified
    for i = 1, #unmod do
      if unmod[i] == face then n = n + 1; out[n] = { "unmodified", face } end
    end
  end

  local success = haveDC and total >= dc
  if crit == "success" then success = true elseif crit == "failure" then success = false end
  if o == nil then
    addOutcome(out, n, nil, nil, success, crit, haveDC or crit ~= nil)
    return out
  end
  local v = total
  if o.by == "margin" then
    if not haveDC and crit == nil then return out end
    v = total - dc
  end
  addOutcome(out, n, o, R.pickBand(o, v, crit, shift), success, crit, true)
  return out
end

return {
  name = "reference-sum",
  version = "1.0.0",
  api = 1,
  description = "The native dice-sum kind re-implemented in Lua, to cross-check native against plugin on the same seeds.",
  kinds = {
    ["reference-sum"] = {
      keys = { "dice", "advantage", "naturals", "openEnded", "unmodified", "difficultyLadder" },
      validate = validate,
      resolve = resolve,
    },
  },
}
