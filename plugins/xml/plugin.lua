-- xml: wraps each prompt section in XML-style tags, a layout many model
-- hosts use (<rules>...</rules>), and the whole prompt in <prompt>.
-- The text inside is escaped (&, <, >) so that nothing a section holds,
-- a player's words included, can close a tag early.
--
--   <prompt>
--   <rules>
--   RULES (Ember Roads)
--   ...
--   </rules>
--   </prompt>

local function escape(s)
  s = string.gsub(s, "&", "&amp;")
  s = string.gsub(s, "<", "&lt;")
  s = string.gsub(s, ">", "&gt;")
  return s
end

local function section(name, data, text)
  return "<" .. name .. ">\n" .. escape(text) .. "\n</" .. name .. ">"
end

local function prompt(sections)
  local out = { "<prompt>" }
  for _, s in ipairs(sections) do out[#out + 1] = s.text end
  out[#out + 1] = "</prompt>"
  return table.concat(out, "\n")
end

return {
  name = "xml",
  version = "1.0.0",
  api = 1,
  description = "Prompt formatter: each section in XML-style tags, the whole prompt in <prompt>.",
  formatters = { section = section, prompt = prompt },
}
