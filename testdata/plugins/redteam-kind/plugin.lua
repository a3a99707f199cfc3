-- redteam-kind: a hostile resolution kind and tag for the host's red-team
-- tests (host/kind/redteam_test.go). Each case=, chosen by the tag, tries
-- to break one promise of the plugin host; the tests say which.
local R = rulehost

-- state kept in locals captured by the plugin's functions (upvalues):
-- the host must not let it survive from one call to the next.
local counter = 0
local cache = {}
local stashedCheck, stashedObj, stashedEnv

local function ok(c, extra)
  local out = { { "resolution", "redteam-kind" } }
  for _, p in ipairs(extra or {}) do out[#out + 1] = p end
  return out
end

local cases = {}

cases["ok"] = function(c) return ok(c, { { "total", 1 } }) end

-- upvalue state: a counter and a hidden table
cases["counter"] = function(c)
  counter = counter + 1
  return ok(c, { { "total", counter } })
end
cases["cache"] = function(c)
  cache.n = (cache.n or 0) + 1
  return ok(c, { { "total", cache.n } })
end

-- keep the check view (and through it the character) for a later call
cases["stash-check"] = function(c)
  if stashedCheck == nil then
    stashedCheck = c
    return ok(c, { { "total", 0 } })
  end
  return ok(c, { { "note", stashedCheck.who .. "/" .. stashedCheck.sheet:name() } })
end

-- use the validation object kept from the import, at play time
cases["stash-obj"] = function(c)
  if stashedObj == nil then return ok(c, { { "total", 0 } }) end
  stashedObj:outcomes({ by = { "total" } })
  stashedObj:problem("", "written at play time")
  return ok(c, { { "total", 2 } })
end

-- identity strings and error objects
cases["tostring"] = function(c)
  return ok(c, { { "note", tostring({}) .. " " .. tostring(print) .. " " .. tostring(c) } })
end
cases["format-s"] = function(c)
  return ok(c, { { "note", string.format("%s %s", {}, c.sheet) } })
end
cases["error-table"] = function(c) error({}) end
cases["error-tostring-loop"] = function(c)
  error(setmetatable({}, { __tostring = function(t) while true do end end }))
end
cases["error-nil"] = function(c) error() end

-- swallow the deadline with a protected call in tail position
cases["tail-pcall-timeout"] = function(c)
  return xpcall(function() while true do end end, function() return ok(c, { { "total", 9 } }) end)
end

-- result bombs
cases["dag-bomb"] = function(c)
  local t = { 1 }
  for i = 1, 40 do t = { t, t } end
  return ok(c, { { "rolls", t } })
end
cases["deep"] = function(c)
  local t = {}
  for i = 1, 10000 do t = { t } end
  return t
end
cases["cyclic"] = function(c)
  local t = {}
  t[1] = t
  return { { "resolution", "redteam-kind" }, { "rolls", t } }
end
cases["table-keys"] = function(c)
  return { [{}] = 1 }
end
cases["huge-list"] = function(c)
  local t = {}
  for i = 1, 100000 do t[i] = { "total", i } end
  return t
end

-- writes to views
cases["write-ruleset"] = function(c) c.ruleset.skills[1].id = "pwned" end
cases["rawset-ruleset"] = function(c) rawset(c.ruleset.skills, 1, "pwned") end
cases["insert-ruleset"] = function(c) table.insert(c.ruleset.skills, "pwned") end
cases["sort-outcomes"] = function(c) table.sort(c.outcomes.tiers, function(a, b) return a.label > b.label end) end
cases["write-check"] = function(c) c.who = "Bram" end
cases["write-resolution"] = function(c) c.resolution.x = 1 end
cases["write-config"] = function(c) c.config.x = 1 end
cases["write-rulehost"] = function(c) rulehost.sum = function() return 99 end end
cases["write-dice"] = function(c) dice.roll = function() return 6 end end
cases["setmt-view"] = function(c) setmetatable(c.ruleset, {}) end
cases["getmt-view"] = function(c)
  local mt = getmetatable(c.ruleset)
  local ms = getmetatable(c.sheet)
  return ok(c, { { "note", tostring(mt) .. "," .. tostring(ms) } })
end

-- replace the host API for this call only: globals come back afterwards
cases["replace-dice"] = function(c)
  dice = { roll = function() return 6 end }
  rulehost = nil
  string = nil
  return ok(c, { { "total", 0 } })
end
cases["roll"] = function(c)
  return ok(c, { { "total", dice.roll(1000) } })
end

-- text that would break the record or the GM's terminal
cases["control"] = function(c) return ok(c, { { "note", "\27[2J\27[31mpwned" } }) end
cases["newline"] = function(c) return ok(c, { { "note", "a\nb" } }) end
cases["bad-utf8"] = function(c) return ok(c, { { "note", "\255\254" } }) end

-- write arbitrary text into the host's ignored=
cases["ignore-any"] = function(c)
  c.ignore("made up\" success=\"true")
  for i = 1, 1000 do c.ignore("k" .. i) end
  return ok(c, { { "total", 1 } })
end

-- blame another plugin
cases["refuse-forged"] = function(c)
  return { name = "refused", attrs = { { "reason", "plugin-error" }, { "plugin", "wild-die" }, { "kind", "wild-die" }, { "note", "forged" } } }
end

-- methods called on the wrong object
cases["wrong-self"] = function(c)
  return ok(c, { { "note", tostring(pcall(c.sheet.name, c.tag)) } })
end

local function resolve(c)
  local f = cases[c.tag.attrs.case or "ok"]
  return f(c)
end

local function validate(o)
  if o:get("stash") then stashedObj = o end
  o:outcomes({ by = { "total" } })
  return {}
end

return {
  name = "redteam-kind",
  version = "1.0.0",
  api = 1,
  config = { mood = "hostile" },
  kinds = { ["redteam-kind"] = { keys = { "stash" }, validate = validate, resolve = resolve } },
  tags = {
    redteam_tag = function(env)
      if env.tag.attrs.case == "stash" then
        stashedEnv = env
        return { name = "refused", attrs = { { "action", "redteam_tag" }, { "reason", "stashed" } } }
      end
      if env.tag.attrs.case == "forge" then
        return { name = "refused", attrs = { { "action", "skill_check" }, { "reason", "plugin-error" }, { "plugin", "wild-die" }, { "note", "forged" } } }
      end
      local e = stashedEnv or env
      local who = e.characters[1] or "nobody"
      return { name = "refused", attrs = { { "action", "redteam_tag" }, { "reason", "seen" }, { "note", who } } }
    end,
  },
  formatters = {
    record = function(rec) return tostring(rec) end,
  },
}
