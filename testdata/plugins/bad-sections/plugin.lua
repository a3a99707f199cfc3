-- bad-sections: prompt formatters that fail in each way a host must
-- survive (host/format prompt_test.go): an error, a number, a write to the
-- read-only section list, and one section rendered from its data.
local function section(name, data, text)
  if name == "rules" then error("boom") end
  if name == "items" then return 42 end
  if name == "money" then return "coins: " .. #data.families end
  return "[" .. name .. "] " .. text
end

local function prompt(sections)
  sections[1] = "mine"
  return "never"
end

return {
  name = "bad-sections",
  version = "1.0.0",
  api = 1,
  description = "Test plugin: failing prompt formatters.",
  formatters = { section = section, prompt = prompt },
}
