package battle_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/battle"
	"github.com/rulehost/rulehost/engine/dice"
)

// BenchmarkBridgeMenu: the Gravewatch party's menu (pages, the bound
// bell, a spare ring) as Classic and Tactical battles read it.
func BenchmarkBridgeMenu(b *testing.B) {
	p := grave(b)
	p.Members[1].Bag[0].Bound = true
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if m := battle.Bridge(p); len(m.Options) != 2 {
			b.Fatal(m)
		}
	}
}

// BenchmarkBridgeUseGate: Ada reads a page in a battle: the gate on her
// sheet, the page consumed (a stack that never runs out).
func BenchmarkBridgeUseGate(b *testing.B) {
	p := grave(b)
	p.Members[0].Bag[0].Count = 1 << 30
	d := dice.New(1, 0, 0)
	ada := battle.Unit{Name: "Ada", Member: 0, Player: true}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d.Reset(uint64(i), 0, 0)
		if out := battle.Use(p, ada, "Page of the vigil litany", d); out.Gate == "" {
			b.Fatal(out)
		}
	}
}
