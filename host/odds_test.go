package host_test

import (
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// oddsSeeds is how many seeded checks an odds test rolls; each observed
// frequency must lie within oddsTolerance standard errors of the exact
// probability (a false alarm about once in 150,000 runs per frequency).
const (
	oddsSeeds     = 20000
	oddsTolerance = 4.5
)

// rollOdds rolls tag oddsSeeds times (seeds 1..N) for the sheet and
// counts each record by key(r); every record must pass record.Check.
func rollOdds(t *testing.T, rulesetFile, sheetFile, text string, key func(record.Record) []string) map[string]int {
	t.Helper()
	// a generous deadline: correctness, not speed, is tested here, and
	// the machine may be loaded
	h, errs := host.Load([]string{"../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(h.Close)
	rs, err := ruleset.LoadFile(rulesetFile, h.RulesetOptions())
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.LoadFile(sheetFile, rs)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := tag.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	env := &check.Env{RS: rs, Char: sheet.New(rs, sh), Kinds: h.Resolvers}
	counts := map[string]int{}
	stream := &dice.Seeded{}
	for seed := 1; seed <= oddsSeeds; seed++ {
		stream.Reset(uint64(seed), 0, 0)
		env.Dice = stream
		r := check.Resolve(env, tg).Record
		if err := record.Check(r); err != nil || r.Name != "check" {
			t.Fatalf("seed %d: %s (%v)", seed, r, err)
		}
		for _, k := range key(r) {
			counts[k]++
		}
	}
	return counts
}

// within fails the test when count/N is further than oddsTolerance
// standard errors from p.
func within(t *testing.T, what string, count int, p float64) {
	t.Helper()
	got := float64(count) / oddsSeeds
	se := math.Sqrt(p * (1 - p) / oddsSeeds)
	if se == 0 {
		if got != p {
			t.Errorf("%s: %.4f, exactly %.4f expected", what, got, p)
		}
		return
	}
	if z := math.Abs(got-p) / se; z > oddsTolerance {
		t.Errorf("%s: %.4f, exact %.4f (%.1f standard errors off)", what, got, p, z)
	} else {
		t.Logf("%s: %.4f, exact %.4f (%.2f SE)", what, got, p, z)
	}
}

// ironswornExact is the chance of a strong hit, a weak hit and a miss for
// 1d6 + stat + adds (at most 10) against two d10: with action score s, a
// challenge die is beaten with chance (s-1)/10.
func ironswornExact(stat int) (strong, weak, miss float64) {
	for d := 1; d <= 6; d++ {
		s := min(d+stat, 10)
		p := math.Max(0, float64(s-1)/10)
		strong += p * p / 6
		weak += 2 * p * (1 - p) / 6
		miss += (1 - p) * (1 - p) / 6
	}
	return
}

// TestIronswornOdds: the bundled ironsworn plugin's outcomes and matches
// over 20,000 seeds agree with the exact odds.
func TestIronswornOdds(t *testing.T) {
	if testing.Short() {
		t.Skip("rolls 40,000 plugin checks")
	}
	for _, tc := range []struct {
		tag  string
		stat int // stat + adds
	}{
		{`[skill_check: ability="Edge" adds="1"]`, 3 + 1},
		{`[skill_check: ability="Wits"]`, 1},
		{`[skill_check: ability="Edge" adds="5"]`, 3 + 5}, // often capped at 10
	} {
		counts := rollOdds(t, "../rulesets/ironsworn/ruleset.json", "../rulesets/ironsworn/sheets/kai.json", tc.tag,
			func(r record.Record) []string {
				out := []string{r.Value("outcome")}
				if r.Value("match") == "true" {
					out = append(out, "match")
				}
				return out
			})
		strong, weak, miss := ironswornExact(tc.stat)
		within(t, tc.tag+" strong hit", counts["Strong hit"], strong)
		within(t, tc.tag+" weak hit", counts["Weak hit"], weak)
		within(t, tc.tag+" miss", counts["Miss"], miss)
		within(t, tc.tag+" match", counts["match"], 0.1)
	}
}

// acingBelow is the chance that an acing die of sides faces (at most
// maxDice dice) totals less than t.
func acingBelow(sides, t int) float64 {
	const maxDice = 20
	q := 1 / float64(sides)
	p, chance := 0.0, q // chance: of each value on the m-th die after m-1 aces
	for m := 0; m < maxDice; m++ {
		last := sides - 1
		if m == maxDice-1 {
			last = sides // the last die stops whatever it shows
		}
		for r := 1; r <= last; r++ {
			if m*sides+r < t {
				p += chance
			}
		}
		chance *= q
	}
	return p
}

// savageExact is the chance of a raise, a plain success and a failure for
// a trait die (plus a d6 wild die for a wild card, the better kept) plus
// mod against target, a raise per 4 over it.
func savageExact(sides int, wild bool, mod, target int) (raise, success, failure float64) {
	below := func(t int) float64 { // P(best + mod < t)
		p := acingBelow(sides, t-mod)
		if wild {
			p *= acingBelow(6, t-mod)
		}
		return p
	}
	failure = below(target)
	success = below(target+4) - failure
	raise = 1 - below(target+4)
	return
}

// TestSavageWorldsOdds: the bundled savage-worlds plugin's raises,
// successes and failures over 20,000 seeds agree with the exact odds, for
// a wild card, an Extra and an unskilled wild card.
func TestSavageWorldsOdds(t *testing.T) {
	if testing.Short() {
		t.Skip("rolls 80,000 plugin checks")
	}
	for _, tc := range []struct {
		sheet, tag string
		sides      int
		wild       bool
		mod, dc    int
	}{
		{"gabe", `[skill_check: skill="Fighting"]`, 8, true, 0, 4},
		{"gabe", `[skill_check: skill="Stealth" dc="5"]`, 4, true, -2, 5},
		{"thug", `[skill_check: skill="Fighting" mod="+1"]`, 6, false, 1, 4},
		{"gabe", `[skill_check: ability="Vigor" dc="8"]`, 10, true, 0, 8},
	} {
		counts := rollOdds(t, "../rulesets/savage-worlds/ruleset.json", "../rulesets/savage-worlds/sheets/"+tc.sheet+".json", tc.tag,
			func(r record.Record) []string { return []string{r.Value("outcome")} })
		raise, success, failure := savageExact(tc.sides, tc.wild, tc.mod, tc.dc)
		within(t, tc.sheet+" "+tc.tag+" raise", counts["Raise"], raise)
		within(t, tc.sheet+" "+tc.tag+" success", counts["Success"], success)
		within(t, tc.sheet+" "+tc.tag+" failure", counts["Failure"], failure)
	}
}

// TestOddsExactValues pins the exact formulas to hand-computed values, so
// the statistical tests compare against the right numbers.
func TestOddsExactValues(t *testing.T) {
	// stat 1: action scores 2..7, p = 0.1..0.6; strong = sum p^2 / 6
	strong, weak, miss := ironswornExact(1)
	if math.Abs(strong-(0.01+0.04+0.09+0.16+0.25+0.36)/6) > 1e-12 || math.Abs(strong+weak+miss-1) > 1e-12 {
		t.Errorf("ironsworn stat 1: %v %v %v", strong, weak, miss)
	}
	// a d4 reaches 4 or more with chance 1/4; a d6 wild die too with 1/2:
	// P(fail at 4) = 3/4 * 1/2
	if _, _, f := savageExact(4, true, 0, 4); math.Abs(f-3.0/8) > 1e-12 {
		t.Errorf("d4 + wild d6 failing at 4: %v", f)
	}
	// an Extra's d6 below 8: 1..5, or 6 then 1 (6+1=7): 5/6 + 1/36
	if got := acingBelow(6, 8); math.Abs(got-(5.0/6+1.0/36)) > 1e-12 {
		t.Errorf("d6 acing below 8: %v", got)
	}
}

// TestBundledPluginRulesets loads every bundled ruleset whose resolution
// kind a bundled plugin provides, with the bundled plugins, and its
// sample sheets (engine/ruleset's test loads the native ones).
func TestBundledPluginRulesets(t *testing.T) {
	// a generous deadline: the plugins must answer, however loaded the machine
	h, errs := host.Load([]string{"../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	defer h.Close()
	files, _ := filepath.Glob("../rulesets/*/ruleset.json")
	n := 0
	for _, f := range files {
		rs, err := ruleset.LoadFile(f, h.RulesetOptions())
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if ruleset.IsNativeKind(rs.Resolution.Kind) {
			continue
		}
		n++
		sheets, _ := filepath.Glob(filepath.Join(filepath.Dir(f), "sheets", "*.json"))
		if len(sheets) == 0 {
			t.Errorf("%s has no sample sheets", f)
		}
		for _, s := range sheets {
			if _, err := sheet.LoadFile(s, rs); err != nil {
				t.Errorf("%s: %v", s, err)
			}
		}
	}
	if n < 2 {
		t.Errorf("%d bundled rulesets with a plugin kind; want ironsworn and savage-worlds at least", n)
	}
}
