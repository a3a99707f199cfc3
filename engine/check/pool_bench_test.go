package check

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/tag"
)

// BenchmarkPoolCheck is a 10-die exploding, cancelling Gravewatch check
// from tag text to record text: tag.Parse, Resolve and the record's
// String. The ruleset, sheet and Character are reused, and one seeded
// stream is Reset per iteration. Budget: 4 µs per check.
func BenchmarkPoolCheck(b *testing.B) {
	rs := poolBundled(b, "gravewatch")
	// Nerve 5 + Ward 3 + 2 situational dice = 10 dice; tens explode, ones cancel.
	ch := poolInlineChar(b, rs, `{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`)
	const text = `[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`
	s := dice.New(1, 0, 0)
	env := &Env{RS: rs, Char: ch, Dice: s}
	var sb strings.Builder
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.Reset(uint64(i), 1, 0)
		t, err := tag.Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		res := Resolve(env, t)
		sb.Reset()
		res.Record.AppendTo(&sb)
		if sb.Len() == 0 {
			b.Fatal("empty record")
		}
	}
}

// TestPoolBenchShape holds the benchmark to what it claims: 10 starting
// dice, explosions and cancellations possible.
func TestPoolBenchShape(t *testing.T) {
	rs := poolBundled(t, "gravewatch")
	ch := poolInlineChar(t, rs, `{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`)
	res := poolRoll(t, &Env{RS: rs, Char: ch}, `[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`, 10, 1, 7, 2, 3, 4, 5, 6, 8, 9, 4)
	poolExpect(t, res.Record, `dice="10" exploded="1" successes="3" cancelled="1" success="true"`)
}
