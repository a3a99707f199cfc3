package sheet_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// FuzzLoad: no sheet file panics the loader, and a loaded sheet can be
// read for every skill without panicking.
func FuzzLoad(f *testing.F) {
	rs, err := ruleset.LoadFile("../../rulesets/d20-5e/ruleset.json", ruleset.Options{})
	if err != nil {
		f.Fatal(err)
	}
	sheets, _ := filepath.Glob("../../rulesets/d20-5e/sheets/*.json")
	for _, p := range sheets {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"name":"x","abilities":{"str":99},"skills":{"athletics":{"tier":"nope","bonus":1e99}}}`))
	f.Add([]byte(`{"name":"x","pools":{"ghost":1},"entries":["a/b"],"bag":[{"item":""}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := sheet.Load("fuzz.json", data, rs)
		if err != nil {
			return
		}
		c := sheet.New(rs, s)
		for _, sk := range rs.Skills {
			tr := c.Training(sk.ID, false)
			c.TierBonus(tr.Tier)
			c.AbilityMod(sk.Ability)
		}
		for _, d := range rs.Derived {
			c.Derived(d.ID)
		}
	})
}

// FuzzFindName: who= never panics the name rule, a match is one of the
// names, and a name matching one character's whole name finds it.
func FuzzFindName(f *testing.F) {
	f.Add("Dr. Imani Ellis|Maude Ellis|Bram the Quiet", "Imani")
	f.Add("Dr. Imani Ellis|Maude Ellis", "Ellis")
	f.Add("Ada|ada", "ADA")
	f.Add("|  |.", ".")
	f.Fuzz(func(t *testing.T, list, who string) {
		names := strings.Split(list, "|")
		i, ok := sheet.FindName(names, who)
		if ok && (i < 0 || i >= len(names)) {
			t.Fatalf("index %d of %d names", i, len(names))
		}
		exact := -1
		for j, n := range names {
			if strings.EqualFold(strings.TrimSpace(n), strings.TrimSpace(who)) && strings.TrimSpace(who) != "" {
				if exact >= 0 {
					return // two names answer: no guess is required
				}
				exact = j
			}
		}
		if exact >= 0 && (!ok || i != exact) {
			t.Fatalf("%q is exactly %q, found %d %v", who, names[exact], i, ok)
		}
	})
}
