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

return {
  name = "terse",
  version = "1.0.0",
  api = 1,
  description = "Prompt formatter: one short line per record.",
  formatters = { record = record, item = item, block = block },
}
