-- odds-pool: a plain dice pool kind with an exact odds function. The
-- sheet number is the dice, each die at or above the target is a
-- success, dc= is the successes needed (1 without it). odds(check) reads
-- the check as resolve does and returns each outcome with its
-- probability: the binomial chance of reaching dc= successes.
local R = rulehost

local function setup(c)
  local cfg = c.resolution
  local n = c.sheetNumber
  if n < 1 then n = 1 end
  local dc = c.int("dc") or 1
  return cfg, n, dc
end

local function choose(n, k)
  local r = 1
  for i = 1, k do r = r * (n - k + i) / i end
  return r
end

return {
  name = "odds-pool",
  version = "1.0.0",
  api = 1,
  kinds = {
    ["odds-pool"] = {
      keys = { "sides", "target" },
      validate = function(o)
        return { sides = o:int("sides", 2, 100, 6), target = o:int("target", 1, 100, 5) }
      end,
      resolve = function(c)
        local cfg, n, dc = setup(c)
        local rolls = dice.pool(n, cfg.sides)
        local s = R.count(rolls, cfg.target)
        return { { "resolution", "odds-pool" }, { "dice", tostring(n) }, { "rolls", rolls }, { "total", s },
          { "dc", dc }, { "success", s >= dc } }
      end,
      odds = function(c)
        local cfg, n, dc = setup(c)
        local p = (cfg.sides - cfg.target + 1) / cfg.sides
        local win = 0
        for k = dc, n do win = win + choose(n, k) * p ^ k * (1 - p) ^ (n - k) end
        return { { p = win, success = true }, { p = 1 - win, success = false } }
      end,
    },
  },
}
