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

-- Prompt sections (engine/prompt): the rules told as a paragraph from
-- their data, every other section under a title in sentence case.
local function rules(d, text)
  local parts = {}
  parts[#parts + 1] = "You are the Game Master of a game of " .. (d.ruleset or "this ruleset") .. "."
  parts[#parts + 1] = "When an action's outcome is uncertain, ask the engine for a check with a tag such as "
    .. ((d.examples and d.examples[1]) or "[skill_check: ...]")
    .. ". The engine rolls every die and answers with a record: never write a roll or a result yourself."
  for _, t in ipairs(d.targets or {}) do
    parts[#parts + 1] = "A check can roll a " .. t.attr .. " by name: " .. table.concat(t.labels, ", ") .. "."
  end
  local para = table.concat(parts, " ")
  local out = { "The rules", para }
  if d.bands then
    out[#out + 1] = "After a check, narrate the band the record names:"
    for _, b in ipairs(d.bands) do
      out[#out + 1] = "• " .. b.label .. (b.text and (": " .. b.text) or "")
    end
  end
  out[#out + 1] = "In detail:"
  out[#out + 1] = text
  return table.concat(out, "\n")
end

local function section(name, data, text)
  if name == "rules" and data then return rules(data, text) end
  local title = string.upper(string.sub(name, 1, 1)) .. string.lower(string.gsub(string.sub(name, 2), "_", " "))
  return title .. "\n" .. text
end

local function prompt(sections)
  local out = {}
  for _, s in ipairs(sections) do out[#out + 1] = s.text end
  return table.concat(out, "\n\n")
end

return {
  name = "narrative",
  version = "1.0.0",
  api = 1,
  description = "Prompt formatter: a sentence per record, the exact record kept beneath it.",
  formatters = { record = record, item = item, block = block, section = section, prompt = prompt },
}
