package host_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// TestOpposed5v5ExactOdds: an opposed pool of 5 against 5 d10 (issue
// 29) is C(14,5)² = 4,008,004 multiset throws, past the walk's bound; the
// host walks the two classes of faces the plugin's outcome tells apart
// (below 7, 7 or more) and answers each side's exact chance, the
// icepool-style sum over both binomials.
func TestOpposed5v5ExactOdds(t *testing.T) {
	h, errs := host.Load([]string{"../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(h.Close)
	rs, err := ruleset.LoadFile("../rulesets/gravewatch/ruleset.json", h.RulesetOptions())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var chars []*sheet.Character
	for _, s := range []string{`{"name": "Ada", "abilities": {"sinew": 5, "nerve": 5, "warmth": 5, "wits": 5}}`, `{"name": "Bo", "abilities": {"sinew": 5, "nerve": 5, "warmth": 5, "wits": 5}}`} {
		f := filepath.Join(dir, "s.json")
		if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		sh, err := sheet.LoadFile(f, rs)
		if err != nil {
			t.Fatal(err)
		}
		chars = append(chars, sheet.New(rs, sh))
	}
	tg, _ := tag.Parse(`[opposed_check: who="Ada" skill="sinew" vs="Bo" vsSkill="sinew"]`)
	// a roomy deadline: a loaded machine under -race must not turn the
	// walk into sampling (the figures in docs/odds.md time it)
	r, err := h.TagOdds(plugin.TagEnv{RS: rs, Characters: chars}, tg, host.TagOddsOptions{Deadline: time.Now().Add(2 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Method != "enumerated" || !r.Exact || r.Leaves != 36 || len(r.Outcomes) != 2 || r.Note == "" {
		t.Fatalf("%+v", r)
	}
	win := opposedWins(5, 5)
	for _, o := range r.Outcomes {
		want := win
		if o.Outcome == `winner="Bo"` {
			want = 1 - win
		}
		if math.Abs(o.P-want) > 1e-12 {
			t.Errorf("%s: %.15f, want %.15f", o.Outcome, o.P, want)
		}
	}
}
