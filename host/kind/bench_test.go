package kind_test

import (
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/kind"
	"github.com/rulehost/rulehost/host/plugin"
)

// benchCheck runs one check from tag text to record text, as
// engine/check's BenchmarkPoolCheck does.
func benchCheck(b *testing.B, env *check.Env, s *dice.Seeded, text string) {
	var sb strings.Builder
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.Reset(uint64(i), 1, 0)
		t, err := tag.Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		r := check.Resolve(env, t).Record
		sb.Reset()
		sb.WriteString(r.String())
		if r.Name != "check" {
			b.Fatal(r)
		}
	}
}

// BenchmarkNativePoolCheck is engine/check's BenchmarkPoolCheck (a 10-die
// gravewatch pool), repeated here so both sides of the ratio are measured
// in one run.
func BenchmarkNativePoolCheck(b *testing.B) {
	data, err := os.ReadFile("../../rulesets/gravewatch/ruleset.json")
	if err != nil {
		b.Skip("gravewatch ruleset not present")
	}
	rs, err := ruleset.Load("gravewatch.json", data, ruleset.Options{})
	if err != nil {
		b.Fatal(err)
	}
	sh, err := sheet.Load("s.json", []byte(`{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`), rs)
	if err != nil {
		b.Fatal(err)
	}
	s := dice.New(1, 0, 0)
	benchCheck(b, &check.Env{RS: rs, Char: sheet.New(rs, sh), Dice: s}, s, `[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`)
}

// BenchmarkPluginPoolCheck is a pooled plugin call resolving a 10-die
// pool (testdata/plugins/bench-pool) through check.Resolve: state from the
// pool, views, the Lua resolve, the result read back and checked, reset.
func BenchmarkPluginPoolCheck(b *testing.B) {
	kinds, resolvers := testPlugins(b, plugin.Options{}, "../../testdata/plugins/bench-pool")
	rs, err := tiny(b, "bench-pool", "", ruleset.Options{Kinds: kinds})
	if err != nil {
		b.Fatal(err)
	}
	sh, err := sheet.Load("s.json", []byte(`{"name": "Ada"}`), rs) // grit 10: 10 dice
	if err != nil {
		b.Fatal(err)
	}
	s := dice.New(1, 0, 0)
	benchCheck(b, &check.Env{RS: rs, Char: sheet.New(rs, sh), Dice: s, Kinds: resolvers}, s, `[skill_check: skill="Climb" dc="2"]`)
}

// BenchmarkReferenceSumCheck is the Lua dice-sum on the 5e ruleset, for
// comparison with engine/check's BenchmarkSumCheck.
func BenchmarkReferenceSumCheck(b *testing.B) {
	set := loadBundled(b)
	kinds, resolvers := kind.FromSet(set)
	data, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		b.Fatal(err)
	}
	rs, err := ruleset.Load("d20-5e.json", withKind(b, data, "reference-sum"), ruleset.Options{Kinds: kinds})
	if err != nil {
		b.Fatal(err)
	}
	sh, err := sheet.LoadFile("../../rulesets/d20-5e/sheets/ada.json", rs)
	if err != nil {
		b.Fatal(err)
	}
	s := dice.New(1, 0, 0)
	benchCheck(b, &check.Env{RS: rs, Char: sheet.New(rs, sh), Dice: s, Kinds: resolvers}, s, `[skill_check: skill="Athletics" dc="15" mode="advantage"]`)
}
