-- bench-pool: a plain dice pool as a resolution kind: the sheet number is
-- the dice (10 in the benchmark), each die at or above the target is a
-- success, dc= is the successes needed.
local R = rulehost
return {
  name = "bench-pool",
  version = "1.0.0",
  api = 1,
  kinds = {
    ["bench-pool"] = {
      keys = { "sides", "target" },
      validate = function(o)
        return { sides = o:int("sides", 2, 100, 10), target = o:int("target", 1, 100, 7) }
      end,
      resolve = function(c)
        local cfg = c.resolution
        local n = c.sheetNumber
        if n < 1 then n = 1 end
        local rolls = dice.pool(n, cfg.sides)
        local s = R.count(rolls, cfg.target)
        local out = { { "resolution", "bench-pool" }, { "dice", tostring(n) }, { "rolls", rolls }, { "total", s } }
        local dc = c.int("dc")
        if dc then
          out[#out + 1] = { "dc", dc }
          out[#out + 1] = { "success", s >= dc }
        end
        return out
      end,
    },
  },
}
