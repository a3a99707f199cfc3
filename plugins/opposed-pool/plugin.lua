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

-- rules reads the die, target and pool bounds: sides, target, min, max.
-- (Several values rather than a table with named fields: a string-keyed
-- table per call is the dearest thing a handler can build.)
local function rules(env)
  local cfg = env.config
  local sides, target, min, max = cfg.sides, cfg.target, cfg.minDice, cfg.maxDice
  local res = env.ruleset and env.ruleset.raw.resolution
  if res and res.kind == "dice-pool" then
    if res.die and res.die.sides then sides = res.die.sides end
    local t = res.target
    if type(t) == "number" then
      target = t
    elseif type(t) == "table" and t.default then
      target = t.default
    end
    local pool = res.pool
    if pool then
      min = pool.min or min
      max = pool.max or max
    end
  end
  if min < 1 then min = 1 end
  return sides, target, min, max
end

-- side reads one character's pool: name, label, dice; or nil and a
-- refusal.
local function side(env, min, max, name, what)
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
  if n < min then n = min end
  if n > max then n = max end
  return sheet:name(), label, n
end

local function opposed(env)
  local a = env.tag.attrs
  local who, skill, vs, vsSkill = a.who, a.skill, a.vs, a.vsskill
  if who == nil or who == "" or skill == nil or skill == "" or vs == nil or vs == "" or vsSkill == nil or vsSkill == "" then
    return R.refuse("opposed_check", "no-target",
      'write who=, skill=, vs= and vsSkill=: [opposed_check: skill="Brawl" who="Ada" vs="Bram" vsSkill="Ward"]')
  end
  local sides, target, min, max = rules(env)
  local me, myLabel, myDice = side(env, min, max, who, skill)
  if me == nil then return myLabel end
  local them, theirLabel, theirDice = side(env, min, max, vs, vsSkill)
  if them == nil then return theirLabel end

  local mine = dice.pool(myDice, sides)
  local theirs = dice.pool(theirDice, sides)
  local s1, s2 = R.count(mine, target), R.count(theirs, target)
  local winner, tie
  if s1 > s2 then
    winner = me
  elseif s2 > s1 then
    winner = them
  else
    tie = env.config.tie
    if tie == "attacker" then
      winner = me
    elseif tie == "standoff" then
      winner = "tie"
    else
      tie, winner = "defender", them
    end
  end
  -- a flat list, key, value, ...: one table rather than one per attribute
  local attrs = {
    "who", me, "skill", myLabel, "dice", tostring(myDice), "rolls", mine,
    "target", target, "successes", s1,
    "vs", them, "vsSkill", theirLabel, "vsDice", tostring(theirDice), "vsRolls", theirs,
    "vsSuccesses", s2, "net", R.signed(s1 - s2), "winner", winner,
  }
  if tie then attrs[27], attrs[28] = "tie", tie end
  return { name = "opposed", attrs = attrs }
end

return {
  name = "opposed-pool",
  version = "1.0.0",
  api = 1,
  description = "Two characters roll dice pools at once; net successes decide, ties as configured.",
  config = { sides = 10, target = 7, minDice = 1, maxDice = 30, tie = "defender" },
  tags = {
    opposed_check = {
      answer = opposed,
      doc = "Two characters roll dice pools at once; the side with more successes wins, a tie as config.tie says.",
      instructions = "Use when two characters contest directly (a shove against a stance, a lie against a read): both roll at once and net successes decide. Name both characters and what each rolls.",
      attrs = {
        { name = "who", type = "character", required = true, doc = "The roller (a party member's name)." },
        { name = "skill", type = "skill", required = true, doc = "What the roller rolls: a skill, save or ability (id or label)." },
        { name = "vs", type = "character", required = true, doc = "The opponent (a party member's name)." },
        { name = "vsSkill", type = "skill", required = true, doc = "What the opponent rolls: a skill, save or ability (id or label)." },
      },
      examples = { '[opposed_check: who="Ada" skill="Brawl" vs="Bram" vsSkill="Ward"]' },
    },
  },
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
