package check_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/tag"
)

// BenchmarkSimple5eAdvantage is the simple-API row of bench/peers:
// tag.Parse, check.Resolve and String, each record the caller's to keep.
func BenchmarkSimple5eAdvantage(b *testing.B) {
	rs, ch := loadPair(b, "d20-5e", "ada.json")
	stream := &dice.Seeded{}
	env := &check.Env{RS: rs, Char: ch, Dice: stream}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t, err := tag.Parse(`[skill_check: skill="Athletics" dc="15" mode="advantage"]`)
		if err != nil {
			b.Fatal(err)
		}
		stream.Reset(uint64(i), 0, 0)
		r := check.Resolve(env, t).Record
		if r.Name != "check" {
			b.Fatal(r.String())
		}
		_ = r.String()
	}
}
