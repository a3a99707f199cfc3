-- wild-die: OpenD6's summed pool with one wild die, as resolution kind
-- "wild-die".
--
-- The sheet number (ability plus skill, as the ruleset computes it) is the
-- number of d6 thrown, the wild die included. Every die adds up. The wild
-- die is special:
--   * a 6 adds and rolls again, and so on while it shows 6 (at most 20
--     re-rolls);
--   * a 1 on its first throw is a complication. With complication
--     "remove" the wild die and the highest other die are taken out of the
--     total; with "flag" the total stands and the record says
--     complication="true" for the GM to narrate; with "none" a 1 is just 1.
--     The ruleset's wild.complication wins; otherwise the plugin's config.
--
-- Draw order: the normal dice in order, then the wild die, then its
-- re-rolls, then effect dice (adding ones first, then subtracting ones).

local R = rulehost
local MAX_REROLLS = 20

local function validate(o)
  local cfg = { ladder = {} }
  cfg.maxDice = o:int("maxDice", 1, 100, 30)
  local w = o:object("wild")
  if w then
    w:known("complication", "explode")
    local comp, ok = w:enum("complication", "", "remove", "flag", "none")
    if ok then cfg.complication = comp end
    cfg.explode = w:bool("explode", true)
  else
    cfg.explode = true
  end
  cfg.ladder = R.dcLadder(o)
  if o:has("spend") then
    o:problem("spend", "wild-die cannot declare spend: the pool is the sheet number, the wild die its only special die")
  end
  o:outcomes({ by = { "margin", "total" }, singleDie = false, naturalsNone = true, shiftAllowed = false })
  return cfg
end

local function resolve(c)
  local cfg = c.resolution
  local complication = cfg.complication or c.config.complication or "remove"
  local out = {}
  local function add(k, v) out[#out + 1] = { k, v } end
  if c.tag.attrs.mode ~= nil then c.ignore("mode") end

  local n = c.sheetNumber
  if n < 1 then n = 1 end
  if n > cfg.maxDice then n = cfg.maxDice end
  local dc, haveDC, rung = R.difficulty(c, cfg.ladder)

  local normal = dice.pool(n - 1, 6)
  local wild = { dice.roll(6) }
  if cfg.explode then
    while wild[#wild] == 6 and #wild <= MAX_REROLLS do
      wild[#wild + 1] = dice.roll(6)
    end
  end
  local sum = R.sum(normal) + R.sum(wild)
  local removed
  local troubled = wild[1] == 1 and complication ~= "none"
  if troubled and complication == "remove" then
    removed = { 1 }
    sum = sum - 1
    local hi
    for i = 1, #normal do
      if hi == nil or normal[i] > hi then hi = normal[i] end
    end
    if hi then
      removed[2] = hi
      sum = sum - hi
    end
  end

  local effects = c.effects.flat
  for _, d in ipairs(c.effects.dice) do effects = effects + dice.notation(d) end
  for _, d in ipairs(c.effects.minusDice) do effects = effects - dice.notation(d) end
  local total = sum + effects

  add("resolution", "wild-die")
  add("dice", tostring(n))
  if #normal > 0 then add("rolls", normal) end
  add("wild", wild)
  if troubled then add("complication", true) end
  if removed then add("wildRemoved", removed) end
  if #c.effects.from > 0 then
    add("effects", R.signed(effects))
    add("from", table.concat(c.effects.from, ", "))
  end
  add("total", total)
  if rung then add("difficulty", rung) end
  if haveDC then add("dc", dc) end

  local o = c.outcomes
  if o == nil then
    if haveDC then add("success", total >= dc) end
    return out
  end
  local value = total
  if o.by == "margin" then
    if not haveDC then return out end
    value = total - dc
  end
  local t = o.tiers[R.pickBand(o, value, nil, 0)]
  add("outcome", t.label)
  add("success", t.success)
  if t.critical then add("critical", t.success and "success" or "failure") end
  return out
end

return {
  name = "wild-die",
  version = "1.0.0",
  api = 1,
  description = "OpenD6: a summed d6 pool with a wild die that explodes on 6 and brings complications on 1.",
  config = { complication = "remove" },
  kinds = {
    ["wild-die"] = {
      keys = { "wild", "maxDice", "difficultyLadder" },
      validate = validate,
      resolve = resolve,
      doc = "OpenD6's summed pool: as many d6 as the sheet number, one of them the wild die, which adds and rolls again on a 6 and may bring a complication on a first 1.",
      instructions = "Roll a skill or attribute against a number (dc=) or a rung of the difficulty ladder (difficulty=). Narrate complication=\"true\" as a mishap.",
      examples = { '[skill_check: skill="Climb" difficulty="moderate"]', '[skill_check: skill="Dodge" dc="12"]' },
    },
  },
  records = {
    check = {
      keys = {
        { name = "wild", type = "integer list",
          doc = "The wild die's faces: its first throw, then each re-roll after a 6, in order. Present on every wild-die check." },
        { name = "wildRemoved", type = "integer list",
          doc = 'The faces a complication took out of the total: the wild die\'s 1 and the highest other die. Present only when wild.complication is "remove" and the wild die\'s first throw was a 1.' },
      },
    },
  },
}
