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
		cur := map[int]float64{first: 0.01}
		for i := 0; i < againstAbs(tens); i++ {
			next := map[int]*acc{}
			for total, p := range cur {
				for face := 1; face <= 10; face++ {
					t := tensKeep(total, tensRoll(face, units), lower)
					a := next[t]
					if a == nil {
						a = &acc{}
						next[t] = a
					}
					a.add(p / 10)
				}
			}
			cur = make(map[int]float64, len(next))
			for t, a := range next {
				cur[t] = a.value()
			}
		}
		for t, p := range cur {
			out[t].add(p)
		}
	}
	return fromAccs(0, out)
}
