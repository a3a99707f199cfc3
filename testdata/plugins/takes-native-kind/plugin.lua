return {
  name = "takes-native-kind",
  version = "1.0.0",
  api = 1,
  kinds = { ["dice-sum"] = { validate = function(o) return {} end, resolve = function(c) return {} end } },
}
