-- A prompt formatter whose whole-prompt hook grows with its input: each
-- section twice. The --max-chars / maxChars tests of cmd/rulehost and
-- service/serve hold their budget through it (issue 27).
return {
  name = "growing", version = "1", api = 1,
  formatters = { prompt = function(sections)
    local out = {}
    for _, s in ipairs(sections) do out[#out + 1] = s.text; out[#out + 1] = s.text end
    return table.concat(out, "\n\n")
  end },
}
