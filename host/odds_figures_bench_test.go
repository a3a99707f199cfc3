package host_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/drawtree"
	"github.com/rulehost/rulehost/host/kind"
	"github.com/rulehost/rulehost/host/plugin"
)

// walkOnly answers a kind's odds by walking its throws, even when its
// plugin has an odds function.
type walkOnly struct{ *kind.Kind }

func (w walkOnly) OddsReport(c *check.Check) ([]check.Weighted, check.OddsReport, error) {
	return w.Enumerate(c, drawtree.Options{Deadline: time.Now().Add(10 * time.Minute)})
}

// noOdds hides a kind's odds altogether: the engine samples it.
type noOdds struct{ check.Resolver }

// BenchmarkOddsFigures is the figures of issue 29: the time to the odds
// of Ironsworn's action roll, a Savage Worlds wild card with a d12 trait
// die, and an opposed pool of 5 against 5 d10, by walking the throws, by
// the plugin's own odds function, and by sampling 20,000 seeds. Run it
// with -benchtime=1x (each op is a whole answer).
func BenchmarkOddsFigures(b *testing.B) {
	h, errs := host.Load([]string{"../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	b.Cleanup(h.Close)
	dir := b.TempDir()
	d12 := filepath.Join(dir, "d12.json")
	os.WriteFile(d12, []byte(`{"name": "Big Wild", "abilities": {"agility": 12, "smarts": 6, "spirit": 6, "strength": 12, "vigor": 12},
		"skills": {"fighting": "d12"}, "fields": {"wild_card": 1}}`), 0o644)
	kinds := func(wrap func(*kind.Kind) check.Resolver) map[string]check.Resolver {
		out := map[string]check.Resolver{}
		for n, r := range h.Resolvers {
			out[n] = wrap(r.(*kind.Kind))
		}
		return out
	}
	ways := map[string]map[string]check.Resolver{
		"plugin":  h.Resolvers,
		"walk":    kinds(func(k *kind.Kind) check.Resolver { return walkOnly{k} }),
		"sampled": kinds(func(k *kind.Kind) check.Resolver { return noOdds{k} }),
	}
	for _, tc := range []struct{ name, rs, sheet, tag string }{
		{"ironsworn", "../rulesets/ironsworn/ruleset.json", "../rulesets/ironsworn/sheets/kai.json", `[skill_check: ability="Edge" adds="1"]`},
		{"savage-d12-wild", "../rulesets/savage-worlds/ruleset.json", d12, `[skill_check: skill="Fighting" dc="8"]`},
	} {
		rs, err := ruleset.LoadFile(tc.rs, h.RulesetOptions())
		if err != nil {
			b.Fatal(err)
		}
		sh, err := sheet.LoadFile(tc.sheet, rs)
		if err != nil {
			b.Fatal(err)
		}
		ch := sheet.New(rs, sh)
		tg, _ := tag.Parse(tc.tag)
		for _, way := range []string{"walk", "plugin", "sampled"} {
			b.Run(tc.name+"/"+way, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					r, err := odds.ForCharacter(rs, ch, tg, odds.Options{Kinds: ways[way]})
					if err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(float64(r.Leaves), "leaves")
				}
			})
		}
	}
	rs, err := ruleset.LoadFile("../rulesets/gravewatch/ruleset.json", h.RulesetOptions())
	if err != nil {
		b.Fatal(err)
	}
	var chars []*sheet.Character
	for _, s := range []string{`{"name": "Ada", "abilities": {"sinew": 5, "nerve": 5, "warmth": 5, "wits": 5}}`, `{"name": "Bo", "abilities": {"sinew": 5, "nerve": 5, "warmth": 5, "wits": 5}}`} {
		f := filepath.Join(dir, "s.json")
		os.WriteFile(f, []byte(s), 0o644)
		sh, err := sheet.LoadFile(f, rs)
		if err != nil {
			b.Fatal(err)
		}
		chars = append(chars, sheet.New(rs, sh))
	}
	tg, _ := tag.Parse(`[opposed_check: who="Ada" skill="sinew" vs="Bo" vsSkill="sinew"]`)
	env := plugin.TagEnv{RS: rs, Characters: chars}
	for _, way := range []string{"walk", "sampled"} {
		b.Run("opposed-5v5/"+way, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				opts := host.TagOddsOptions{Deadline: time.Now().Add(10 * time.Minute)}
				if way == "sampled" {
					opts.Tree.MaxLeaves = 1
				}
				r, err := h.TagOdds(env, tg, opts)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(r.Leaves), "leaves")
				b.ReportMetric(float64(r.Samples), "samples")
				if i == 0 {
					b.Logf("%s: %s %+v", way, r.Method, r.Outcomes)
				}
			}
		})
	}
}
