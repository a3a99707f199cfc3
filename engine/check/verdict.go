package check

import "github.com/rulehost/rulehost/engine/ruleset"

// Verdict is what a check's faces decide: the part of the record an
// outcome is read from (outcome=, success=, critical= and the kind's
// flags). Each kind computes it with one function of its faces that both
// the roller (Resolve) and the odds enumerator (Odds) call, so the odds of
// a check and its roll cannot disagree.
type Verdict struct {
	// Band is the index of the outcome band in Res.Outcomes.Tiers, -1
	// when the ruleset has no bands (or nothing was read).
	Band int
	// Known is false when the check had nothing to compare against (no
	// dc= and bands read by margin): the record has no success=.
	Known   bool
	Success bool
	// Crit is the critical= the record writes.
	Crit Critical
	// Complication is a pool's complication="true" (a glitch).
	Complication bool
	// DarkHighest is dice-highest's darkHighest="true".
	DarkHighest bool
	// Triumph and Despair: a symbol pool's critical symbols showed.
	Triumph, Despair bool
	// Automatic is a save failed without a roll.
	Automatic bool
}

// makeVerdict reads a band, or the plain comparison when the ruleset has
// no bands; known is false when the check had nothing to compare against.
// A band's critical flag, or a critical read before the bands, makes the
// verdict critical on the band's side.
func makeVerdict(o *ruleset.Outcomes, band int, success bool, crit Critical, known bool) Verdict {
	if o != nil && band >= 0 {
		t := &o.Tiers[band] // read in place: a tier is too large to copy for two fields
		v := Verdict{Band: band, Known: true, Success: t.Success}
		if t.Critical || crit != NoCritical {
			v.Crit = CriticalFailure
			if t.Success {
				v.Crit = CriticalSuccess
			}
		}
		return v
	}
	if !known {
		return Verdict{Band: -1}
	}
	return Verdict{Band: -1, Known: true, Success: success, Crit: crit}
}

// writeVerdict writes outcome=, success= and critical= (in that order)
// and keeps the verdict on the check for Odds.
func (c *Check) writeVerdict(v Verdict) {
	c.verdict = v
	if v.Band >= 0 {
		c.Rec.Add("outcome", c.Res.Outcomes.Tiers[v.Band].Label)
	}
	if v.Known {
		c.Rec.AddBool("success", v.Success)
	}
	switch v.Crit {
	case CriticalSuccess:
		c.Rec.Add("critical", "success")
	case CriticalFailure:
		c.Rec.Add("critical", "failure")
	}
}

// autoFailVerdict is the verdict of a check failed without a roll: a
// plain failure, not a fumble. It lands in the best failing band read from
// the number that is not critical or, when every failing band is
// critical, the worst band.
func autoFailVerdict(o *ruleset.Outcomes) Verdict {
	if o == nil {
		return Verdict{Band: -1, Known: true}
	}
	band := -1
	for i, t := range o.Tiers {
		if t.On == "" && !t.Success && !t.Critical {
			band = i
			break
		}
	}
	if band < 0 {
		for i := len(o.Tiers) - 1; i >= 0; i-- {
			if o.Tiers[i].On == "" {
				band = i
				break
			}
		}
	}
	return makeVerdict(o, band, false, NoCritical, true)
}

// sumVerdict reads the bands (by margin or total) or the plain comparison
// of a total against a dc; a critical decides success.
func sumVerdict(o *ruleset.Outcomes, total, dc int, haveDC bool, crit Critical, shift int) Verdict {
	success := haveDC && total >= dc
	switch crit {
	case CriticalSuccess:
		success = true
	case CriticalFailure:
		success = false
	}
	if o == nil {
		return makeVerdict(nil, -1, success, crit, haveDC || crit != NoCritical)
	}
	n := total
	if o.By == "margin" {
		if !haveDC && crit == NoCritical {
			return Verdict{Band: -1} // nothing to measure the margin from
		}
		n = total - dc
	}
	return makeVerdict(o, PickBand(o, n, crit, shift), success, crit, true)
}

// bandVerdict is the verdict of a check that always has a number to read:
// the band its total (or, with "by": "margin", its margin) lands in, or
// the plain comparison when the ruleset has no bands.
func bandVerdict(o *ruleset.Outcomes, total, margin int, success bool, crit Critical) Verdict {
	if o == nil {
		return makeVerdict(nil, -1, success, crit, true)
	}
	n := total
	if o.By == "margin" {
		n = margin
	}
	return makeVerdict(o, PickBand(o, n, crit, 0), success, crit, true)
}
