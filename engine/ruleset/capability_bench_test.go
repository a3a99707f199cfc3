package ruleset_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// BenchmarkLoadCapability measures what the capability table costs an
// import: Gravewatch (items, catalogs, a pool) loaded as bundled, with its
// capabilityApi, and without one (no table walk).
func BenchmarkLoadCapability(b *testing.B) {
	data, err := os.ReadFile("../../rulesets/gravewatch/ruleset.json")
	if err != nil {
		b.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		b.Fatal(err)
	}
	delete(raw, "capabilityApi")
	undeclared, _ := json.Marshal(raw)
	for _, c := range []struct {
		name string
		data []byte
	}{{"declared", data}, {"undeclared", undeclared}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := ruleset.Load("gw.json", c.data, ruleset.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkUsedCapabilities is the table walk alone over Gravewatch.
func BenchmarkUsedCapabilities(b *testing.B) {
	raw := readRaw(b, "../../rulesets/gravewatch/ruleset.json")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if ruleset.NeededCapabilityAPI(raw) == "" {
			b.Fatal("no features found")
		}
	}
}
