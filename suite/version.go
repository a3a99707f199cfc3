package suite

import "github.com/rulehost/rulehost/engine/ruleset"

// EngineVersion and CapabilityLevel are written into every golden, so a
// golden that stops matching after an engine upgrade says so instead of
// blaming the plugin or ruleset under test.
//
// CapabilityLevel is the engine's Capability API level. EngineVersion is
// the version of the engine's records: the build's own version ("dev"
// unless set at link time) would make goldens depend on how the binary
// was built, so the suite keeps this one. Raise it whenever a change to
// the engine changes records on purpose (a draw order, a rule), and
// regenerate the goldens in the same change.
var (
	EngineVersion   = "0.1.0"
	CapabilityLevel = ruleset.EngineCapabilityAPI
)
