-- ironsworn: Ironsworn's action roll, as resolution kind "ironsworn".
--
--   [skill_check: ability="Edge" adds="1"]
--   [skill_check: skill="Face danger" with="Heart"]
--
-- The action die (1d6) plus the stat (the sheet number for what is
-- rolled) plus adds (the tag's adds=, and what conditions and items add)
-- is the action score, capped at 10. It is compared with two challenge
-- dice (d10): beating both (strictly greater) is a strong hit, beating one
-- a weak hit, beating neither a miss. When the challenge dice show the
-- same face it is a match, which the GM reads as a twist or an
-- opportunity; the record says match="true".
--
-- Draw order: the action die, then the two challenge dice.
--
-- The ruleset declares the three bands, read by hits (the challenge dice
-- beaten):
--
--   "outcomes": { "by": "hits", "tiers": [
--     { "id": "strong", "label": "Strong hit", "atLeast": 2, "success": true },
--     { "id": "weak", "label": "Weak hit", "atLeast": 1, "success": true },
--     { "id": "miss", "label": "Miss" } ] }

local R = rulehost
local CAP = 10

local function validate(o)
  local cfg = {}
  cfg.challengeSides = o:int("challengeSides", 2, 100, 10)
  cfg.actionSides = o:int("actionSides", 2, 100, 6)
  cfg.cap = o:int("cap", 1, 1000, CAP)
  if not o:has("outcomes") then
    o:problem("", 'an ironsworn resolution declares its bands under "outcomes", read "by": "hits" (strong hit at 2, weak hit at 1, miss)')
  end
  o:outcomes({ by = { "hits" } })
  return cfg
end

local function resolve(c)
  local cfg = c.resolution
  local out = {}
  local function add(k, v) out[#out + 1] = { k, v } end

  if c.tag.attrs.mode ~= nil then c.ignore("mode") end
  local adds = c.int("adds") or 0
  local action = dice.roll(cfg.actionSides)
  local challenge = { dice.roll(cfg.challengeSides), dice.roll(cfg.challengeSides) }

  local effects = c.effects.flat
  for _, n in ipairs(c.effects.dice) do effects = effects + dice.notation(n) end
  for _, n in ipairs(c.effects.minusDice) do effects = effects - dice.notation(n) end
  local score = action + c.sheetNumber + adds + effects
  if score > cfg.cap then score = cfg.cap end

  local hits = 0
  for i = 1, 2 do
    if score > challenge[i] then hits = hits + 1 end
  end

  add("resolution", "ironsworn")
  add("dice", "1d" .. cfg.actionSides)
  add("rolls", { action })
  add("modifier", c.sheetNumber)
  if adds ~= 0 then add("adds", adds) end
  if #c.effects.from > 0 then
    if effects ~= 0 then add("effects", R.signed(effects)) end
    add("from", table.concat(c.effects.from, ", "))
  end
  add("total", score)
  add("challenge", challenge)
  add("hits", hits)
  if challenge[1] == challenge[2] then add("match", true) end
  local o = c.outcomes
  local t = o.tiers[R.pickBand(o, hits, nil, 0)]
  add("outcome", t.label)
  add("success", t.success)
  return out
end

-- odds: the exact chance of each band, for `rulehost odds`. It reads the
-- check as resolve does (sheet number, adds=, effects' flat number, the
-- cap) and counts every action die against every pair of challenge dice.
-- With effect dice it gives no exact odds (nil) and the host samples.
local function odds(c)
  local cfg = c.resolution
  if #c.effects.dice > 0 or #c.effects.minusDice > 0 then return nil end
  local base = c.sheetNumber + (c.int("adds") or 0) + c.effects.flat
  local counts = { [0] = 0, 0, 0 }
  for a = 1, cfg.actionSides do
    local score = a + base
    if score > cfg.cap then score = cfg.cap end
    for x = 1, cfg.challengeSides do
      for y = 1, cfg.challengeSides do
        local hits = (score > x and 1 or 0) + (score > y and 1 or 0)
        counts[hits] = counts[hits] + 1
      end
    end
  end
  local all = cfg.actionSides * cfg.challengeSides * cfg.challengeSides
  local o = c.outcomes
  local list = {}
  for hits = 0, 2 do
    if counts[hits] > 0 then
      local t = o.tiers[R.pickBand(o, hits, nil, 0)]
      list[#list + 1] = { p = counts[hits] / all, outcome = t.label, success = t.success }
    end
  end
  return list
end

return {
  name = "ironsworn",
  version = "1.0.0",
  api = 1,
  description = "Ironsworn's action roll: 1d6 + stat + adds (at most 10) against two d10 challenge dice; strong hit, weak hit or miss, and matches.",
  kinds = {
    ironsworn = {
      keys = { "challengeSides", "actionSides", "cap" },
      validate = validate,
      resolve = resolve,
      odds = odds,
      doc = "Ironsworn's action roll: 1d6 + stat + adds (at most 10) against two d10 challenge dice; beating both is a strong hit, one a weak hit, neither a miss; equal challenge dice are a match.",
      instructions = "Roll a stat (ability=) or a move (skill=, with= the stat when the move uses another). Give adds= for a bonus from the fiction or an asset. Narrate a match (match=\"true\") as a twist or an opportunity.",
      attrs = {
        { name = "adds", type = "integer", doc = "The adds: a bonus from the fiction or an asset, added to the action score (which stays at most 10)." },
      },
      examples = { '[skill_check: ability="Edge" adds="1"]', '[skill_check: skill="Face danger" with="Heart"]' },
    },
  },
  records = {
    check = {
      keys = {
        { name = "adds", type = "integer", doc = "The adds the GM gave with adds= (a bonus from the fiction or an asset). Present when not zero." },
        { name = "challenge", type = "integer list", doc = "The two challenge dice (d10), in the order thrown. Always present." },
        { name = "hits", type = "integer", doc = "How many challenge dice the action score beat (0, 1 or 2): 2 is a strong hit, 1 a weak hit, 0 a miss. Always present." },
        { name = "match", type = "boolean", doc = 'true when both challenge dice show the same face: a twist or an opportunity, as the GM reads it. Present only on a match.' },
      },
    },
  },
}
