// Package lua ships the Lua side of the plugin API: the prelude every
// plugin state runs before its plugin.lua. It lives in Lua so modders can
// read exactly what the helpers do (docs/plugins.md points here).
package lua

import _ "embed"

// Prelude is prelude.lua: helpers added to the rulehost table (sum, count,
// findRung, pickBand, pairs-to-record, refuse). The host freezes the table
// after the prelude runs.
//
//go:embed prelude.lua
var Prelude string
