package check

import "github.com/rulehost/rulehost/engine/ruleset"

// oddsDicePool enumerates a dice-pool check: the same setup as
// resolveDicePool, then the counts of every throw (the starting dice, the
// reroll, the explosions, under MaxRerolls and pool.max exactly), each
// handed to the pool's decide. The faces are counted by the roller's own
// faceCounter, one die at a time, so the state after each die is the
// counts so far (plus the explosions still owed, the extra dice thrown and
// the rerolls used); faces that count alike are merged, and so are counts
// that decide alike (poolCheck.reduce). Explosions owed beyond the extra
// dice pool.max still allows are dropped: they change nothing.
func oddsDicePool(c *Check) *verdictDist {
	dp := c.Res.DicePool
	pc, rolls := c.setupPool(dp)
	if !rolls {
		return certain(c.verdict)
	}
	rr, _ := c.pickReroll(dp, pc.buys.reroll, pc.charm)
	e := poolEnum{pc: pc, fc: pc.counter(), sides: dp.Sides, rr: rr, explodeAt: pc.explodeAt, maxExtra: pc.maxExtra()}
	states := newStateTable[poolKey](1)
	states.add(poolKey{}, 1)
	for i := 0; i < pc.n; i++ {
		states = e.startDie(states)
	}
	d := &verdictDist{}
	for states.len() > 0 {
		states = e.extraDie(states, func(cnt poolCount, p float64) { d.add(pc.decide(&cnt), p) })
	}
	return d
}

// poolState is the enumeration's state between dice.
type poolState struct {
	cnt     poolCount
	pending int // explosions owed: extra dice still to throw
	extras  int // extra dice thrown
	throws  int // reroll throws used (tracked for "until" alone)
}

// poolKey is a poolState packed small, as the table's key: every field
// is bounded by a few hundred (MaxPoolDice dice, MaxRerolls throws,
// pool.max extra dice, two successes a die), well within int16.
type poolKey struct {
	gross, cancels, succeeded, low, lowStart, exact int16
	pending, extras, throws                         int16
}

func (s poolState) key() poolKey {
	c := s.cnt
	return poolKey{int16(c.gross), int16(c.cancels), int16(c.diceSucceeded), int16(c.low), int16(c.lowStart), int16(c.exact),
		int16(s.pending), int16(s.extras), int16(s.throws)}
}

func (k poolKey) state() poolState {
	return poolState{
		cnt: poolCount{gross: int(k.gross), cancels: int(k.cancels), diceSucceeded: int(k.succeeded), low: int(k.low),
			lowStart: int(k.lowStart), exact: int(k.exact)},
		pending: int(k.pending), extras: int(k.extras), throws: int(k.throws),
	}
}

type poolEnum struct {
	pc                  *poolCheck
	fc                  faceCounter
	sides               int
	rr                  *ruleset.Reroll
	explodeAt, maxExtra int
	startCache          map[int][]dieOutcome
	extraCache          []dieOutcome
}

// dieOutcome is what one die can do to the state, with its probability:
// faces that count alike are one outcome.
type dieOutcome struct {
	delta   poolCount
	explode bool
	throws  int
	p       float64
}

// faceOutcome is one face's effect, counted by the roller's faceCounter.
func (e *poolEnum) faceOutcome(f int, start bool) dieOutcome {
	var d poolCount
	e.fc.add(&d, f, start)
	return dieOutcome{delta: d, explode: e.explodeAt > 0 && f >= e.explodeAt}
}

// merge adds an outcome to a list, merging it with an equal one.
func merge(list []dieOutcome, o dieOutcome) []dieOutcome {
	for i := range list {
		if list[i].delta == o.delta && list[i].explode == o.explode && list[i].throws == o.throws {
			list[i].p += o.p
			return list
		}
	}
	return append(list, o)
}

// startOutcomes is what a starting die can do with used reroll throws
// already made: its face, or (at or below the reroll's upTo, while
// MaxRerolls allows) the face its reroll leaves, once or until higher
// (see throwPool).
func (e *poolEnum) startOutcomes(used int) []dieOutcome {
	key := 0
	if e.rr != nil && e.rr.Mode == "until" {
		key = used
	}
	if list, ok := e.startCache[key]; ok {
		return list
	}
	s := float64(e.sides)
	var list []dieOutcome
	add := func(f, throws int, p float64) {
		o := e.faceOutcome(f, true)
		o.throws, o.p = throws, p
		list = merge(list, o)
	}
	for f := 1; f <= e.sides; f++ {
		if e.rr == nil || f > e.rr.UpTo || used >= MaxRerolls {
			add(f, 0, 1/s)
			continue
		}
		if e.rr.Mode != "until" {
			// Once: at most one throw per die, never past MaxRerolls
			// (a pool holds at most MaxPoolDice = MaxRerolls dice).
			for g := 1; g <= e.sides; g++ {
				add(g, 0, 1/s/s)
			}
			continue
		}
		// Until: the k-th throw ends the chain when it shows higher,
		// or when it is the last throw MaxRerolls allows.
		budget := MaxRerolls - used
		low := float64(min(e.rr.UpTo, e.sides)) / s
		reach := 1 / s // P(this face, then k-1 low throws)
		for k := 1; k <= budget; k++ {
			for g := 1; g <= e.sides; g++ {
				if g > e.rr.UpTo || k == budget {
					add(g, k, reach/s)
				}
			}
			reach *= low
			if reach == 0 {
				break
			}
		}
	}
	if e.startCache == nil {
		e.startCache = map[int][]dieOutcome{}
	}
	e.startCache[key] = list
	return list
}

// startDie throws the next starting die from every state.
func (e *poolEnum) startDie(states *stateTable[poolKey]) *stateTable[poolKey] {
	next := newStateTable[poolKey](states.len() * 2)
	for i, k := range states.keys {
		st, p := k.state(), states.p[i].value()
		for _, o := range e.startOutcomes(st.throws) {
			ns := st
			ns.cnt = e.pc.reduce(addCounts(st.cnt, o.delta))
			ns.throws += o.throws
			if o.explode && ns.pending < e.maxExtra {
				ns.pending++
			}
			next.add(ns.key(), p*o.p)
		}
	}
	return next
}

// extraDie settles every state that owes no more dice (done), and throws
// one extra die from the others, while pool.max allows.
func (e *poolEnum) extraDie(states *stateTable[poolKey], done func(poolCount, float64)) *stateTable[poolKey] {
	if e.extraCache == nil {
		for f := 1; f <= e.sides; f++ {
			o := e.faceOutcome(f, false)
			o.p = 1 / float64(e.sides)
			e.extraCache = merge(e.extraCache, o)
		}
	}
	next := newStateTable[poolKey](states.len())
	for i, k := range states.keys {
		st, p := k.state(), states.p[i].value()
		if st.pending == 0 || st.extras >= e.maxExtra {
			done(st.cnt, p)
			continue
		}
		for _, o := range e.extraCache {
			ns := st
			ns.cnt = e.pc.reduce(addCounts(st.cnt, o.delta))
			ns.pending--
			ns.extras++
			if o.explode {
				ns.pending++
			}
			ns.pending = min(ns.pending, e.maxExtra-ns.extras)
			next.add(ns.key(), p*o.p)
		}
	}
	return next
}

func addCounts(a, b poolCount) poolCount {
	return poolCount{
		gross:         a.gross + b.gross,
		diceSucceeded: a.diceSucceeded + b.diceSucceeded,
		cancels:       a.cancels + b.cancels,
		low:           a.low + b.low,
		lowStart:      a.lowStart + b.lowStart,
		exact:         a.exact + b.exact,
	}
}
