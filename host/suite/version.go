package suite

// EngineVersion and CapabilityLevel are written into every golden, so a
// golden that stops matching after an engine upgrade says so instead of
// blaming the plugin or ruleset under test.
//
// They live here until the engine declares its own version and capability
// level (the conformance work, issue 11); then these become aliases of
// those constants. Change EngineVersion whenever a change to the engine
// changes records on purpose (a draw order, a rule), as a golden update.
var (
	EngineVersion   = "0.1.0"
	CapabilityLevel = "1.150"
)
