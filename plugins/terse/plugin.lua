-- terse: a prompt formatter that boils a record down to the few words the
-- GM needs: who, what, the dice, the total against the difficulty, and the
-- verdict.
--
--   [check: who="Ada" skill="Athletics" ... total="18" dc="15" outcome="Success" success="true"]
--   -> Ada, Athletics: 18 vs 15, Success.

local function verdict(a)
  if a.outcome then return a.outcome end
  if a.success == "true" then return "success" end
  if a.success == "false" then return "failure" end
  return "no difficulty"
end

local function record(rec)
  local a = rec.attrs
  if rec.name == "check" then
    local what = a.skill or a.save or a.ability or "?"
    local parts = { (a.who or "?") .. ", " .. what .. ":" }
    if a.automatic == "true" then
      parts[#parts + 1] = "fails automatically (" .. (a.from or "") .. ")."
      return table.concat(parts, " ")
    end
    local n = a.total or a.successes or "?"
    if a.dc then n = n .. " vs " .. a.dc end
    parts[#parts + 1] = n .. ","
    local v = verdict(a)
    if a.critical then v = v .. " (critical)" end
    if a.complication == "true" then v = v .. ", with a complication" end
    parts[#parts + 1] = v .. "."
    return table.concat(parts, " ")
  elseif rec.name == "opposed" then
    return string.format("%s (%s) vs %s (%s): %s-%s, %s.", a.who, a.skill, a.vs, a.vsSkill,
      a.successes, a.vsSuccesses, a.winner == "tie" and "standoff" or (a.winner .. " wins"))
  elseif rec.name == "refused" then
    return "Refused (" .. (a.reason or "?") .. ")" .. (a.note and (": " .. a.note) or "") .. "."
  end
  return rec.text
end

local function item(it)
  local a = it.attrs
  local s = a.name or a.item or it.text
  if a.count and a.count ~= "1" then s = s .. " x" .. a.count end
  return s
end

local function block(name, lines)
  return name .. ": " .. table.concat(lines, "; ")
end

-- Prompt sections (engine/prompt): the rules and the fight boiled down to
-- a few lines from their data; the other sections keep their text (the
-- inventory's is already terse through item and block).
local function labels(list)
  local out = {}
  for i = 1, #(list or {}) do out[#out + 1] = list[i] end
  return table.concat(out, ", ")
end

local function rules(d)
  local lines = { "RULES: ask with [skill_check: ...]; the engine rolls, never write a result." }
  for _, t in ipairs(d.targets or {}) do
    lines[#lines + 1] = t.attr .. "=: " .. labels(t.labels)
  end
  local attrs = {}
  for _, a in ipairs(d.attributes or {}) do attrs[#attrs + 1] = a.name .. "=" end
  lines[#lines + 1] = "also: " .. table.concat(attrs, " ")
  if d.ladder then
    local rungs = {}
    for _, r in ipairs(d.ladder) do rungs[#rungs + 1] = r.label end
    lines[#lines + 1] = "difficulty=: " .. table.concat(rungs, ", ")
  end
  if d.spends then
    local sp = {}
    for _, s in ipairs(d.spends) do sp[#sp + 1] = s.pool .. ":" .. s.amount .. " buys " .. s.buys end
    lines[#lines + 1] = "spend=: " .. table.concat(sp, "; ")
  end
  if d.charms then
    local ch = {}
    for _, c in ipairs(d.charms) do ch[#ch + 1] = c.label end
    lines[#lines + 1] = "use=: " .. table.concat(ch, ", ")
  end
  if d.bands then
    local b = {}
    for _, band in ipairs(d.bands) do
      b[#b + 1] = band.text and (band.label .. " (" .. band.text .. ")") or band.label
    end
    lines[#lines + 1] = "narrate the band: " .. table.concat(b, "; ")
  end
  if d.examples and d.examples[1] then lines[#lines + 1] = "e.g. " .. d.examples[1] end
  return table.concat(lines, "\n")
end

-- The fight section (only in a ruleset whose fights the engine resolves):
-- the steps, the creatures with their attack rows, and the fight going on.
local function fight(d)
  local lines = { "FIGHT: [fight: op=start|attack|reload|use|toggle|round|end ...]; the engine rolls and applies weapons, armor and items: never add them." }
  local foes = {}
  for _, f in ipairs(d.foes or {}) do
    foes[#foes + 1] = f.label .. " (" .. table.concat(f.attacks or {}, ", ") .. ")"
  end
  lines[#lines + 1] = "foes=: " .. table.concat(foes, "; ")
  lines[#lines + 1] = "attack: who= weapon= or attack= target=; reload: who= weapon=; use: who= item= target=; toggle: who= item=; end: outcome=won|lost|fled"
  if d.now then
    lines[#lines + 1] = "now, round " .. tostring(d.now.round) .. ":"
    for _, side in ipairs({ d.now.members or {}, d.now.foes or {} }) do
      for _, c in ipairs(side) do
        local parts = {}
        if c.health then parts[#parts + 1] = c.health end
        if c.down then parts[#parts + 1] = "down" end
        for _, x in ipairs(c.conditions or {}) do parts[#parts + 1] = x end
        for _, l in ipairs(c.loaded or {}) do
          parts[#parts + 1] = l.weapon .. " " .. tostring(l.loaded) .. "/" .. tostring(l.max) .. " loaded"
        end
        lines[#lines + 1] = c.name .. ": " .. table.concat(parts, ", ")
      end
    end
  end
  if d.examples and d.examples[1] then lines[#lines + 1] = "e.g. " .. d.examples[1] end
  return table.concat(lines, "\n")
end

local function section(name, data, text)
  if name == "rules" and data then return rules(data) end
  if name == "fight" and data then return fight(data) end
  -- Every other section: its heading and lines on one line each, as is.
  return text
end

local function prompt(sections)
  local out = {}
  for _, s in ipairs(sections) do out[#out + 1] = s.text end
  return table.concat(out, "\n")
end

return {
  name = "terse",
  version = "1.0.0",
  api = 1,
  description = "Prompt formatter: one short line per record.",
  formatters = { record = record, item = item, block = block, section = section, prompt = prompt },
}
