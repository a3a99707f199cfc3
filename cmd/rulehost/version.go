package main

import (
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// version is the program's own version, set at build time with
// -ldflags "-X main.version=...".
var version = "dev"

// commit is the commit the binary was built from when the build says so
// (make build: -ldflags "-X main.commit=..."), for builds without VCS
// stamping (-buildvcs=false).
var commit = ""

// versionText is what --version prints: the build (version, the commit
// it was built from, the Go that built it) and the Capability API level
// a ruleset without capabilityApi is read at.
func versionText() string {
	return version + " (commit " + buildCommit() + ", " + runtime.Version() + ", capabilityApi " + ruleset.EngineCapabilityAPI + ")"
}

// buildCommit is the VCS revision the Go toolchain stamped into the
// binary (go build in a git checkout), shortened, with "+dirty" for a
// modified tree; else the one make build passes; "unknown" when there is
// none (go run, go test).
func buildCommit() string {
	if commit != "" {
		return commit
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	var rev string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return strings.TrimSpace(rev)
}
