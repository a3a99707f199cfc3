package ruleset_test

import (
	"os"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// TestSymbolPoolGenesysLoads reads the bundled Genesys file (the spec's
// example plus more ranks and rungs): indexes, partners, counts, roles.
func TestSymbolPoolGenesysLoads(t *testing.T) {
	data, err := os.ReadFile("../../rulesets/genesys/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := ruleset.Load("genesys.json", data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sp := rs.Resolution.SymbolPool
	sym := func(id string) int {
		for i, s := range sp.Symbols {
			if s.ID == id {
				return i
			}
		}
		t.Fatalf("no symbol %q", id)
		return -1
	}
	s, f, a, h, tr, d := sym("s"), sym("f"), sym("a"), sym("h"), sym("t"), sym("d")
	if sp.Symbols[s].Partner != f || sp.Symbols[f].Partner != s || sp.Symbols[a].Partner != h || sp.Symbols[h].Partner != a {
		t.Error("cancels pairs s/f and a/h, declared on one side only")
	}
	if sp.Symbols[tr].CountsIdx != s || sp.Symbols[d].CountsIdx != f || sp.Symbols[tr].Partner != -1 {
		t.Error("triumph counts a success, despair a failure, and neither cancels")
	}
	if sp.Success != s || sp.Needed != 1 || sp.CriticalSuccess != tr || sp.CriticalFailure != d {
		t.Errorf("success %d/%d critical %d/%d", sp.Success, sp.Needed, sp.CriticalSuccess, sp.CriticalFailure)
	}
	if sp.Build != "larger-upgraded" || sp.Pool.Max != 6 || sp.Difficulty.Max != 5 || sp.Boost.Max != 3 || sp.Setback.Max != 3 {
		t.Errorf("roles %+v %+v", sp.Pool, sp.Difficulty)
	}
	if sp.Dice[sp.Pool.Die].ID != "ability" || sp.Dice[sp.Pool.Upgrade].ID != "proficiency" ||
		sp.Dice[sp.Difficulty.Die].ID != "difficulty" || sp.Dice[sp.Difficulty.Upgrade].ID != "challenge" {
		t.Error("pool and difficulty dice")
	}
	if len(sp.Dice[sp.FindDie("PROFICIENCY")].Faces) != 12 || sp.FindDie("Boost") != 4 || sp.FindDie("fudge") != -1 {
		t.Error("FindDie reads id or label, any case")
	}
	if !sp.AllowOwnUpgrade {
		t.Error("allowOwnUpgrade")
	}
}

// TestSymbolPoolDefaults: needed 1, build larger-upgraded, pool.max 6,
// difficulty.max 5, boost/setback max 3; a repeated id counts twice.
func TestSymbolPoolDefaults(t *testing.T) {
	rs := kindsLoad(t, `"kind": "symbol-pool", "proficiencyTiers": [{ "id": "r0", "label": "0" }],
	  "symbols": [{ "id": "s", "label": "Hit" }, { "id": "m", "label": "Miss", "cancels": "s" }],
	  "dice": [{ "id": "good", "label": "Good", "faces": [[], ["s", "s"]] }, { "id": "bad", "label": "Bad", "faces": [[], ["m"]] }],
	  "success": { "symbol": "s" }, "pool": { "die": "good" }, "difficulty": { "die": "bad" },
	  "boost": { "die": "good" }, "setback": { "die": "bad" }`)
	sp := rs.Resolution.SymbolPool
	if sp.Needed != 1 || sp.Build != "larger-upgraded" || sp.Pool.Max != 6 || sp.Pool.Upgrade != -1 ||
		sp.Difficulty.Max != 5 || sp.Boost.Max != 3 || sp.Setback.Max != 3 || sp.AllowOwnUpgrade {
		t.Errorf("defaults %+v", sp)
	}
	if got := sp.Dice[0].Faces[1]; len(got) != 2 || got[0] != 0 || got[1] != 0 {
		t.Errorf("a repeated id counts twice: face %v", got)
	}
}

// TestDetailEscape: labels survive symbolDetails' separators.
func TestDetailEscape(t *testing.T) {
	for in, want := range map[string]string{
		"Success":       "Success",
		"Hit: +1":       "Hit%3A %2B1",
		"a|b;c=d%e":     "a%7Cb%3Bc%3Dd%25e",
		`say "hi" \ no`: "say %22hi%22 %5C no",
	} {
		if got := ruleset.DetailEscape(in); got != want {
			t.Errorf("DetailEscape(%q) = %q, want %q", in, got, want)
		}
	}
}
