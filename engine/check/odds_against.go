package check

// oddsRollAgainst enumerates a roll-against check: the same setup as
// resolveRollAgainst, then every total (the dice's sum, or a d100 with
// its tens dice), each handed to againstDecide.
func oddsRollAgainst(c *Check) *verdictDist {
	ra := c.Res.RollAgainst
	if c.failsWithoutRoll("", 0, false) {
		return certain(c.verdict)
	}
	target, _, tens := c.againstSetup(ra)
	var totals intDist
	if tens != 0 {
		totals = tensDist(tens, ra.Against == "at-most")
	} else {
		totals = uniformDist(ra.Sides, nil).times(ra.Count)
	}
	d := &verdictDist{}
	for i, p := range totals.p {
		if p != 0 {
			d.add(againstDecide(ra, c.Res.Outcomes, totals.lo+i, target), p)
		}
	}
	return d
}

// tensDist is the distribution of a d100 read with tens bonus (or
// penalty) dice, as throwTens reads it: per d100 face, each tens die keeps
// the units and the better (or worse) roll is kept.
func tensDist(tens int, atMost bool) intDist {
	lower := (tens > 0) == atMost
	out := make([]acc, 101)
	for first := 1; first <= 100; first++ {
		units := first % 10
		cur := newStateTable[int](1)
		cur.add(first, 0.01)
		for i := 0; i < againstAbs(tens); i++ {
			next := newStateTable[int](cur.len() * 2)
			for j, total := range cur.keys {
				p := cur.p[j].value()
				for face := 1; face <= 10; face++ {
					next.add(tensKeep(total, tensRoll(face, units), lower), p/10)
				}
			}
			cur = next
		}
		for j, t := range cur.keys {
			out[t].add(cur.p[j].value())
		}
	}
	return fromAccs(0, out)
}
