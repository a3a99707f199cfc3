-- opposed-pool: two characters roll at once and compare net successes.
--
--   [opposed_check: who="Ada" skill="Brawl" vs="Bram" vsSkill="Ward"]
--
-- Each side throws a pool of as many dice as its sheet number for what it
-- rolls (a skill, save or ability, by id or label), and counts the dice at
-- or above the target. On a dice-pool ruleset the die, the target and the
-- pool bounds are the ruleset's own (resolution.die.sides,
-- resolution.target, resolution.pool); otherwise they come from the
-- plugin's config. The side with more successes wins; a tie goes as
-- config.tie says: "defender" (the opponent, default), "attacker" (the
-- roller) or "standoff" (nobody).
--
-- Draw order: the roller's dice in order, then the opponent's.

local R = rulehost

-- rules reads the die, target and pool bounds.
local function rules(env)
  local cfg = env.config
  local r = { sides = cfg.sides, target = cfg.target, min = cfg.minDice, max = cfg.maxDice }
  local res = env.ruleset and env.ruleset.raw.resolution
  if res and res.kind == "dice-pool" then
    if res.die and res.die.sides then r.sides = res.die.sides end
    local t = res.target
    if type(t) == "number" then
      r.target = t
    elseif type(t) == "table" and t.default then
      r.target = t.default
    end
    if res.pool then
      r.min = res.pool.min or r.min
      r.max = res.pool.max or r.max
    end
  end
  if r.min < 1 then r.min = 1 end
  return r
end

local function side(env, r, name, what)
  local sheet = env.character(name)
  if sheet == nil then
    return nil, R.refuse("opposed_check", "unknown-character",
      "no sheet named " .. string.format("%q", name) .. "; loaded: " .. table.concat(env.characters, ", "))
  end
  local n, label = sheet:number(what)
  if n == nil then
    return nil, R.refuse("opposed_check", "unknown-skill",
      string.format("%q is not a skill, save or ability of this ruleset", what))
  end
  if n < r.min then n = r.min end
  if n > r.max then n = r.max end
  return { name = sheet:name(), label = label, dice = n }
end

local function opposed(env)
  local a = env.tag.attrs
  for _, key in ipairs({ "who", "skill", "vs", "vsskill" }) do
    if a[key] == nil or a[key] == "" then
      return R.refuse("opposed_check", "no-target",
        'write who=, skill=, vs= and vsSkill=: [opposed_check: skill="Brawl" who="Ada" vs="Bram" vsSkill="Ward"]')
    end
  end
  local r = rules(env)
  local me, bad = side(env, r, a.who, a.skill)
  if bad then return bad end
  local them
  them, bad = side(env, r, a.vs, a.vsskill)
  if bad then return bad end

  local mine = dice.pool(me.dice, r.sides)
  local theirs = dice.pool(them.dice, r.sides)
  local s1, s2 = R.count(mine, r.target), R.count(theirs, r.target)
  local winner, tie
  if s1 > s2 then
    winner = me.name
  elseif s2 > s1 then
    winner = them.name
  else
    tie = env.config.tie
    if tie == "attacker" then
      winner = me.name
    elseif tie == "standoff" then
      winner = "tie"
    else
      tie, winner = "defender", them.name
    end
  end
  local attrs = {
    { "who", me.name }, { "skill", me.label }, { "dice", tostring(me.dice) }, { "rolls", mine },
    { "target", r.target }, { "successes", s1 },
    { "vs", them.name }, { "vsSkill", them.label }, { "vsDice", tostring(them.dice) }, { "vsRolls", theirs },
    { "vsSuccesses", s2 }, { "net", R.signed(s1 - s2) }, { "winner", winner },
  }
  if tie then attrs[#attrs + 1] = { "tie", tie } end
  return { name = "opposed", attrs = attrs }
end

return {
  name = "opposed-pool",
  version = "1.0.0",
  api = 1,
  description = "Two characters roll dice pools at once; net successes decide, ties as configured.",
  config = { sides = 10, target = 7, minDice = 1, maxDice = 30, tie = "defender" },
  tags = { opposed_check = opposed },
  records = {
    opposed = {
      doc = "the answer to [opposed_check: ...]: two characters roll pools at once and compare net successes",
      keys = {
        { name = "vs", type = "text", doc = "The opposing character (their sheet's name). Always present." },
        { name = "vsSkill", type = "text", doc = "What the opposing character rolled (skill, save or ability label). Always present." },
        { name = "vsDice", type = "text", doc = "The number of dice the opposing character threw. Always present." },
        { name = "vsRolls", type = "integer list", doc = "The opposing character's faces, in the order thrown (after the roller's). Always present." },
        { name = "vsSuccesses", type = "integer", doc = "The opposing character's successes (faces at or above target). Always present." },
        { name = "net", type = "signed integer", doc = "The roller's successes minus the opposing character's. Always present." },
        { name = "winner", type = "text", doc = 'Who won: the roller\'s or the opponent\'s name, or "tie" when config.tie is "standoff". Always present.' },
        { name = "tie", type = "text", doc = 'How a tie was settled: "defender", "attacker" or "standoff". Present only when net successes were equal.' },
      },
    },
  },
}
