-- a plugin whose source does not compile
return {
  name = "syntax-error",
  version = "1.0.0" api = 1,
}
