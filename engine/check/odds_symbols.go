package check

import "github.com/rulehost/rulehost/engine/ruleset"

// oddsSymbolPool enumerates a symbol-pool check: the same setup as
// resolveSymbolPool, then every count of symbols the dice can show (faces
// showing the same symbols merged), each handed to symbolDecide. Order
// does not matter to the count, so the state after each die is the
// symbols shown so far, reduced to what decides (symbolReducer).
func oddsSymbolPool(c *Check) *verdictDist {
	if c.failsWithoutRoll("", 0, false) {
		return certain(c.verdict)
	}
	sc := c.setupSymbols()
	sp := sc.sp
	red := newSymbolReducer(sp)
	states := map[[10]int]*acc{{}: {s: 1}}
	thrown := 0
	for _, g := range sc.groups() {
		if g.die < 0 {
			continue
		}
		faces := symbolFaces(sp, g.die)
		for i := 0; i < g.n && thrown < maxSymbolThrow; i++ {
			thrown++
			next := make(map[[10]int]*acc, len(states)*2)
			for st, a := range states {
				p := a.value()
				for _, f := range faces {
					ns := st
					for k := range ns {
						ns[k] += f.delta[k]
					}
					ns = red.reduce(ns)
					b := next[ns]
					if b == nil {
						b = &acc{}
						next[ns] = b
					}
					b.add(p * f.p)
				}
			}
			states = next
		}
	}
	d := &verdictDist{}
	for st, a := range states {
		d.add(symbolDecide(sp, c.Res.Outcomes, &st), a.value())
	}
	return d
}

// symbolFace is what one face adds to the symbols shown, and how likely
// it is (faces showing the same symbols merged).
type symbolFace struct {
	delta [10]int
	p     float64
}

func symbolFaces(sp *ruleset.SymbolPool, die int) []symbolFace {
	faces := sp.Dice[die].Faces
	var out []symbolFace
	w := 1 / float64(len(faces))
next:
	for _, syms := range faces {
		var d [10]int
		for _, s := range syms {
			d[s]++
		}
		for i := range out {
			if out[i].delta == d {
				out[i].p += w
				continue next
			}
		}
		out = append(out, symbolFace{d, w})
	}
	return out
}
