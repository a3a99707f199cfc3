package money_test

import (
	"errors"
	"testing"

	"github.com/rulehost/rulehost/engine/money"
)

// FuzzParseAmount: any amount= text either parses into an amount that
// prints and reads back the same, or is refused with one of the
// documented reasons; a parsed amount paid from a bag (whose crowns,
// shillings and pennies the fuzzer picks) moves exactly its worth or is
// refused changing nothing. Seeds: testdata/fuzz/FuzzParseAmount.
func FuzzParseAmount(f *testing.F) {
	f.Add("3 shillings", uint16(77))
	f.Add("7 pennies", uint16(1))
	rs := loadFile(f, "../../rulesets/gravewatch/ruleset.json")
	f.Fuzz(func(t *testing.T, s string, bag uint16) {
		a, err := money.ParseAmount(rs.Items, s)
		if err != nil {
			var e *money.Error
			if !errors.As(err, &e) || (e.Reason != money.BadAmount && e.Reason != money.UnknownCoin) || e.Note == "" {
				t.Fatalf("%q: undocumented refusal %v", s, err)
			}
			return
		}
		if a.N < 1 || a.N > money.MaxQuantity || a.Coin == nil || a.Family == nil {
			t.Fatalf("%q: %+v", s, a)
		}
		again, err := money.ParseAmount(rs.Items, a.String())
		if err != nil || again.N != a.N || again.Coin != a.Coin {
			t.Fatalf("%q prints %q, which reads %+v %v", s, a.String(), again, err)
		}
		p := party(rs, "Ada")
		give(p, 0, "crown", int(bag>>10))
		give(p, 0, "shilling", int(bag>>5&31))
		give(p, 0, "penny", int(bag&31))
		before := p.Worth(0, a.Family)
		_, err = money.Pay(p, 0, a)
		after := p.Worth(0, a.Family)
		switch {
		case err != nil && after != before:
			t.Fatalf("refused payment changed the bag: %d -> %d", before, after)
		case err != nil && before >= a.Worth():
			t.Fatalf("bag worth %d refused %d: %v", before, a.Worth(), err)
		case err == nil && before-after != a.Worth():
			t.Fatalf("paid %d from %d, left %d", a.Worth(), before, after)
		}
	})
}
