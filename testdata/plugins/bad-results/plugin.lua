-- bad-results: every way a plugin's result can be wrong, chosen by case=.
local results = {
  ok = function() return { { "resolution", "bad-results" }, { "total", 3 }, { "success", true } } end,
  ["unknown-key"] = function() return { { "resolution", "bad-results" }, { "mystery", 1 } } end,
  ["bad-type"] = function() return { { "resolution", "bad-results" }, { "total", "lots" } } end,
  ["float"] = function() return { { "resolution", "bad-results" }, { "total", 1.5 } } end,
  ["wrong-band"] = function() return { { "resolution", "bad-results" }, { "outcome", "Success" }, { "success", false } } end,
  ["unknown-band"] = function() return { { "resolution", "bad-results" }, { "outcome", "Glorious" }, { "success", true } } end,
  ["critical"] = function() return { { "resolution", "bad-results" }, { "success", false }, { "critical", "success" } } end,
  ["no-resolution"] = function() return { { "total", 3 } } end,
  ["head"] = function() return { { "resolution", "bad-results" }, { "who", "Someone else" } } end,
  ["twice"] = function() return { { "resolution", "bad-results" }, { "total", 1 }, { "total", 2 } } end,
  ["sum-face"] = function() return { { "resolution", "sum" }, { "dice", "1d6" }, { "rolls", { 7 } } } end,
  ["other-record"] = function() return { name = "opposed", attrs = {} } end,
  ["refuse"] = function() return rulehost.refuse(nil, "not-today", "the plugin refuses politely") end,
  ["nothing"] = function() return nil end,
  ["string"] = function() return "[check: success=\"true\"]" end,
  ["error"] = function() error("the plugin gave up") end,
  ["loop"] = function() while true do end end,
  ["forbidden"] = function() return os.time() end,
  ["dice-outside"] = function() return {} end,
}

return {
  name = "bad-results",
  version = "1.0.0",
  api = 1,
  kinds = {
    ["bad-results"] = {
      validate = function(o)
        o:outcomes({ by = { "total" } })
        return {}
      end,
      resolve = function(c)
        local f = results[c.tag.attrs.case or "ok"]
        return f(c)
      end,
    },
  },
  formatters = {
    record = function(rec)
      if rec.attrs.case == "error" then error("formatter broke") end
      if rec.attrs.case == "loop" then while true do end end
      return "fine: " .. rec.text
    end,
    item = function() return 42 end,
    block = function(name, lines) lines[1] = "changed" return "never" end,
  },
}
