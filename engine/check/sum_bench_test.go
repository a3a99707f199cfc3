package check_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/tag"
)

// BenchmarkSumCheck is one dice-sum check from tag text to record text:
// the figure issue 2 asks for (≤ 3 µs, ≤ 20 allocations).
func BenchmarkSumCheck(b *testing.B) {
	rs, ch := loadPair(b, "d20-5e", "ada.json")
	stream := &dice.Seeded{}
	env := &check.Env{RS: rs, Char: ch, Dice: stream}
	text := `[skill_check: skill="Athletics" dc="15" mode="advantage"]`
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t, err := tag.Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		stream.Reset(uint64(i), 0, 0)
		r := check.Resolve(env, t)
		_ = r.Record.String()
	}
}
