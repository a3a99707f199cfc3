package kind_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/drawtree"
	"github.com/rulehost/rulehost/host/kind"
)

// enumerated is a plugin kind whose odds come from walking its throws
// only, even when its plugin has an odds function: what the comparison
// with the plugin's own odds needs.
type enumerated struct{ *kind.Kind }

func (e enumerated) OddsReport(c *check.Check) ([]check.Weighted, check.OddsReport, error) {
	return e.Enumerate(c, drawtree.Options{Deadline: time.Now().Add(time.Minute)})
}

// enumeratedKinds replaces every plugin resolver by its enumeration.
func enumeratedKinds(resolvers map[string]check.Resolver) map[string]check.Resolver {
	out := map[string]check.Resolver{}
	for name, r := range resolvers {
		out[name] = enumerated{r.(*kind.Kind)}
	}
	return out
}

// sameOdds fails unless a and b give every outcome the same probability
// within tol.
func sameOdds(t *testing.T, what string, a, b odds.Result, tol float64) {
	t.Helper()
	pa, pb := map[string]float64{}, map[string]float64{}
	for _, o := range a.Outcomes {
		pa[o.Name()] += o.P
	}
	for _, o := range b.Outcomes {
		pb[o.Name()] += o.P
	}
	for name, p := range pa {
		if math.Abs(p-pb[name]) > tol {
			t.Errorf("%s %s: %.15f, want %.15f", what, name, pb[name], p)
		}
	}
	for name := range pb {
		if _, ok := pa[name]; !ok {
			t.Errorf("%s: %s only in the enumeration", what, name)
		}
	}
}

