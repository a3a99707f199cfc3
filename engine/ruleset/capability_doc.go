package ruleset

import (
	"fmt"
	"strings"
)

// CapabilityDoc renders the capability table as the Markdown page
// docs/capability.md: what a ruleset may declare at each level. The page
// is generated from the same rows the validator enforces, so the two
// cannot disagree (engine/ruleset/capability_test.go keeps it current).
func CapabilityDoc() string {
	var b strings.Builder
	b.WriteString(`# Capability levels

A ruleset may declare the Capability API level it is written for:

` + "```json" + `
"capabilityApi": "1.150"
` + "```" + `

The value is a string of numbers separated by dots, compared part by part as
numbers: 1.137 is above 1.38, and 1.150 is not 1.15. Anything else is refused
at ` + "`/capabilityApi`" + ` (a JSON number too, since 1.150 and 1.15 are the same
number). When a ruleset declares a level, every feature below whose level is
higher is refused at the feature's own pointer, naming both levels:

` + "```text" + `
ruleset.json:31:7: /resolution/dark/outcome: needs capabilityApi 1.149; this ruleset declares 1.141 (dark.outcome, checks.md dice-highest)
` + "```" + `

A ruleset without ` + "`capabilityApi`" + ` is read at the engine's own level, ` + "`" + EngineCapabilityAPI + "`" + `
(` + "`rulehost --version`" + ` prints it; in Go, ` + "`ruleset.EngineCapabilityAPI`" + `): every
feature the engine knows is open to it. A level above the engine's is
accepted with a warning, since what it might use beyond is refused key by
key anyway. The bundled rulesets declare exactly the level of what they use.

A few features act in play rather than in the file: ` + "`setback=`" + ` on its own on a
symbol-pool check needs 1.150, and is listed in ` + "`ignored=`" + ` below it.

## Declared as false

A row applies wherever its key is written, unless its "when" says more.
The four originals of checks.md
(de, fr, pt, zh in spec/original/) say "even as false" (auch als false,
même à false, mesmo como false, 即使值为false) of ` + "`allowOwnUpgrade`" + ` (1.150),
and "even as \"all\"", its default, of ` + "`dark.outcome`" + ` (1.149): declaring
those keys at all needs the level. Of ` + "`pool.abilityPlusAbility`" + ` all four
say only that it needs 1.37, and describe it by what ` + "`true`" + ` does and
what its absence means ("without it, with= means nothing on an ability
check"); none says "even as false". So ` + "`\"abilityPlusAbility\": false`" + `,
which reads exactly as the key left out, is accepted at 1.36, and only
` + "`true`" + ` needs 1.37 (the row's "when" below).

## Engine extensions

Every row below is a level the spec writes ("Capability API x.y" in
checks.md or items.md). A key the spec does not name at all is this
engine's own extension, and has no row: ` + "`plugins`" + ` (the plugins a ruleset
needs, docs/plugins.md "A ruleset's plugins") and ` + "`$schema`" + ` are accepted at
every declared level. The levels are the spec's numbering, not this
engine's: a level made up for an extension could be given to another
feature by a later spec, and would refuse a ruleset written for, say,
1.100 for a key that changes nothing of what 1.100 defines. An engine
that does not know an extension refuses it as an unknown key, which says
what a level would (this file needs an engine that has it), at the key.

This page is generated from the table in engine/ruleset/capability.go
(` + "`go test ./engine/ruleset -run CapabilityDoc -update`" + `). In a pointer, ` + "`*`" + ` is
any one key or index and ` + "`**`" + ` any run of them; a pattern under ` + "`/resolution/`" + `
also matches the same keys in an override's ` + "`set`" + `.

| level | feature | where | when | spec |
|---|---|---|---|---|
`)
	for _, c := range sortedCapabilities() {
		fmt.Fprintf(&b, "| %s | %s | `%s` | %s | %s |\n", c.Level, c.Feature, c.Pointer, c.condition(), c.Spec)
	}
	return b.String()
}

// condition says in words when a row applies beyond its pointer.
func (c Capability) condition() string {
	var parts []string
	if len(c.Values) > 0 {
		parts = append(parts, "is `"+strings.Join(c.Values, "` or `")+"`")
	}
	name, arg, _ := strings.Cut(c.Test, ":")
	switch name {
	case "not-number":
		parts = append(parts, "is not a number")
	case "true":
		parts = append(parts, "is `true`")
	case "lacks":
		parts = append(parts, "has no `"+arg+"`")
	case "not-one-of":
		parts = append(parts, "is none of `"+strings.ReplaceAll(arg, ",", "`, `")+"`")
	}
	return strings.Join(parts, "; ")
}

// sortedCapabilities is the table by level, then in table order.
func sortedCapabilities() []Capability {
	out := Capabilities()
	levels := make([]Version, len(out))
	for i, c := range out {
		levels[i], _ = ParseVersion(c.Level)
	}
	// A stable insertion sort: the table is small and its order is kept
	// within a level.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && levels[j].Compare(levels[j-1]) < 0; j-- {
			out[j], out[j-1] = out[j-1], out[j]
			levels[j], levels[j-1] = levels[j-1], levels[j]
		}
	}
	return out
}
