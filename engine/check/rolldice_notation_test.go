package check_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestRollDiceEveryNotationTerm: a roll_dice record of every notation
// term holds the record's invariants (terms= re-read from its faces by
// the dice package, total= its arithmetic) on many seeds, and dice= is
// the canonical form, which reads back as the same roll.
func TestRollDiceEveryNotationTerm(t *testing.T) {
	for _, text := range []string{
		"2d6!>4", "2d6!>4>3", "2d6>3!", "5d10x", "2d6xo", "1d6!!", "3d6!!kh1", "1d6!p", "1d20r", "1d20rr<3",
		"2d20ra20", "4d6min2", "4d6ma5", "2d20k", "4d6d", "4d6pl1", "4d6p<3", "10d10cs>=8", "6d6cf<2",
		"10d10>=8f1", "4dF", "d%", "-1d20", "+1", "(1d6+2)*3", "(1d20+4)/2", "1d6*(2d4-1)", "10-(2-1d4)",
	} {
		tg, err := tag.Parse(`[roll_dice: dice="` + text + `"]`)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed < 40; seed++ {
			rec := check.RollDice(nil, tg, dice.New(seed, 1, 0))
			if rec.Tag.NameIs("refused") {
				t.Fatalf("%s refused: %s", text, rec)
			}
			if err := record.Check(rec); err != nil {
				t.Fatalf("%s seed %d: %v\n%s", text, seed, err, rec)
			}
			e, err := dice.ParseExpr(rec.Value("dice"))
			if err != nil || e.String() != rec.Value("dice") {
				t.Fatalf("%s: dice=%q is not canonical (%v)", text, rec.Value("dice"), err)
			}
		}
	}
	// A record whose terms= claims a value its faces deny is caught.
	bad, _ := record.Parse(`[roll: dice="2d6!>4" rolls="5,3,6,2" terms="2d6!>4(5,3,6,2)=2" total="2"]`)
	if err := record.Check(bad); err == nil || !strings.Contains(err.Error(), "its faces read") {
		t.Errorf("a counting reading of 2d6!>4 passed: %v", err)
	}
}