// TestEnumerationMatchesPluginOdds: walking the throws of Ironsworn's and
// Savage Worlds' resolve gives the odds their own odds functions compute,
// within 1e-12 plus what the cut chains left out (below 1e-12), including
// a wild card with a d12 trait die (two acing dice).
func TestEnumerationMatchesPluginOdds(t *testing.T) {
	set := loadBundled(t)
	kinds, resolvers := kind.FromSet(set)
	enum := enumeratedKinds(resolvers)
	d12 := filepath.Join(t.TempDir(), "d12.json")
	if err := os.WriteFile(d12, []byte(`{"name": "Big Wild", "abilities": {"agility": 12, "smarts": 6, "spirit": 6, "strength": 12, "vigor": 12},
		"skills": {"fighting": "d12"}, "fields": {"wild_card": 1}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ dir, sheet, text string }{
		{"ironsworn", "sheets/kai.json", `[skill_check: ability="Edge" adds="1"]`},
		{"ironsworn", "sheets/kai.json", `[skill_check: ability="Edge" adds="9"]`},
		{"ironsworn", "sheets/kai.json", `[skill_check: ability="Wits" adds="-3"]`},
		{"savage-worlds", "sheets/gabe.json", `[skill_check: skill="Fighting"]`},
		{"savage-worlds", "sheets/thug.json", `[skill_check: skill="Fighting" dc="5"]`},
		{"savage-worlds", d12, `[skill_check: skill="Fighting" dc="8" mod="-1"]`},
		{"savage-worlds", d12, `[skill_check: ability="Vigor" dc="30"]`},
	} {
		rs, err := ruleset.LoadFile(filepath.Join(root, "rulesets", tc.dir, "ruleset.json"), ruleset.Options{Kinds: kinds})
		if err != nil {
			t.Fatal(err)
		}
		sf := tc.sheet
		if !filepath.IsAbs(sf) {
			sf = filepath.Join(root, "rulesets", tc.dir, sf)
		}
		sh, err := sheet.LoadFile(sf, rs)
		if err != nil {
			t.Fatal(err)
		}
		ch := sheet.New(rs, sh)
		tg, err := tag.Parse(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		own, err := odds.ForCharacter(rs, ch, tg, odds.Options{Kinds: resolvers})
		if err != nil || own.Method != "plugin" {
			t.Fatalf("%s: plugin odds %+v, %v", tc.text, own, err)
		}
		walked, err := odds.ForCharacter(rs, ch, tg, odds.Options{Kinds: enum})
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if walked.Method != "enumerated" || !walked.Exact || walked.Neglected >= drawtree.NeglectBound {
			t.Fatalf("%s: %+v", tc.text, walked)
		}
		sameOdds(t, tc.dir+" "+tc.text, own, walked, 1e-12+walked.Neglected)
		if walked.Check != own.Check {
			t.Errorf("%s: check %s, want %s", tc.text, walked.Check, own.Check)
		}
	}
}

// TestEnumerationMatchesNativeOdds: the reference-sum plugin (a Lua
// dice-sum with no odds function) enumerated gives the native kind's
// exact odds, on every bundled dice-sum ruleset's first sheet, over tag
// variants (advantage, open-ended chains, ladders) and effects (effect
// dice both ways): the host finds them with no odds function at all.
func TestEnumerationMatchesNativeOdds(t *testing.T) {
	set := loadBundled(t)
	kinds, all := kind.FromSet(set)
	resolvers := map[string]check.Resolver{}
	for name, r := range all {
		resolvers[name] = bounded{r.(*kind.Kind), 3000}
	}
	checked, sampled := 0, 0
	for _, f := range sumRulesets(t) {
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
			t.Fatal(err)
		}
		sheets, _ := filepath.Glob(filepath.Join(filepath.Dir(f), "sheets", "*.json"))
		sn, err := sheet.LoadFile(sheets[0], native)
		if err != nil {
			t.Fatal(err)
		}
		sr, err := sheet.LoadFile(sheets[0], ref)
		if err != nil {
			t.Fatal(err)
		}
		tags := tagsFor(native)
		for i := 0; i < len(tags); i += 7 {
			tg := tags[i]
			fx := effectsFor(i)
			want, errN := odds.ForCharacter(native, sheet.New(native, sn), tg, odds.Options{Effects: fx})
			got, errP := odds.ForCharacter(ref, sheet.New(ref, sr), tg, odds.Options{Effects: fx, Kinds: resolvers, Samples: 50})
			if (errN == nil) != (errP == nil) {
				t.Fatalf("%s %s: native %v, plugin %v", f, tg, errN, errP)
			}
			if errN != nil {
				continue
			}
			if got.Method == "sampled" {
				sampled++ // over this test's bound (rolemaster's open-ended d100 both ways: tens of millions of paths)
				continue
			}
			if got.Method != "enumerated" {
				t.Fatalf("%s %s: method %s", f, tg, got.Method)
			}
			sameOdds(t, filepath.Base(filepath.Dir(f))+" "+tg.String(), want, got, 2e-12+got.Neglected)
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("only %d checks compared", checked)
	}
	if sampled == 0 {
		t.Errorf("no check was over the bound: the comparison missed a branch")
	}
	t.Logf("%d checks compared, %d sampled", checked, sampled)
}

// TestEnumerationSamplesWhenTooBig: a tree past the leaf bound is not
// walked; the engine samples the check instead, with its interval.
func TestEnumerationSamplesWhenTooBig(t *testing.T) {
	set := loadBundled(t)
	kinds, resolvers := kind.FromSet(set)
	rs, err := ruleset.LoadFile(filepath.Join(root, "rulesets", "ironsworn", "ruleset.json"), ruleset.Options{Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.LoadFile(filepath.Join(root, "rulesets", "ironsworn", "sheets", "kai.json"), rs)
	if err != nil {
		t.Fatal(err)
	}
	tg, _ := tag.Parse(`[skill_check: ability="Edge"]`)
	small := map[string]check.Resolver{}
	for name, r := range resolvers {
		small[name] = boundedTo100{r.(*kind.Kind)}
	}
	r, err := odds.ForCharacter(rs, sheet.New(rs, sh), tg, odds.Options{Kinds: small, Samples: 300})
	if err != nil || r.Method != "sampled" || r.Samples != 300 || r.Outcomes[0].Interval == nil {
		t.Fatalf("%+v, %v", r, err)
	}
	// and with the dice of an effect (no odds function answers), the
	// default bound walks them: 6·10·10·4 throws
	fx := func(*check.Check) check.Effects {
		return check.Effects{Dice: []dice.Notation{{Count: 1, Sides: 4}}, From: []string{"Blessing"}}
	}
	r, err = odds.ForCharacter(rs, sheet.New(rs, sh), tg, odds.Options{Kinds: resolvers, Effects: fx})
	if err != nil || r.Method != "enumerated" || r.Leaves != 2400 || r.Neglected != 0 {
		t.Fatalf("with effect dice: %+v, %v", r, err)
	}
}

// bounded enumerates with a bound of max leaves.
type bounded struct {
	*kind.Kind
	max int
}

func (k bounded) OddsReport(c *check.Check) ([]check.Weighted, check.OddsReport, error) {
	return k.Enumerate(c, drawtree.Options{MaxLeaves: k.max})
}

// boundedTo100 enumerates with a bound of 100 leaves.
type boundedTo100 struct{ *kind.Kind }

func (k boundedTo100) OddsReport(c *check.Check) ([]check.Weighted, check.OddsReport, error) {
	return k.Enumerate(c, drawtree.Options{MaxLeaves: 100})
}
