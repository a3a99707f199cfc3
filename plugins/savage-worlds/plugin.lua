-- savage-worlds: Savage Worlds trait rolls, as resolution kind
-- "savage-worlds".
--
--   [skill_check: skill="Fighting" dc="6" mod="-2"]
--   [skill_check: ability="Vigor"]
--
-- The trait die comes from the sheet: an attribute's score is its die
-- (4, 6, 8, 10 or 12 for d4..d12); a skill's proficiency tier names its
-- die (tier ids "d4".."d12", and "unskilled", which rolls a d4 at -2 by
-- the tier's own flat bonus). Dice ace: a die showing its highest face is
-- rolled again and added, as long as it keeps acing (at most 20 dice). A
-- wild card (sheet field wild_card at 1) also rolls a wild die (a d6 that
-- aces too) and keeps the better of the two. Then the modifier (the
-- skill's tier bonus and per-skill bonus), mod= from the tag and what
-- conditions and items add. The target is 4, or dc=; every full 4 over
-- the target is a raise.
--
-- Draw order: the trait die and its aces, then the wild die and its aces,
-- then effect dice.
--
-- Bands (optional) are read by raises: -1 for a failure, 0 for a plain
-- success, 1 and more for raises:
--   "outcomes": { "by": "raises", "tiers": [
--     { "id": "raise", "label": "Raise", "atLeast": 1, "success": true },
--     { "id": "success", "label": "Success", "atLeast": 0, "success": true },
--     { "id": "failure", "label": "Failure" } ] }

local R = rulehost
local MAX_DICE = 20
local DICE = { [4] = true, [6] = true, [8] = true, [10] = true, [12] = true }

local function validate(o)
  local cfg = {}
  cfg.target = o:int("target", 1, 100, 4)
  cfg.raiseStep = o:int("raiseStep", 1, 100, 4)
  cfg.wildDie = o:int("wildDie", 4, 12, 6)
  if not DICE[cfg.wildDie] then
    o:problem("wildDie", string.format("the wild die is a d4, d6, d8, d10 or d12; %d is not one", cfg.wildDie))
  end
  cfg.wildCardField = o:str("wildCardField", 64, true)
  if cfg.wildCardField == "" then cfg.wildCardField = "wild_card" end
  o:outcomes({ by = { "raises" } })
  return cfg
end

-- ace rolls one die, rolling again and adding while it shows its highest
-- face; it returns the faces and their sum.
local function ace(sides)
  local faces, sum = {}, 0
  repeat
    local f = dice.roll(sides)
    faces[#faces + 1] = f
    sum = sum + f
  until f < sides or #faces >= MAX_DICE
  return faces, sum
end

-- traitDie reads the die of what is rolled from the sheet.
local function traitDie(c)
  if c.type == "ability" then
    return c.sheet:abilityScore(c.ability)
  end
  local tier = c.sheet:training(c.id, c.type == "save")
  if tier == "unskilled" then return 4 end
  return tonumber(string.match(tier, "^d(%d+)$"))
end

local function resolve(c)
  local cfg = c.resolution
  local out = {}
  local function add(k, v) out[#out + 1] = { k, v } end

  local sides = traitDie(c)
  if sides == nil or not DICE[sides] then
    return R.refuse("skill_check", "no-trait-die", string.format(
      "%s has no trait die d4..d12 on the sheet (an attribute's score or a skill's tier d4..d12, or unskilled)", c.label))
  end
  if c.tag.attrs.mode ~= nil then c.ignore("mode") end
  local dc, haveDC = cfg.target, false
  local given = c.int("dc")
  if given ~= nil then dc, haveDC = given, true end
  local mod = c.int("mod") or 0
  local wildCard = c.sheet:field(cfg.wildCardField) ~= 0

  local traitFaces, traitSum = ace(sides)
  local wildFaces, wildSum
  if wildCard then wildFaces, wildSum = ace(cfg.wildDie) end
  local best, kept = traitSum, "trait"
  if wildCard and wildSum > traitSum then best, kept = wildSum, "wild" end

  local modifier = 0
  if c.type ~= "ability" then modifier = c.sheetNumber end
  local effects = c.effects.flat
  for _, n in ipairs(c.effects.dice) do effects = effects + dice.notation(n) end
  for _, n in ipairs(c.effects.minusDice) do effects = effects - dice.notation(n) end
  local total = best + modifier + mod + effects

  add("resolution", "savage-worlds")
  add("dice", "1d" .. sides)
  add("rolls", traitFaces)
  if wildCard then
    add("wildDie", wildFaces)
    add("best", kept)
  end
  add("modifier", modifier)
  if mod ~= 0 then add("mod", mod) end
  if #c.effects.from > 0 then
    if effects ~= 0 then add("effects", R.signed(effects)) end
    add("from", table.concat(c.effects.from, ", "))
  end
  add("total", total)
  add("dc", dc)
  local raises = -1
  if total >= dc then raises = math.floor((total - dc) / cfg.raiseStep) end
  if raises >= 0 then add("raises", raises) end
  local o = c.outcomes
  if o == nil then
    add("success", raises >= 0)
    return out
  end
  local t = o.tiers[R.pickBand(o, raises, nil, 0)]
  add("outcome", t.label)
  add("success", t.success)
  return out
end

-- aceDist is the distribution of an acing die's sum, as ace rolls it: a
-- face below the top ends the chain; the top rolls again, at most
-- MAX_DICE dice. It returns sum -> probability.
local function aceDist(sides)
  local dist, reach = {}, 1
  for k = 1, MAX_DICE do
    local base = (k - 1) * sides
    local last = sides - 1
    if k == MAX_DICE then last = sides end
    for f = 1, last do
      dist[base + f] = (dist[base + f] or 0) + reach / sides
    end
    reach = reach / sides
  end
  return dist
end

-- odds: the exact chance of each band, for `rulehost odds`. It reads the
-- check as resolve does (trait die, wild die, dc=, mod=, the effects'
-- flat number) and keeps the better of the two acing sums. With effect
-- dice it gives no exact odds (nil) and the host samples; so it does when
-- the sheet has no trait die (resolve refuses the check).
local function odds(c)
  local cfg = c.resolution
  local sides = traitDie(c)
  if sides == nil or not DICE[sides] then return nil end
  if #c.effects.dice > 0 or #c.effects.minusDice > 0 then return nil end
  local dc = c.int("dc") or cfg.target
  local modifier = 0
  if c.type ~= "ability" then modifier = c.sheetNumber end
  local shift = modifier + (c.int("mod") or 0) + c.effects.flat
  local trait = aceDist(sides)
  local best = trait
  if c.sheet:field(cfg.wildCardField) ~= 0 then
    -- P(max = v) = P(T = v) P(W <= v) + P(W = v) P(T < v)
    local wild = aceDist(cfg.wildDie)
    local top = math.max(MAX_DICE * sides, MAX_DICE * cfg.wildDie)
    local tBelow, wBelow = 0, 0
    best = {}
    for v = 1, top do
      local pt, pw = trait[v] or 0, wild[v] or 0
      local p = pt * (wBelow + pw) + pw * tBelow
      if p > 0 then best[v] = p end
      tBelow, wBelow = tBelow + pt, wBelow + pw
    end
  end
  local byBand, order = {}, {}
  for v, p in pairs(best) do
    local total = v + shift
    local raises = -1
    if total >= dc then raises = math.floor((total - dc) / cfg.raiseStep) end
    local key, outcome, success
    local o = c.outcomes
    if o == nil then
      success = raises >= 0
      key = tostring(success)
    else
      local t = o.tiers[R.pickBand(o, raises, nil, 0)]
      outcome, success, key = t.label, t.success, t.label
    end
    if byBand[key] == nil then
      byBand[key] = { p = 0, outcome = outcome, success = success }
      order[#order + 1] = key
    end
    byBand[key].p = byBand[key].p + p
  end
  table.sort(order)
  local list = {}
  for _, k in ipairs(order) do list[#list + 1] = byBand[k] end
  return list
end

return {
  name = "savage-worlds",
  version = "1.0.0",
  api = 1,
  description = "Savage Worlds trait rolls: a trait die d4..d12 from the sheet that aces, the wild die for wild cards (better one kept), raises per 4 over the target.",
  kinds = {
    ["savage-worlds"] = {
      keys = { "target", "raiseStep", "wildDie", "wildCardField" },
      validate = validate,
      resolve = resolve,
      odds = odds,
      doc = "Savage Worlds trait roll: the trait die (and a wild card's wild die, keeping the better) aces on its top face; reach 4 (or dc=) to succeed, every 4 more is a raise.",
      instructions = "Roll a skill (skill=) or an attribute (ability=); give mod= for situational modifiers (cover, called shots, wounds) and dc= for a target other than 4.",
      attrs = {
        { name = "mod", type = "integer", doc = "The situational modifier added to the roll (\"-2\" for a called shot, \"+1\" for a gang-up)." },
      },
      examples = { '[skill_check: skill="Fighting" dc="6" mod="-2"]', '[skill_check: ability="Vigor"]' },
    },
  },
  records = {
    check = {
      keys = {
        { name = "wildDie", type = "integer list", doc = "A wild card's wild die (d6): its faces, aces included, in order. Present only for wild cards." },
        { name = "best", type = "text", doc = '"trait" or "wild": which die was kept, the better total (the trait die on a tie). Present only for wild cards.' },
        { name = "mod", type = "integer", doc = "The situational modifier the GM gave with mod=. Present when not zero." },
        { name = "raises", type = "integer", doc = "Full steps of 4 over the target: 0 for a plain success, 1 or more for raises. Present on a success." },
      },
    },
  },
}
