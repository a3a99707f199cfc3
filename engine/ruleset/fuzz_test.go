package ruleset_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// FuzzLoad: no ruleset file, however malformed, panics the loader; a file
// that loads is loaded the same way twice.
func FuzzLoad(f *testing.F) {
	seeds, _ := filepath.Glob("../../rulesets/*/ruleset.json")
	refused, _ := filepath.Glob("../../testdata/refused/*/*.json")
	for _, p := range append(seeds, refused...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"resolution":{"kind":"dice-sum","dice":{"count":1,"sides":20},"proficiencyTiers":[{"id":"a"}]}}`))
	f.Add([]byte(`{"resolution":{"kind":"dice-sum","overrides":[{"id":"x","skills":["a"],"set":{"dice":null}}]}}`))
	f.Add([]byte(`[1,2`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, err := ruleset.Load("fuzz.json", data, ruleset.Options{})
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		if rs.Resolution == nil {
			t.Fatal("a valid ruleset without a resolution")
		}
		if _, err := ruleset.Load("fuzz.json", data, ruleset.Options{}); err != nil {
			t.Fatalf("second load disagrees: %v", err)
		}
	})
}

func BenchmarkValidate5e(b *testing.B) {
	data, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := ruleset.Load("ruleset.json", data, ruleset.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
