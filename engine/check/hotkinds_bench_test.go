package check_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/tag"
)

// The Hot benchmarks run every resolution kind's check (and roll_dice by
// notation, expression and symbol name) on the path a server loop takes,
// the one bench/peers measures: the tag parsed into reused storage
// (tag.ParseInto), answered by one check.Checker, printed into one reused
// buffer (Append). The Check and RollDice benchmarks beside them do the
// same work through tag.Parse, check.Resolve and String, which allocate
// for the caller to keep what they return. The dice-sum and dice-pool
// kinds are BenchmarkPeer5eAdvantage and BenchmarkPeerPool10.

func benchHotKind(b *testing.B, dir, sheetFile, text string) {
	rs, ch := loadPair(b, dir, sheetFile)
	stream := &dice.Seeded{}
	benchPeerCheck(b, &check.Env{RS: rs, Char: ch, Dice: stream}, stream, text)
}

func BenchmarkHotHighestCheck(b *testing.B) {
	benchHotKind(b, "blades", "cutter.json", `[skill_check: skill="Skirmish" bonus="+1"]`)
}

func BenchmarkHotHighestDarkCheck(b *testing.B) {
	benchHotKind(b, "trophy-dark", "hunter.json", `[skill_check: skill="Climb" dark="1" bonus="1"]`)
}

func BenchmarkHotAgainstCheck(b *testing.B) {
	benchHotKind(b, "coc7e", "harvey.json", `[skill_check: skill="Spot Hidden" bonus="+1" difficulty="Hard"]`)
}

func BenchmarkHotAgainstGURPSCheck(b *testing.B) {
	benchHotKind(b, "gurps", "dai.json", `[skill_check: skill="Stealth" dc="-2"]`)
}

func BenchmarkHotSymbolCheck(b *testing.B) {
	benchHotKind(b, "genesys", "kira.json", `[skill_check: skill="Ranged" difficulty="Average" bonus="+1"]`)
}

func BenchmarkHotRollDicePlain(b *testing.B) { benchPeerRoll(b, "2d6+1") }
func BenchmarkHotRollDiceExpr(b *testing.B)  { benchPeerRoll(b, "4d6kh3+1d6!+2") }

func BenchmarkHotRollDiceSymbols(b *testing.B) {
	rs, _ := loadPair(b, "genesys", "kira.json")
	stream := &dice.Seeded{}
	var t tag.Tag
	var out []byte
	var k check.Checker
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := tag.ParseInto(&t, `[roll_dice: dice="2 ability 1 proficiency vs 2 difficulty"]`); err != nil {
			b.Fatal(err)
		}
		stream.Reset(uint64(i), 0, 0)
		r := k.RollDice(rs, t, stream)
		if r.Name != "roll" {
			b.Fatal(r.String())
		}
		out = r.Append(out[:0])
	}
}
