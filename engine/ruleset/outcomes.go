package ruleset

import (
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Outcomes is resolution.outcomes: named bands, best first.
type Outcomes struct {
	By       string // margin (default), total, fraction
	Naturals string // "" or "shift"
	Tiers    []OutcomeTier
}

// OutcomeTier is one band.
type OutcomeTier struct {
	ID       string
	Label    string
	AtLeast  *int
	Success  bool
	Critical bool
	On       string // "", critical-success, critical-failure
	Text     string
}

// Band returns the index of the band a critical of this kind lands in, or -1.
func (o *Outcomes) Band(on string) int {
	for i, t := range o.Tiers {
		if t.On == on {
			return i
		}
	}
	return -1
}

// OutcomeRules are what a kind allows in its outcomes block.
type OutcomeRules struct {
	By []string // allowed "by" values; the first is the default
	// SingleDie reports whether the kind's dice allow naturals: "shift".
	SingleDie bool
	// NaturalsNone reports that resolution.naturals is absent or "none".
	NaturalsNone bool
	// ShiftAllowed is false for kinds with no natural faces at all.
	ShiftAllowed bool
}

// Outcomes validates resolution.outcomes with the kind's rules.
func (v *Validator) Outcomes(o validate.Obj, rules OutcomeRules) *Outcomes {
	oo, ok := o.Object("outcomes")
	if !ok {
		return nil
	}
	oo.Known(vocab.Keys("resolution.outcomes")...)
	out := &Outcomes{}
	out.By, _ = oo.Enum("by", rules.By[0], rules.By...)
	out.Naturals = outcomesNaturals(oo, rules)
	if !oo.Require("tiers") {
		return out
	}
	arr, _ := oo.Arr("tiers", 2, 8)
	b := bandReader{out: out, unreadable: map[int]bool{}, onSeen: map[string]bool{}}
	ids := validate.IDs(v.P, oo.Ptr("tiers"), arr)
	var numeric []int // indexes of number-read bands
	for i, raw := range arr {
		t, ok := validate.AsObj(v.P, oo.Ptr("tiers", i), raw)
		if !ok || ids[i] == "" {
			continue
		}
		if b.band(t, ids[i]) {
			numeric = append(numeric, len(out.Tiers)-1)
		}
	}
	if len(out.Tiers) < len(arr) {
		return out // the bands' order cannot be judged with bands missing
	}
	v.bandOrder(oo, &b, numeric)
	return out
}

// outcomesNaturals reads naturals: "shift" moves a single die's natural
// faces one band, in place of resolution.naturals, on kinds that have
// natural faces.
func outcomesNaturals(oo validate.Obj, rules OutcomeRules) string {
	nat, ok := oo.Enum("naturals", "", "shift")
	if !ok {
		return ""
	}
	switch {
	case !rules.ShiftAllowed:
		oo.Addf("naturals", `"shift" reads a single die's natural faces; this kind has none`)
	case !rules.SingleDie:
		oo.Addf("naturals", `"shift" requires a single die (dice.count 1)`)
	case !rules.NaturalsNone:
		oo.Addf("naturals", `"shift" replaces resolution.naturals: set resolution.naturals to "none" (or leave it out)`)
	}
	return nat
}

// bandReader collects the bands of outcomes.tiers, and what the order
// checks need about them, as it reads them.
type bandReader struct {
	out *Outcomes
	// unreadable marks bands whose atLeast was written but could not be
	// read: already reported, so the order checks skip them rather than
	// claim the key is missing.
	unreadable             map[int]bool
	onSeen                 map[string]bool
	anySuccess, anyFailure bool
}

// band reads one band: a critical's band ("on") or one read from the
// number (atLeast). It reports whether the band is read from the number.
func (b *bandReader) band(t validate.Obj, id string) (numeric bool) {
	t.Known(vocab.Keys("resolution.outcomes.tiers")...)
	tier := OutcomeTier{ID: id}
	if t.Require("label") {
		tier.Label, _ = t.Str("label", 80, true)
	}
	tier.Text, _ = t.Str("text", 200, false)
	tier.Success, _ = t.Bool("success", false)
	tier.Critical, _ = t.Bool("critical", false)
	var onOK bool
	tier.On, onOK = t.Enum("on", "", "critical-success", "critical-failure")
	switch {
	case t.Has("on") && !onOK:
		// Meant as a critical's band but unreadable (reported): not read from the number either.
	case tier.On != "":
		b.criticalBand(t, &tier)
	default:
		b.numberBand(t, &tier)
		numeric = true
	}
	b.out.Tiers = append(b.out.Tiers, tier)
	return numeric
}

// criticalBand checks a band with "on": one of each, no atLeast, and a
// success exactly when it is the critical success's band.
func (b *bandReader) criticalBand(t validate.Obj, tier *OutcomeTier) {
	if b.onSeen[tier.On] {
		t.Addf("on", "there is already a %q band; at most one of each", tier.On)
	}
	b.onSeen[tier.On] = true
	if t.Has("atLeast") {
		t.Addf("atLeast", "a band with \"on\" has no atLeast: only a %s lands there", tier.On)
	}
	wantSuccess := tier.On == "critical-success"
	if t.Has("success") && tier.Success != wantSuccess {
		t.Addf("success", "a %s band is %s; set success to %v or leave it out", tier.On, map[bool]string{true: "a success", false: "not a success"}[wantSuccess], wantSuccess)
	}
	tier.Success = wantSuccess
	tier.Critical = true
}

// numberBand reads a band's atLeast and notes whether it succeeds.
func (b *bandReader) numberBand(t validate.Obj, tier *OutcomeTier) {
	if n, ok := t.Int("atLeast", -100000, 100000, 0); ok {
		tier.AtLeast = &n
	} else if t.Has("atLeast") {
		b.unreadable[len(b.out.Tiers)] = true
	}
	// The bands read from the number follow the rules among themselves
	// (spec: "the other bands, the ones read from the number, follow the
	// rules above among themselves"), so a success and a failure must be
	// reachable without a critical.
	if tier.Success {
		b.anySuccess = true
	} else {
		b.anyFailure = true
	}
}

// bandOrder checks the bands read from the number: best first, each
// atLeast lower than the one before, the last without atLeast, and at
// least one success and one failure among them.
func (v *Validator) bandOrder(oo validate.Obj, b *bandReader, numeric []int) {
	tiers := b.out.Tiers
	for j, idx := range numeric {
		t := tiers[idx]
		at := oo.Ptr("tiers", idx)
		last := j == len(numeric)-1
		switch {
		case last && t.AtLeast != nil:
			v.P.Addf(validate.Ptr(at, "atLeast"), "the last band read from the number has no atLeast: it catches everything below the band above it")
		case b.unreadable[idx]:
		case !last && t.AtLeast == nil:
			v.P.Addf(at, "band %q needs atLeast (only the last band read from the number leaves it out)", t.ID)
		case j > 0 && t.AtLeast != nil:
			prev := tiers[numeric[j-1]]
			if prev.AtLeast != nil && *t.AtLeast >= *prev.AtLeast {
				v.P.Addf(validate.Ptr(at, "atLeast"), "%d is not below the previous band's %d; bands go best first, each atLeast lower than the one before", *t.AtLeast, *prev.AtLeast)
			}
		}
	}
	if len(numeric) == 0 {
		v.P.Addf(oo.Ptr("tiers"), "at least one band must be read from the number (without \"on\")")
	}
	if !b.anySuccess {
		v.P.Addf(oo.Ptr("tiers"), `at least one band read from the number (without "on") must succeed ("success": true)`)
	}
	if !b.anyFailure {
		v.P.Addf(oo.Ptr("tiers"), "at least one band read from the number (without \"on\") must fail (a band without \"success\": true)")
	}
}
