package check_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// The benchmarks below do exactly the rulehost side of `make bench-peers`
// (bench/peers): the parsed tag's storage, a Checker and the output
// buffer are reused, as a server loop would, so they are the ones to profile
// (-cpuprofile, -memprofile) when the peer ratios move.

func benchPeerCheck(b *testing.B, env *check.Env, stream *dice.Seeded, text string) {
	var t tag.Tag
	var out []byte
	var k check.Checker
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := tag.ParseInto(&t, text); err != nil {
			b.Fatal(err)
		}
		stream.Reset(uint64(i), 0, 0)
		r := k.Resolve(env, t)
		if r.Record.Name != "check" {
			b.Fatal(r.Record.String())
		}
		out = r.Record.Append(out[:0])
	}
}

func benchPeerRoll(b *testing.B, notation string) {
	text := `[roll_dice: dice="` + notation + `"]`
	stream := &dice.Seeded{}
	var t tag.Tag
	var out []byte
	var k check.Checker
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := tag.ParseInto(&t, text); err != nil {
			b.Fatal(err)
		}
		stream.Reset(uint64(i), 0, 0)
		r := k.RollDice(nil, t, stream)
		if r.Name != "roll" {
			b.Fatal(r.String())
		}
		out = r.Append(out[:0])
	}
}

// BenchmarkPeer5eAdvantage is the 5e advantage check of bench/peers.
func BenchmarkPeer5eAdvantage(b *testing.B) {
	rs, ch := loadPair(b, "d20-5e", "ada.json")
	stream := &dice.Seeded{}
	benchPeerCheck(b, &check.Env{RS: rs, Char: ch, Dice: stream}, stream,
		`[skill_check: skill="Athletics" dc="15" mode="advantage"]`)
}

// BenchmarkPeerPool10 is the 10-die Gravewatch pool check of bench/peers.
func BenchmarkPeerPool10(b *testing.B) {
	rs, err := ruleset.LoadFile("../../rulesets/gravewatch/ruleset.json", ruleset.Options{})
	if err != nil {
		b.Fatal(err)
	}
	s, err := sheet.Load("ulla.json", []byte(`{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`), rs)
	if err != nil {
		b.Fatal(err)
	}
	stream := &dice.Seeded{}
	benchPeerCheck(b, &check.Env{RS: rs, Char: sheet.New(rs, s), Dice: stream}, stream,
		`[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`)
}

func BenchmarkPeerRoll1d20p4(b *testing.B)    { benchPeerRoll(b, "1d20+4") }
func BenchmarkPeerRoll3d6(b *testing.B)       { benchPeerRoll(b, "3d6") }
func BenchmarkPeerRoll10d10Succ(b *testing.B) { benchPeerRoll(b, "10d10>=8") }
