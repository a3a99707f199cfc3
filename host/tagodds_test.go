package host_test

import (
	"errors"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/drawtree"
	"github.com/rulehost/rulehost/host/plugin"
)

// binomial is C(n,k) p^k (1-p)^(n-k).
func binomial(n, k int, p float64) float64 {
	c := 1.0
	for i := 0; i < k; i++ {
		c = c * float64(n-i) / float64(i+1)
	}
	return c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
}

// opposedWins is the exact chance the roller wins an opposed pool of a
// against d dice, success on 7+ of a d10, ties to the defender: the sum
// over both binomials (as icepool computes it).
func opposedWins(a, d int) float64 {
	w := 0.0
	for s1 := 0; s1 <= a; s1++ {
		for s2 := 0; s2 < s1 && s2 <= d; s2++ {
			w += binomial(a, s1, 0.4) * binomial(d, s2, 0.4)
		}
	}
	return w
}

// TestOpposedCheckExactOdds: the odds of [opposed_check: ...], a plugin
// tag with no odds function, walked by the host, are each side's exact
// chance; past the bound they are sampled with an interval, and a refused
// tag is the refusal.
func TestOpposedCheckExactOdds(t *testing.T) {
	h, errs := host.Load([]string{"../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(h.Close)
	rs, err := ruleset.LoadFile("../rulesets/gravewatch/ruleset.json", h.RulesetOptions())
	if err != nil {
		t.Fatal(err)
	}
	var chars []*sheet.Character
	for _, f := range []string{"bram.json", "maud.json"} {
		sh, err := sheet.LoadFile(filepath.Join("../rulesets/gravewatch/sheets", f), rs)
		if err != nil {
			t.Fatal(err)
		}
		chars = append(chars, sheet.New(rs, sh))
	}
	env := plugin.TagEnv{RS: rs, Characters: chars}
	long := time.Now().Add(2 * time.Minute)
	// Bram's warmth 1 against Maud's 3, and his sinew 3 against her nerve 3
	for _, tc := range []struct {
		text string
		a, d int
	}{
		{`[opposed_check: who="Bram the Quiet" skill="warmth" vs="Maud Hollin" vsSkill="warmth"]`, 1, 3},
		{`[opposed_check: who="Bram the Quiet" skill="sinew" vs="Maud Hollin" vsSkill="nerve"]`, 3, 3},
	} {
		tg, _ := tag.Parse(tc.text)
		r, err := h.TagOdds(env, tg, host.TagOddsOptions{Deadline: long})
		if err != nil {
			t.Fatal(err)
		}
		if r.Method != "enumerated" || !r.Exact || len(r.Outcomes) != 2 {
			t.Fatalf("%s: %+v", tc.text, r)
		}
		win := opposedWins(tc.a, tc.d)
		for _, o := range r.Outcomes {
			want := win
			if o.Outcome == `winner="Maud Hollin"` {
				want = 1 - win
			}
			if math.Abs(o.P-want) > 1e-12 {
				t.Errorf("%s %s: %.15f, want %.15f", tc.text, o.Outcome, o.P, want)
			}
		}
	}
	// by net successes: -3..+3 for 3 against 3
	tg, _ := tag.Parse(`[opposed_check: who="Bram the Quiet" skill="sinew" vs="Maud Hollin" vsSkill="nerve"]`)
	r, err := h.TagOdds(env, tg, host.TagOddsOptions{By: []string{"net"}, Deadline: long})
	if err != nil || len(r.Outcomes) != 7 {
		t.Fatalf("by net: %+v, %v", r, err)
	}
	// a bound of 10 replays: sampled, with intervals (3 against 3 is
	// 220² multisets, and 16 by classes of faces: both past the bound)
	r, err = h.TagOdds(env, tg, host.TagOddsOptions{Samples: 400, Tree: drawtree.Options{MaxLeaves: 10}, Deadline: long})
	if err != nil || r.Method != "sampled" || r.Samples != 400 || r.Outcomes[0].Interval == nil || r.Note == "" {
		t.Fatalf("sampled: %+v, %v", r, err)
	}
	tg, _ = tag.Parse(`[opposed_check: who="Nobody" skill="sinew" vs="Maud Hollin" vsSkill="nerve"]`)
	var re *odds.RefusedError
	if _, err := h.TagOdds(env, tg, host.TagOddsOptions{Deadline: long}); !errors.As(err, &re) || re.Record.Value("reason") != "unknown-character" {
		t.Fatalf("refused: %v", err)
	}
}
