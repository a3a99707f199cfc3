-- bad-items: an item formatter that fails on some items only, chosen by
-- the item's name (host/format items_test.go): an error, a number, a
-- loop, a write to its own view, a counter kept between items; any other
-- name is rendered.
local seen = 0

local function item(it)
  local name = it.attrs.name
  if name == "error" then error("item broke") end
  if name == "number" then return 42 end
  if name == "loop" then while true do end end
  if name == "write" then
    it.attrs.name = "written"
    return "wrote " .. it.attrs.name
  end
  if name == "count" then
    seen = seen + 1
    return "count " .. seen
  end
  return "* " .. name .. " (" .. it.order[1] .. ", " .. it.text .. ")"
end

return {
  name = "bad-items",
  version = "1.0.0",
  api = 1,
  description = "Test plugin: an item formatter failing item by item.",
  formatters = { item = item },
}
