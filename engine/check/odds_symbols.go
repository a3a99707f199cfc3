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
	states := newStateTable[[10]int16](1)
	states.add([10]int16{}, 1)
	thrown := 0
	for _, g := range sc.groups() {
		if g.die < 0 {
			continue
		}
		faces := symbolFaces(sp, g.die)
		for i := 0; i < g.n && thrown < maxSymbolThrow; i++ {
			thrown++
			next := newStateTable[[10]int16](states.len() * 2)
			for j, st := range states.keys {
				p := states.p[j].value()
				for _, f := range faces {
					var raw [10]int
					for k := range raw {
						raw[k] = int(st[k]) + f.delta[k]
					}
					next.add(packSymbols(red.reduce(raw)), p*f.p)
				}
			}
			states = next
		}
	}
	d := &verdictDist{}
	for j, st := range states.keys {
		raw := unpackSymbols(st)
		d.add(symbolDecide(sp, c.Res.Outcomes, &raw), states.p[j].value())
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

// packSymbols and unpackSymbols keep a count of symbols small as a
// table key: at most maxSymbolThrow dice of a few symbols each.
func packSymbols(raw [10]int) (k [10]int16) {
	for i, n := range raw {
		k[i] = int16(n)
	}
	return k
}

func unpackSymbols(k [10]int16) (raw [10]int) {
	for i, n := range k {
		raw[i] = int(n)
	}
	return raw
}
