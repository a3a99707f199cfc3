package fight_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

const autoSetup = `[inventory: action="equip" item="Hunting bow" who="Wren"] [inventory: action="add" item="Arrows" count="10" who="Wren"] [inventory: action="add" item="Poultice" count="2" who="Tamsin"] [fight: op="start" foes="2 Ash wolf"]`

// withoutAuto is rec less its auto key.
func withoutAuto(rec record.Record) string {
	out := record.New(rec.Name)
	for _, a := range rec.Attrs {
		if a.Key != "auto" {
			out.Attrs = append(out.Attrs, a)
		}
	}
	return out.String()
}

// The Engine's attack for Wren is the menu's best single-target one
// (the bow at 3.88 expected, not the Volley at 2.75 a target), and its
// record is the explicit tag's plus auto="true", for each seed.
func TestAutoAttackIsTheExplicitTag(t *testing.T) {
	want := `[fight: op="attack" who="Wren" weapon="Hunting bow" foe="Ash wolf 1" landed="1" dealt="5" log="Wren attacks Ash wolf 1 with Hunting bow: 2d6 (4, 1) + 2 = 7 against a defense of 7, a hit. Hunting bow deals 1d8 (5) = 5 pierce. Ash wolf 1 is down. Hunting bow: 9 left to shoot." auto="true"]`
	for seed := uint64(1); seed <= 20; seed++ {
		a, b := game(t, "ember-roads", seed), game(t, "ember-roads", seed)
		gm(t, a, autoSetup)
		gm(t, b, autoSetup)
		auto := one(t, a, `[fight: op="auto" who="Wren"]`)
		explicit := one(t, b, `[fight: op="attack" who="Wren" weapon="Hunting bow" target="Ash wolf 1"]`)
		if auto.Value("auto") != "true" || withoutAuto(auto) != explicit.String() {
			t.Fatalf("seed %d: auto\n%s\nexplicit\n%s", seed, auto, explicit)
		}
		if seed == 3 && auto.String() != want {
			t.Fatalf("seed 3: got\n%s\nwant\n%s", auto, want)
		}
		// target= aims it; the same budget rule as the explicit tag.
		refused(t, one(t, a, `[fight: op="auto" who="Wren" target="Ash wolf 2"]`), "not-offered")
		gm(t, a, `[fight: op="round"]`)
		gm(t, b, `[fight: op="round"]`)
	}
}

// A mode for several targets is never chosen, even when its forecast at
// each target is the best on the menu: a Volley at +4 instead of -2.
func TestAutoNeverMultiTarget(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "rulesets", "ember-roads", "ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(raw), `"toHit": -2, "targets": 2`, `"toHit": 4, "targets": 2`, 1)
	if text == string(raw) {
		t.Fatal("the Volley row moved")
	}
	rs, err := ruleset.Load("ember-roads", []byte(text), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	party, err := session.LoadParty(filepath.Join("..", "..", "rulesets", "ember-roads", "sheets"), rs)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		s := session.New(rs, party, seed)
		gm(t, s, autoSetup)
		p := s.State().Party
		wren, _ := p.Member("Wren")
		menu := fight.MenuText(p, wren)
		if !strings.Contains(menu, "Volley") {
			t.Fatalf("no Volley offered:\n%s", menu)
		}
		rec := one(t, s, `[fight: op="auto" who="Wren"]`)
		if rec.Value("mode") != "" || strings.Contains(rec.Value("foe"), ",") || rec.Value("weapon") != "Hunting bow" {
			t.Fatalf("seed %d: the Engine chose %s", seed, rec)
		}
	}
}

// A heal is never used on an unwounded member; on one below half health
// it comes first, and resolves as the explicit use does.
func TestAutoHeal(t *testing.T) {
	s := game(t, "ember-roads", 5)
	gm(t, s, autoSetup)
	refused(t, one(t, s, `[fight: op="auto" who="Tamsin"]`), "not-offered")
	gm(t, s, `[sheet: op="pool" pool="grit" by="-1" who="Orrin"]`)
	refused(t, one(t, s, `[fight: op="auto" who="Tamsin"]`), "not-offered") // wounded, not below half
	gm(t, s, `[sheet: op="pool" pool="grit" by="-20" who="Orrin"] [sheet: op="pool" pool="grit" by="2" who="Orrin"]`)
	rec := one(t, s, `[fight: op="auto" who="Tamsin"]`)
	if rec.Name != "fight" || rec.Value("op") != "use" || rec.Value("item") != "Poultice" || rec.Value("foe") != "Orrin" || rec.Value("auto") != "true" {
		t.Fatalf("got %s", rec)
	}
	has(t, rec, "log", "Poultice: 1 of 2 left.")
	refused(t, one(t, s, `[fight: op="auto" who="Tamsin"]`), "not-offered") // the act is spent
	refused(t, one(t, s, `[fight: op="auto" who="Ash wolf 1"]`), "unknown-who")
	refused(t, one(t, s, `[fight: op="auto" who="Wren" target="Orrin"]`), "bad-target")
	if rec := one(t, s, `[fight: op="auto" who="Wren"]`); rec.Value("op") != "attack" {
		t.Fatalf("got %s", rec)
	}
	refused(t, one(t, s, `[fight: op="auto" who="Wren"]`), "not-offered") // its act is spent
}

// A regenerated auto step resolves once, to the same record.
func TestAutoRegenerateOnce(t *testing.T) {
	s := game(t, "ember-roads", 7)
	gm(t, s, autoSetup)
	step := `[fight: op="auto" who="Wren"]`
	first := one(t, s, step)
	for range 3 {
		again := regen(t, s, step)
		if len(again) != 1 || again[0] != first.String() {
			t.Fatalf("a regenerated auto step differs:\n%v\n%v", again, first)
		}
		if got := count(s.State().Party, "Wren", "Arrows"); got != 9 {
			t.Fatalf("after a regenerated auto step Wren has %d arrows, want 9", got)
		}
	}
}
