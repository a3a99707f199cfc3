return {
  name = "bad-manifest",
  api = 7,
  kinds = { ["half-kind"] = { keys = { "dice" }, validate = function(o) return {} end } },
  formatters = { sidebar = function() return "" end },
}
