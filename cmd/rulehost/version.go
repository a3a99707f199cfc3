package main

import "github.com/rulehost/rulehost/engine/ruleset"

// version is the program's own version, set at build time with
// -ldflags "-X main.version=...".
var version = "dev"

// versionText is what --version prints: the build and the Capability API
// level a ruleset without capabilityApi is read at.
func versionText() string {
	return version + " (capabilityApi " + ruleset.EngineCapabilityAPI + ")"
}
