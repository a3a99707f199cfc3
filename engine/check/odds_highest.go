package check

import "sort"

// oddsDiceHighest enumerates a dice-highest check: the same setup as
// resolveDiceHighest, then every throw of the light and the dark dice,
// each handed to the kind's decide.
//
// A group of dice is summarised by what decide can read of it: its
// highest max(keep, 2) faces (the kept dice, or the two fallback dice)
// and how many of its faces reach the critical face, up to the critical
// count. Every throw with the same summary decides alike, and a
// representative throw is rebuilt from it: the top faces, then faces equal
// to the critical face for the rest of the count (no higher than the top
// faces, so neither the kept sum nor the highest face moves).
func oddsDiceHighest(c *Check) *verdictDist {
	dh := c.Res.DiceHighest
	hc, rolls := c.setupHighest(dh)
	if !rolls {
		return certain(c.verdict)
	}
	dc, haveDC, _ := hc.highestDifficulty()
	if hc.unrolled && hc.dark == 0 {
		return certain(hc.decide(nil, 0, dc, haveDC))
	}
	g := highestGroup{sides: dh.Sides, top: max(dh.Keep, 2)}
	if cr := dh.Critical; cr != nil && !hc.zero {
		g.critFace, g.critCount = cr.Face, cr.Count
	}
	light := g.throw(hc.thrownLight)
	dark := g.throw(hc.dark)
	d := &verdictDist{}
	faces := make([]int, 0, 2*(g.top+g.critCount))
	for _, l := range light {
		for _, k := range dark {
			faces = g.rebuild(faces[:0], l.sum)
			n := len(faces)
			faces = g.rebuild(faces, k.sum)
			d.add(hc.decide(faces, n, dc, haveDC), l.p*k.p)
		}
	}
	return d
}

// highestGroup enumerates summaries of a group of dice.
type highestGroup struct {
	sides, top          int
	critFace, critCount int // 0: no critical to count
}

// highestSum is a group's summary: its top faces, highest first, and its
// faces at or above the critical face (at most critCount).
type highestSum struct {
	top  [MaxHighestTop]int
	n    int
	crit int
}

// MaxHighestTop bounds the top faces a summary keeps (keep is 1..3).
const MaxHighestTop = 3

type highestWeighted struct {
	sum highestSum
	p   float64
}

// throw is the distribution of the summaries of n dice.
func (g highestGroup) throw(n int) []highestWeighted {
	states := newStateTable[highestSum](1)
	states.add(highestSum{}, 1)
	w := 1 / float64(g.sides)
	for i := 0; i < n; i++ {
		next := newStateTable[highestSum](states.len() * 2)
		for j, st := range states.keys {
			p := states.p[j].value()
			for f := 1; f <= g.sides; f++ {
				next.add(g.add(st, f), p*w)
			}
		}
		states = next
	}
	out := make([]highestWeighted, 0, states.len())
	for j, st := range states.keys {
		out = append(out, highestWeighted{st, states.p[j].value()})
	}
	sort.Slice(out, func(i, j int) bool { return lessSum(out[i].sum, out[j].sum) })
	return out
}

func lessSum(a, b highestSum) bool {
	if a.n != b.n {
		return a.n < b.n
	}
	for i := 0; i < a.n; i++ {
		if a.top[i] != b.top[i] {
			return a.top[i] > b.top[i]
		}
	}
	return a.crit < b.crit
}

// add adds a face to a summary.
func (g highestGroup) add(s highestSum, f int) highestSum {
	if g.critCount > 0 && f >= g.critFace && s.crit < g.critCount {
		s.crit++
	}
	i := s.n
	if s.n < g.top {
		s.n++
	} else if f <= s.top[g.top-1] {
		return s
	} else {
		i = g.top - 1
	}
	for i > 0 && s.top[i-1] < f {
		s.top[i] = s.top[i-1]
		i--
	}
	s.top[i] = f
	return s
}

// rebuild appends a representative throw of a summary to faces.
func (g highestGroup) rebuild(faces []int, s highestSum) []int {
	faces = append(faces, s.top[:s.n]...)
	shown := 0
	for _, f := range s.top[:s.n] {
		if g.critCount > 0 && f >= g.critFace {
			shown++
		}
	}
	for ; shown < s.crit; shown++ {
		faces = append(faces, g.critFace)
	}
	return faces
}
