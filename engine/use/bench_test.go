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

// BenchmarkFightUseGate: Ada reads a page in a fight: the gate rolled on
// her sheet as the fight began, Warded imposed through the board, the
// page consumed and the log's lines written.
func BenchmarkFightUseGate(b *testing.B) {
	p := graveFight(b)
	p.Members[0].Bag[0].Count = 1 << 30
	st := use.Begin(p)
	d := dice.New(1, 0, 0)
	bd := newBoard(p)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d.Reset(uint64(i), 0, 0)
		p.Members[0].Conditions = nil
		bd.calls = bd.calls[:0]
		if r := use.InFight(use.Request{Party: p, User: 0, Item: "Page of the vigil litany", Board: bd, Dice: d, Start: st}); r.Gate == "" {
			b.Fatal(r)
		}
	}
}

// BenchmarkFightUseBell: Maud rings the dawn bell at a creature: the save
// and the condition through the board, one charge spent (refilled so it
// never runs out).
func BenchmarkFightUseBell(b *testing.B) {
	p := graveFight(b)
	p.Members[1].Bag[0].Bound = true
	d := dice.New(1, 0, 0)
	bd := newBoard(p)
	targets := []use.Target{wight}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d.Reset(uint64(i), 0, 0)
		p.Members[1].Bag[0].Spent = 0
		bd.calls = bd.calls[:0]
		if r := use.InFight(use.Request{Party: p, User: 1, Item: "Dawn bell", Targets: targets, Board: bd, Dice: d}); r.Refused != nil {
			b.Fatal(r.Refused)
		}
	}
}

// BenchmarkFightOffered: the menu's Items for Ada and Maud.
func BenchmarkFightOffered(b *testing.B) {
	p := graveFight(b)
	p.Members[1].Bag[0].Bound = true
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(use.Offered(p, 0))+len(use.Offered(p, 1)) != 3 {
			b.Fatal("offers")
		}
	}
}
