-- narrative: a prompt formatter that tells the GM what happened in a
-- sentence, with the band's meaning when the ruleset gives one, and keeps
-- the exact record beneath it so nothing is lost.
--
--   Ada Quickhand tries Athletics and succeeds (18 against 15).
--   [check: who="Ada Quickhand" ...]

local function result(a)
  if a.outcome then
    return "lands on " .. a.outcome
  end
  if a.success == "true" then return "succeeds" end
  if a.success == "false" then return "fails" end
  return "rolls"
end

local function record(rec)
  local a = rec.attrs
  local line
  if rec.name == "check" then
    local what = a.skill or a.save or a.ability or "something"
    if a.automatic == "true" then
      line = string.format("%s fails %s without a roll, because of %s.", a.who, what, a.from or "an effect")
    else
      line = string.format("%s tries %s and %s", a.who, what, result(a))
      if a.total and a.dc then
        line = line .. string.format(" (%s against %s)", a.total, a.dc)
      elseif a.total then
        line = line .. string.format(" (a total of %s)", a.total)
      end
      line = line .. "."
      if a.critical == "success" then line = line .. " A critical success!" end
      if a.critical == "failure" then line = line .. " A critical failure." end
      if a.complication == "true" then line = line .. " Something goes wrong along the way." end
    end
  elseif rec.name == "opposed" then
    if a.winner == "tie" then
      line = string.format("%s's %s and %s's %s are evenly matched: neither gives way.", a.who, a.skill, a.vs, a.vsSkill)
    else
      local loser = a.winner == a.who and a.vs or a.who
      line = string.format("%s pits %s against %s's %s; %s prevails over %s (%s to %s).",
        a.who, a.skill, a.vs, a.vsSkill, a.winner, loser, a.successes, a.vsSuccesses)
    end
  elseif rec.name == "refused" then
    line = "The engine would not do that (" .. (a.reason or "?") .. ")."
    if a.note then line = line .. " " .. a.note end
  else
    return rec.text
  end
  return line .. "\n" .. rec.text
end

local function item(it)
  local a = it.attrs
  local s = a.name or a.item or it.text
  if a.count and a.count ~= "1" then s = a.count .. " × " .. s end
  if a.equipped == "true" then s = s .. " (in hand)" end
  return "• " .. s
end

local function block(name, lines)
  local title = string.upper(string.sub(name, 1, 1)) .. string.lower(string.sub(name, 2))
  if #lines == 0 then return title .. ": nothing." end
  return title .. ":\n" .. table.concat(lines, "\n")
end

return {
  name = "narrative",
  version = "1.0.0",
  api = 1,
  description = "Prompt formatter: a sentence per record, the exact record kept beneath it.",
  formatters = { record = record, item = item, block = block },
}
