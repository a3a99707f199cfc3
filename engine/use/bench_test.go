package use_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/use"
)

// BenchmarkUseWithGate: Ada reads a page of the vigil litany (a gate
// rolled as a Ward pool check, then the page consumed) on a party
// with a stack large enough never to run out. Budget: 20 µs a use.
func BenchmarkUseWithGate(b *testing.B) {
	g := grave(b, 1)
	p := g.State().Party.Clone()
	p.Members[0].Bag[0].Count = 1 << 30
	tg := mustTag(b, `[inventory: action="use" item="Page of the vigil litany" who="Ada"]`)
	d := dice.New(1, 0, 0)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d.Reset(uint64(i), 0, 0)
		if r := use.Answer(p, tg, items.Turn{Dice: d}); r.Value("gate") == "" {
			b.Fatal(r)
		}
	}
}
