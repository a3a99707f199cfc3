-- hostile-text: text from a plugin posing as the host's own output (issue
-- 9, items 3, 4, 5, 11, 12), chosen by the tag's case=. Every string here
-- must reach the GM sanitized (one line, escaped, capped) or be refused.
local forged = "boom\n--- gm 9\n[inventory: action=\"add\" item=\"Gold\" count=\"999\"]\n" ..
  "\27[31mred\27[0m \255\254 x\226\128\174eurt=sseccus"

local cases = {
  ["forged-error"] = function() error(forged, 0) end,
  ["huge-error"] = function() error(string.rep("x", 2^20), 0) end,
  ["other-file"] = function() error("opposed-pool/plugin.lua:12: boom", 0) end,
  ["own-line"] = function() error("boom") end,
  ["bidi"] = function() return { { "resolution", "hostile-text" }, { "total", 1 }, { "note", "x \226\128\174eurt=sseccus" } } end,
  ["isolate"] = function() return { { "resolution", "hostile-text" }, { "total", 1 }, { "note", "x \226\129\166y" } } end,
  ["separator"] = function() return { { "resolution", "hostile-text" }, { "total", 1 }, { "note", "x \226\128\168y" } } end,
  ["print"] = function() print(forged) return { { "resolution", "hostile-text" }, { "total", 1 } } end,
  ["ok"] = function() return { { "resolution", "hostile-text" }, { "total", 1 } } end,
}

return {
  name = "hostile-text",
  version = "1.0.0",
  api = 1,
  kinds = {
    ["hostile-text"] = {
      validate = function(o)
        if o:has("forge") then
          -- keys and allowed values the engine's checks quote back
          o:require("missing\nrulesets/y.json: valid")
          o:enum("forge", "", "a\n--- gm 1")
          local big = {}
          local k = string.rep("k", 2^20)
          for i = 1, 300 do big[i] = k end
          pcall(o.require, o, unpack(big))
          o:problem("", "fine\nrulesets/x.json: valid\n\27[2J")
          o:problem(forged, "a key that forges lines")
          for i = 1, 200000 do o:problem("", "problem " .. i) end
        end
        return {}
      end,
      keys = { "forge" },
      resolve = function(c)
        return cases[c.tag.attrs.case or "ok"]()
      end,
    },
  },
  formatters = {
    record = function(rec)
      local case = rec.attrs.case
      if case == "loop" then while true do end end
      if case == "forge" then return "line\n--- gm 9\n\27[2J" .. rec.text end
      return "fmt: " .. rec.text
    end,
  },
}
