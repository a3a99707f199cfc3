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

-- throw throws the kind's dice once and returns the faces, their sum and
-- the open-ended chain ("high", "low" or nil); an open-ended die rolls
-- again on high (adding) and on low (subtracting, chaining on high), at
-- most 20 dice. It returns several values rather than a table with named
-- fields: a string-keyed table per throw was the costliest allocation of
-- a check.
local function throw(ds)
  local faces, sum, n = {}, 0, ds.count
  local sides, values = ds.sides, ds.faces
  for i = 1, n do
    local f = dice.roll(sides)
    faces[i] = f
    if values ~= nil then sum = sum + values[f] else sum = sum + f end
  end
  local oe = ds.openEnded
  if oe == nil or n ~= 1 then return faces, sum, nil end
  local high, low = oe.high, oe.low
  local first, sign, chain = faces[1], 0, nil
  if high ~= 0 and first >= high then
    sign, chain = 1, "high"
  elseif low ~= 0 and first <= low then
    sign, chain = -1, "low"
  end
  while sign ~= 0 and n < MAX_OPEN_ENDED_DICE do
    local f = dice.roll(sides)
    n = n + 1
    faces[n] = f
    sum = sum + sign * f
    if high == 0 or f < high then break end
  end
  return faces, sum, chain
end

-- addOutcome adds outcome, success and critical (or success and critical
-- alone when there are no bands).
local function addOutcome(out, n, o, band, success, crit, known)
  if o ~= nil and band ~= nil then
    local t = o.tiers[band]
    local ok = t.success
    out[n + 1], out[n + 2], out[n + 3], out[n + 4] = "outcome", t.label, "success", ok
    if t.critical or crit ~= nil then
      out[n + 5], out[n + 6] = "critical", ok and "success" or "failure"
    end
    return
  end
  if not known then return end
  out[n + 1], out[n + 2] = "success", success
  if crit ~= nil then out[n + 3], out[n + 4] = "critical", crit end
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
  out[n + 1], out[n + 2] = "automatic", true; n = n + 2
  if rung then out[n + 1], out[n + 2] = "difficulty", rung; n = n + 2 end
  if haveDC then out[n + 1], out[n + 2] = "dc", dc; n = n + 2 end
  out[n + 1], out[n + 2] = "from", table.concat(eff.from, ", "); n = n + 2
  if o == nil then
    out[n + 1], out[n + 2] = "success", false
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

-- resolve returns the record as a flat list (key, value, key, value, ...)
-- built with a running index n rather than a helper closure: it runs on
-- every check, and one table with plain locals is the cheapest Lua there
-- is (a {key, value} table per attribute cost a fifth of the check).
local function resolve(c)
  local ds = c.resolution
  local count, sides = ds.count, ds.sides
  local out = { "resolution", "sum", "dice", count .. "d" .. sides }
  local n = 4

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
  local faces, sum, chain = throw(ds)
  if mode ~= 0 then
    local faces2, sum2, chain2 = throw(ds)
    local all = concat(faces, faces2)
    if (mode > 0 and sum2 > sum) or (mode < 0 and sum2 < sum) then
      faces, sum, chain = faces2, sum2, chain2
    end
    out[n + 1], out[n + 2] = "mode", mode > 0 and "advantage" or "disadvantage"; n = n + 2
    out[n + 1], out[n + 2] = "rolls", all; n = n + 2
    out[n + 1], out[n + 2] = "kept", faces; n = n + 2
  else
    out[n + 1], out[n + 2] = "rolls", faces; n = n + 2
  end
  if chain then out[n + 1], out[n + 2] = "openEnded", chain; n = n + 2 end

  local modifier = c.sheetNumber
  local from = eff.from
  local effects = effectsTotal(eff)
  local total = sum + modifier + effects
  out[n + 1], out[n + 2] = "modifier", modifier; n = n + 2
  if #from > 0 then
    if effects ~= 0 then out[n + 1], out[n + 2] = "effects", R.signed(effects); n = n + 2 end
    out[n + 1], out[n + 2] = "from", table.concat(from, ", "); n = n + 2
  end
  out[n + 1], out[n + 2] = "total", total; n = n + 2
  if rung then out[n + 1], out[n + 2] = "difficulty", rung; n = n + 2 end
  if haveDC then out[n + 1], out[n + 2] = "dc", dc; n = n + 2 end

  local crit, shift = nil, 0
  if count == 1 then
    local face = faces[1]
    local max, min = face == sides, face == 1
    local naturals = ds.naturals
    if naturals == "both" then
      crit = naturalCrit(max, min)
    elseif naturals == "max-only" then
      crit = naturalCrit(max, false)
    elseif naturals == "min-only" then
      crit = naturalCrit(false, min)
    end
    if crit ~= nil then out[n + 1], out[n + 2] = "natural", max and "max" or "min"; n = n + 2 end
    if o ~= nil and o.naturals == "shift" then
      if max then
        shift = 1
        out[n + 1], out[n + 2] = "natural", "max"; n = n + 2
      elseif min then
        shift = -1
        out[n + 1], out[n + 2] = "natural", "min"; n = n + 2
      end
    end
    local unmod = ds.unmodified
    for i = 1, #unmod do
      if unmod[i] == face then out[n + 1], out[n + 2] = "unmodified", face; n = n + 2 end
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
      doc = "The native dice-sum kind in Lua: dice plus modifier against a difficulty, with the same records as dice-sum for the same seed.",
      attrs = {
        { name = "mode", type = "text", enum = { "advantage", "disadvantage" }, doc = "Two throws, keep the better (advantage) or the worse (disadvantage); only when resolution.advantage is true." },
      },
      examples = { '[skill_check: skill="Athletics" dc="15" mode="advantage"]' },
    },
  },
}
