package kind_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/kind"
	"github.com/rulehost/rulehost/host/plugin"
)

const root = "../.."

// loadBundled loads the bundled plugins once per test binary.
func loadBundled(tb testing.TB) *plugin.Set {
	tb.Helper()
	set, errs := plugin.LoadDirs([]string{filepath.Join(root, "plugins")}, plugin.Options{Deadline: correctnessDeadline})
	for _, err := range errs {
		tb.Fatal(err)
	}
	tb.Cleanup(set.Close)
	return set
}

// withKind returns the ruleset file with resolution.kind replaced.
func withKind(tb testing.TB, data []byte, kind string) []byte {
	tb.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		tb.Fatal(err)
	}
	m["resolution"].(map[string]any)["kind"] = kind
	out, err := json.Marshal(m)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// sumRulesets lists the bundled rulesets whose resolution.kind is dice-sum.
func sumRulesets(tb testing.TB) []string {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(root, "rulesets", "*", "ruleset.json"))
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var m struct {
			Resolution struct{ Kind string } `json:"resolution"`
		}
		if json.Unmarshal(data, &m) == nil && m.Resolution.Kind == "dice-sum" {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		tb.Fatal("no bundled dice-sum rulesets found")
	}
	return out
}

// effectsFor varies what conditions and items do, so the comparison
// covers flat bonuses, effect dice both ways, advantage from a source, and
// saves failed without a roll.
func effectsFor(i int) func(c *check.Check) check.Effects {
	return func(c *check.Check) check.Effects {
		switch i % 7 {
		case 1:
			return check.Effects{Flat: 2, From: []string{"Blessed"}}
		case 2:
			return check.Effects{Dice: []dice.Notation{{Count: 1, Sides: 4}}, From: []string{"Bless"}}
		case 3:
			return check.Effects{MinusDice: []dice.Notation{{Count: 1, Sides: 6, Modifier: 1}}, Flat: -1, From: []string{"Bane", "Wounded"}}
		case 4:
			return check.Effects{Advantage: true, From: []string{"Keen eye"}}
		case 5:
			return check.Effects{FailsSave: true, Disadvantage: true, From: []string{"Paralysed"}}
		}
		return check.Effects{}
	}
}

// tagsFor builds the tags rolled against a ruleset: every skill, save and
// ability, with a dc, a rung, both, neither, a mode, with=, and attributes
// the check ignores.
func tagsFor(rs *ruleset.Ruleset) []tag.Tag {
	var targets []string
	for _, s := range rs.Skills {
		targets = append(targets, fmt.Sprintf(`skill=%q`, s.Label))
	}
	for _, s := range rs.Saves {
		targets = append(targets, fmt.Sprintf(`save=%q`, s.ID))
	}
	for _, a := range rs.Abilities {
		targets = append(targets, fmt.Sprintf(`ability=%q`, a.ID))
	}
	var rung, ability string
	if l := rs.Resolution.DiceSum.Ladder; len(l) > 0 {
		rung = l[len(l)/2].Label
	}
	if len(rs.Abilities) > 0 {
		ability = rs.Abilities[0].ID
	}
	extras := []string{
		`dc="12"`, `dc="+3"`, `difficulty="` + rung + `"`, `difficulty="HARD" dc="8"`, ``,
		`dc="15" mode="advantage"`, `dc="10" mode="disadvantage"`, `mode="sideways" dc="x"`,
		`dc="20" with="` + ability + `"`, `difficulty="nope" dc="-2"`, `dc="99999"`,
	}
	var out []tag.Tag
	for _, t := range targets {
		for _, e := range extras {
			tg, err := tag.Parse("[skill_check: " + t + " " + e + "]")
			if err != nil {
				panic(err)
			}
			out = append(out, tg)
		}
	}
	return out
}

// TestReferenceSumMatchesNative is the cross-check of issue 5: the Lua
// reference-sum kind writes byte-identical records to native dice-sum on
// 10,000 seeds spread over every bundled dice-sum ruleset, its sheets,
// its skills, saves and abilities, tag variants and effects.
func TestReferenceSumMatchesNative(t *testing.T) {
	set := loadBundled(t)
	kinds, resolvers := kind.FromSet(set)
	const seeds = 10000
	files := sumRulesets(t)
	per := seeds / len(files)
	total := 0
	seen := map[string]bool{}
	for fi, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		native, err := ruleset.Load(f, data, ruleset.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ref, err := ruleset.Load(f, withKind(t, data, "reference-sum"), ruleset.Options{Kinds: kinds})
		if err != nil {
			t.Fatalf("%s as reference-sum: %v", f, err)
		}
		sheets, _ := filepath.Glob(filepath.Join(filepath.Dir(f), "sheets", "*.json"))
		if len(sheets) == 0 {
			t.Fatalf("%s: no sheets", f)
		}
		var natChars, refChars []*sheet.Character
		for _, s := range sheets {
			sn, err := sheet.LoadFile(s, native)
			if err != nil {
				t.Fatal(err)
			}
			sr, err := sheet.LoadFile(s, ref)
			if err != nil {
				t.Fatal(err)
			}
			natChars = append(natChars, sheet.New(native, sn))
			refChars = append(refChars, sheet.New(ref, sr))
		}
		tags := tagsFor(native)
		n := per
		if fi == len(files)-1 {
			n = seeds - total
		}
		ns, rs := &dice.Seeded{}, &dice.Seeded{}
		for i := 0; i < n; i++ {
			seed := uint64(total + i)
			tg := tags[i%len(tags)]
			ci := (i / len(tags)) % len(natChars)
			ns.Reset(seed, 0, 0)
			rs.Reset(seed, 0, 0)
			a := check.Resolve(&check.Env{RS: native, Char: natChars[ci], Dice: ns, Effects: effectsFor(i)}, tg)
			b := check.Resolve(&check.Env{RS: ref, Char: refChars[ci], Dice: rs, Effects: effectsFor(i), Kinds: resolvers}, tg)
			if a.Record.String() != b.Record.String() {
				t.Fatalf("%s seed %d %s (sheet %s, effects %d):\nnative %s\nplugin %s",
					filepath.Base(filepath.Dir(f)), seed, tg, natChars[ci].Name(), i%7, a.Record, b.Record)
			}
			for _, a := range b.Record.Attrs {
				seen[a.Key] = true
			}
			seen[b.Record.Name] = true
			if err := record.Check(b.Record); err != nil {
				t.Fatalf("plugin record fails the schema: %v: %s", err, b.Record)
			}
			// both must have drawn the same number of dice: the next draw agrees
			if x, y := ns.Roll(1000), rs.Roll(1000); x != y {
				t.Fatalf("%s seed %d %s: the plugin drew a different number of dice", f, seed, tg)
			}
		}
		total += n
	}
	if total != seeds {
		t.Fatalf("compared %d seeds, want %d", total, seeds)
	}
	// the comparison must have reached every branch of the kind
	for _, k := range []string{"check", "mode", "kept", "openEnded", "unmodified", "natural", "critical",
		"outcome", "effects", "from", "automatic", "difficulty", "dc", "ignored", "with", "override", "save", "ability"} {
		if !seen[k] {
			t.Errorf("no compared record had %q: widen the tags or rulesets", k)
		}
	}
}
