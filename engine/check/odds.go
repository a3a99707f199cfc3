package check

import (
	"errors"
	"math"
	"sort"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// Weighted is one verdict of a check and its probability.
type Weighted struct {
	Verdict Verdict
	P       float64
}

// Distribution is the probability of every verdict of one check.
type Distribution struct {
	// Res is the resolution the check used (an override's, when one
	// applies): its outcome bands name the verdicts' bands.
	Res *ruleset.Resolution
	// Verdicts are the possible verdicts with their probabilities, in a
	// stable order (see sortVerdicts); they sum to 1 within ErrorBound.
	Verdicts []Weighted
	// Head is the record the check's setup wrote before any die was
	// thrown (who, skill, dice=, target=, ...): what the odds are of.
	Head record.Record
	// Report is how a plugin kind found its odds (zero for native kinds
	// and a plain OddsResolver).
	Report OddsReport
}

// ErrorBound is the most any probability Odds returns may differ from the
// exact rational (see docs/odds.md): every probability is a sum of
// products of at most a few hundred face probabilities, each product and
// face rounded once, the sums compensated (Neumaier), which bounds the
// relative error by about 4·D·2⁻⁵³ for D draws in a path; D is at most
// 100 starting dice + 100 rerolls + 100 extra dice.
const ErrorBound = 1e-12

// ErrNoOdds means the check's kind computes no exact odds (a plugin kind
// without an odds function): estimate them by sampling Resolve.
var ErrNoOdds = errors.New("the kind gives no exact odds")

// OddsResolver is a (plugin) resolution kind that also computes the exact
// probability of each verdict of a check. c is prepared as for Resolve.
type OddsResolver interface {
	Odds(c *Check) ([]Weighted, error)
}

// OddsReport says how a plugin kind found its odds.
type OddsReport struct {
	// Method is "plugin" (its odds function) or "enumerated" (the host
	// walked its draws).
	Method string
	// Neglected is the probability an enumeration left out (paths cut).
	Neglected float64
	// Leaves is how many replays an enumeration took.
	Leaves int
}

// ReportingOddsResolver is an OddsResolver that also says how it found
// the odds; Odds prefers it.
type ReportingOddsResolver interface {
	OddsReport(c *Check) ([]Weighted, OddsReport, error)
}

// nativeOdds enumerates each native kind's faces. Each calls its kind's
// own setup and decide functions, the ones its roller calls.
var nativeOdds = map[string]func(c *Check) *verdictDist{
	"dice-sum":     oddsDiceSum,
	"dice-pool":    oddsDicePool,
	"dice-highest": oddsDiceHighest,
	"roll-against": oddsRollAgainst,
	"symbol-pool":  oddsSymbolPool,
}

// Odds answers a skill_check tag with the probability of every verdict,
// reading the tag, the sheet, the effects (env.Effects), overrides,
// ladders, spends and charms exactly as Resolve does: it runs the same
// setup, and where Resolve would throw the dice it enumerates their faces
// and hands each throw to the same decide function the roller calls.
// env.Dice is not read. A refused tag returns the refusal Resolve would
// give, with refused true; a plugin kind without exact odds returns
// ErrNoOdds. Nothing is paid: Debits are discarded.
func Odds(env *Env, t tag.Tag) (d Distribution, refusal record.Record, refused bool, err error) {
	e := *env
	e.Dice = noDraw{}
	c, refusal, ok := prepare(&e, t)
	if !ok {
		return Distribution{}, refusal, true, nil
	}
	var vd *verdictDist
	var report OddsReport
	if f, native := nativeOdds[c.Res.Kind]; native {
		if vd = f(c); vd == nil {
			return Distribution{}, record.Record{}, false, ErrNoOdds
		}
	} else {
		r, has := env.Kinds[c.Res.Kind]
		if !has {
			return Distribution{}, record.Refused("skill_check", "unknown-kind", "kind", c.Res.Kind), true, nil
		}
		var ws []Weighted
		var err error
		if rr, reports := r.(ReportingOddsResolver); reports {
			ws, report, err = rr.OddsReport(c)
		} else if or, can := r.(OddsResolver); can {
			ws, err = or.Odds(c)
		} else {
			return Distribution{}, record.Record{}, false, ErrNoOdds
		}
		if err != nil {
			return Distribution{}, record.Record{}, false, err
		}
		vd = &verdictDist{}
		for _, w := range ws {
			vd.add(w.Verdict, w.P)
		}
	}
	c.finish()
	if c.Rec.Name != "check" {
		return Distribution{}, c.Rec, true, nil
	}
	return Distribution{Res: c.Res, Verdicts: vd.sorted(), Head: c.Rec, Report: report}, record.Record{}, false, nil
}

// noDraw is the stream a check's setup sees in Odds: setup draws nothing,
// so a draw is a bug in the kind, not a roll.
type noDraw struct{}

func (noDraw) Roll(int) int { panic("check: a kind drew a die during its setup") }

// acc is a compensated (Neumaier) sum: adding n terms loses at most about
// two roundings, whatever n is.
type acc struct{ s, c float64 }

func (a *acc) add(x float64) {
	t := a.s + x
	if math.Abs(a.s) >= math.Abs(x) {
		a.c += (a.s - t) + x
	} else {
		a.c += (x - t) + a.s
	}
	a.s = t
}

func (a acc) value() float64 { return a.s + a.c }

// verdictDist sums probabilities per verdict. A check has a handful of
// distinct verdicts, so a short list searched from the last one added
// beats a map on Odds' hot path.
type verdictDist struct {
	items []verdictAcc
	last  int
}

type verdictAcc struct {
	v Verdict
	a acc
}

func (d *verdictDist) add(v Verdict, p float64) {
	if p == 0 {
		return
	}
	if d.last < len(d.items) && d.items[d.last].v == v {
		d.items[d.last].a.add(p)
		return
	}
	for i := range d.items {
		if d.items[i].v == v {
			d.items[i].a.add(p)
			d.last = i
			return
		}
	}
	d.last = len(d.items)
	d.items = append(d.items, verdictAcc{v: v, a: acc{s: p}})
}

// stateTable sums probabilities per state of an enumeration, in the
// order states first appear: iterating it is deterministic (a map's order
// is not, and compensated sums taken in another order may differ in the
// last bit), and adding to it allocates nothing per state.
type stateTable[K comparable] struct {
	idx  map[K]int32
	keys []K
	p    []acc
}

func newStateTable[K comparable](n int) *stateTable[K] {
	return &stateTable[K]{idx: make(map[K]int32, n), keys: make([]K, 0, n), p: make([]acc, 0, n)}
}

func (t *stateTable[K]) add(k K, p float64) {
	if i, ok := t.idx[k]; ok {
		t.p[i].add(p)
		return
	}
	t.idx[k] = int32(len(t.keys))
	t.keys = append(t.keys, k)
	t.p = append(t.p, acc{s: p})
}

func (t *stateTable[K]) len() int { return len(t.keys) }

// certain is the distribution of a check decided without a roll.
func certain(v Verdict) *verdictDist {
	return &verdictDist{items: []verdictAcc{{v: v, a: acc{s: 1}}}}
}

// sorted lists the verdicts best band first (then success before failure,
// criticals and flags in a fixed order), so output is stable.
func (d *verdictDist) sorted() []Weighted {
	out := make([]Weighted, 0, len(d.items))
	for _, it := range d.items {
		out = append(out, Weighted{Verdict: it.v, P: it.a.value()})
	}
	sort.Slice(out, func(i, j int) bool { return verdictLess(out[i].Verdict, out[j].Verdict) })
	return out
}

func verdictLess(a, b Verdict) bool {
	if a.Band != b.Band {
		return a.Band < b.Band
	}
	ka, kb := verdictRank(a), verdictRank(b)
	for i := range ka {
		if ka[i] != kb[i] {
			return ka[i] < kb[i]
		}
	}
	return false
}

func verdictRank(v Verdict) [7]int {
	b := func(x bool) int {
		if x {
			return 1
		}
		return 0
	}
	crit := map[Critical]int{CriticalSuccess: 0, NoCritical: 1, CriticalFailure: 2}[v.Crit]
	return [7]int{b(!v.Known), b(!v.Success), crit, b(v.Complication), b(v.DarkHighest), b(v.Triumph) - b(v.Despair), b(v.Automatic)}
}

// intDist is a distribution over the integers lo, lo+1, ...
type intDist struct {
	lo int
	p  []float64
}

// uniformDist is one die whose faces read values (faces 1..sides when
// values is nil), each with probability 1/sides.
func uniformDist(sides int, values []int) intDist {
	if values == nil {
		d := intDist{lo: 1, p: make([]float64, sides)}
		for i := range d.p {
			d.p[i] = 1 / float64(sides)
		}
		return d
	}
	lo, hi := values[0], values[0]
	for _, v := range values {
		lo, hi = min(lo, v), max(hi, v)
	}
	a := make([]acc, hi-lo+1)
	for _, v := range values {
		a[v-lo].add(1 / float64(len(values)))
	}
	return fromAccs(lo, a)
}

func fromAccs(lo int, a []acc) intDist {
	d := intDist{lo: lo, p: make([]float64, len(a))}
	for i := range a {
		d.p[i] = a[i].value()
	}
	return d
}

// point is the distribution of a certain n.
func point(n int) intDist { return intDist{lo: n, p: []float64{1}} }

// plus is the distribution of the sum of two independent numbers; minus
// subtracts the second.
func (d intDist) plus(e intDist) intDist {
	a := make([]acc, len(d.p)+len(e.p)-1)
	for i, p := range d.p {
		if p == 0 {
			continue
		}
		for j, q := range e.p {
			a[i+j].add(p * q)
		}
	}
	return fromAccs(d.lo+e.lo, a)
}

func (d intDist) negate() intDist {
	n := intDist{lo: -(d.lo + len(d.p) - 1), p: make([]float64, len(d.p))}
	for i, p := range d.p {
		n.p[len(d.p)-1-i] = p
	}
	return n
}

// times is the sum of n independent copies.
func (d intDist) times(n int) intDist {
	out := point(0)
	for i := 0; i < n; i++ {
		out = out.plus(d)
	}
	return out
}
