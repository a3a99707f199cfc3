package money_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/money"
)

// BenchmarkPayWithChange: 7 pennies from a Gravewatch bag of a crown and
// a few other stacks, change made in shillings and pennies, then the bag
// put back as it was (outside the timer). Issue 13 asks for <= 20 µs.
func BenchmarkPayWithChange(b *testing.B) {
	p := gravewatch(b)
	give(p, 0, "crown", 1)
	amt, err := money.ParseAmount(p.RS.Items, "7 pennies")
	if err != nil {
		b.Fatal(err)
	}
	bag := append(p.Members[0].Bag[:0:0], p.Members[0].Bag...)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := money.Pay(p, 0, amt); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		p.Members[0].Bag = append(p.Members[0].Bag[:0], bag...)
		b.StartTimer()
	}
}

// BenchmarkPayTag is the whole [inventory: action="pay"] answer: parsing
// the amount, the payment and the record.
func BenchmarkPayTag(b *testing.B) {
	p := gravewatch(b)
	give(p, 0, "crown", 1)
	bag := append(p.Members[0].Bag[:0:0], p.Members[0].Bag...)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := answer(b, p, `[inventory: action="pay" amount="3 shillings"]`); r.Name != "inventory" {
			b.Fatal(r)
		}
		b.StopTimer()
		p.Members[0].Bag = append(p.Members[0].Bag[:0], bag...)
		b.StartTimer()
	}
}
