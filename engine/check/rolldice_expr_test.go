package check_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestRollDiceNotations answers the notations users already type, with
// scripted faces, and holds each record to record.Check.
func TestRollDiceNotations(t *testing.T) {
	for _, c := range []struct {
		dice  string
		faces []int
		want  string
	}{
		{"2d6+1", []int{3, 5}, `[roll: dice="2d6+1" rolls="3,5" modifier="1" total="9"]`},
		{"1d8+1d6+2", []int{7, 2}, `[roll: dice="1d8+1d6+2" rolls="7,2" terms="1d8(7)=7;+1d6(2)=2;+2=2" total="11"]`},
		{"4d6kh3", []int{2, 6, 5, 1}, `[roll: dice="4d6kh3" rolls="2,6,5,1" terms="4d6kh3(2,6,5,~1)=13" total="13"]`},
		{"4d6 dl1", []int{4, 4, 2, 4}, `[roll: dice="4d6dl1" rolls="4,4,2,4" terms="4d6dl1(4,4,~2,4)=12" total="12"]`},
		{"2d20kl1", []int{17, 3}, `[roll: dice="2d20kl1" rolls="17,3" terms="2d20kl1(~17,3)=3" total="3"]`},
		{"1d6!", []int{6, 6, 4}, `[roll: dice="1d6!" rolls="6,6,4" terms="1d6!(6,6,4)=16" total="16"]`},
		{"4dF", []int{1, 2, 3, 3}, `[roll: dice="4dF" rolls="-1,0,1,1" terms="4dF(-1,0,1,1)=1" total="1"]`},
		{"d%", []int{42}, `[roll: dice="1d%" rolls="42" terms="1d%(42)=42" total="42"]`},
		{"10d10>=8f1", []int{10, 8, 1, 1, 7, 3, 9, 2, 2, 2}, `[roll: dice="10d10>=8f1" rolls="10,8,1,1,7,3,9,2,2,2" terms="10d10>=8f1(10,8,1,1,7,3,9,2,2,2)=1" total="1"]`},
		{"1d20-1d4", []int{12, 3}, `[roll: dice="1d20-1d4" rolls="12,3" terms="1d20(12)=12;-1d4(3)=-3" total="9"]`},
	} {
		tg, err := tag.Parse(`[roll_dice: dice="` + c.dice + `"]`)
		if err != nil {
			t.Fatal(err)
		}
		r := check.RollDice(nil, tg, dice.Script(c.faces...))
		if got := r.String(); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.dice, got, c.want)
		}
		if err := record.Check(r); err != nil {
			t.Errorf("%s: record.Check: %v", c.dice, err)
		}
	}
}

// TestRollTermsForged refuses roll records whose terms= or total= the
// faces deny.
func TestRollTermsForged(t *testing.T) {
	for _, forged := range []string{
		`[roll: dice="4d6kh3" rolls="2,6,5,1" terms="4d6kh3(2,6,5,~1)=14" total="14"]`,
		`[roll: dice="4d6kh3" rolls="2,6,5,1" terms="4d6kh3(~2,6,5,1)=12" total="12"]`,
		`[roll: dice="4d6kh3" rolls="2,6,5,7" terms="4d6kh3(2,6,5,~7)=13" total="13"]`,
		`[roll: dice="1d8+1d6+2" rolls="7,2" terms="1d8(7)=7;+1d6(2)=2;+3=3" total="12"]`,
		`[roll: dice="1d8+1d6+2" rolls="7,2" terms="1d8(7)=7;+1d6(2)=2" total="9"]`,
		`[roll: dice="1d8+1d6" rolls="7,3" terms="1d8(7)=7;+1d6(2)=2" total="9"]`,
		`[roll: dice="4dF" rolls="-1,0,1,2" terms="4dF(-1,0,1,2)=2" total="2"]`,
		`[roll: dice="1d6!" rolls="6,6,4" terms="1d6!(6,6,4)=16" total="17"]`,
	} {
		tg, err := tag.Parse(forged)
		if err != nil {
			t.Fatal(err)
		}
		r := record.Record{Tag: tg}
		if err := record.Check(r); err == nil {
			t.Errorf("accepted a forged roll: %s", forged)
		}
	}
}

func TestRollDiceBadNotation(t *testing.T) {
	tg, _ := tag.Parse(`[roll_dice: dice="4d6kh7"]`)
	r := check.RollDice(nil, tg, dice.New(1, 0, 0))
	if r.Name != "refused" || r.Value("reason") != "bad-dice" || !strings.Contains(r.Value("note"), "keep or drop 1 to 4") {
		t.Errorf("4d6kh7: %s", r)
	}
}

// BenchmarkRollDicePlain is roll_dice with plain NdS+M from tag text to
// record text; BenchmarkRollDiceExpr the same with keep and explode.
func BenchmarkRollDicePlain(b *testing.B) { benchRollDice(b, "2d6+1") }
func BenchmarkRollDiceExpr(b *testing.B)  { benchRollDice(b, "4d6kh3+1d6!+2") }

func benchRollDice(b *testing.B, notation string) {
	stream := &dice.Seeded{}
	text := `[roll_dice: dice="` + notation + `"]`
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		t, err := tag.Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		stream.Reset(uint64(i), 0, 0)
		_ = check.RollDice(nil, t, stream).String()
	}
}

// TestRollExprRollsAcrossConstants writes rolls= as every face in throw
// order, a constant term between dice terms adding no empty entry.
func TestRollExprRollsAcrossConstants(t *testing.T) {
	tg, err := tag.Parse(`[roll_dice: dice="1d6+2+2d4"]`)
	if err != nil {
		t.Fatal(err)
	}
	r := check.RollDice(nil, tg, dice.Script(5, 3, 1))
	if got := r.Value("rolls"); got != "5,3,1" {
		t.Fatalf("rolls=%q in %s", got, r.String())
	}
	if got := r.Value("terms"); got != "1d6(5)=5;+2=2;+2d4(3,1)=4" {
		t.Fatalf("terms=%q in %s", got, r.String())
	}
}
