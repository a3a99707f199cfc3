package fight

import (
	"fmt"
	"math"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// shotPlan is where an attack's shots come from: the weapon's clip, or
// stacks of the bag in order (each draw a stack index and a count).
type shotPlan struct {
	clip  bool
	n     int
	draws []draw
}

type draw struct {
	stack int
	n     int
}

// planShots finds n shots for member w's arm without taking them: from
// what the clip has loaded, or from the stacks with the ammo's tag that
// the wielder carries, worn or not, the first then the next; from= names
// the stack to draw from first (a step whose stack has gone, or holds
// less than it counted on, is refused).
func (f *fight) planShots(w who, a *arm, n int) (*shotPlan, record.Record, bool) {
	if w.IsFoe() {
		return nil, record.Record{}, true
	}
	m := f.p.Members[w.Member]
	if a.ClipMax > 0 {
		loaded := f.loaded(m, a)
		if loaded < n {
			return nil, record.Refused("fight", NoShots, "op", "attack", "who", m.Name, "weapon", a.Label, "note",
				fmt.Sprintf("%s has %d of %d loaded and an attack needs %d: reload it", a.Label, loaded, a.ClipMax, n)), false
		}
		return &shotPlan{clip: true, n: n}, record.Record{}, true
	}
	return f.planDraws(w.Member, a, n, "attack")
}

// planDraws plans n units of the arm's ammunition from member i's bag.
func (f *fight) planDraws(i int, a *arm, n int, op string) (*shotPlan, record.Record, bool) {
	m := f.p.Members[i]
	order, refusal, ok := f.ammoStacks(i, a, op)
	if !ok {
		return nil, refusal, false
	}
	plan := &shotPlan{n: n}
	left := n
	for _, si := range order {
		if left == 0 {
			break
		}
		k := min(left, m.Bag[si].Count)
		plan.draws = append(plan.draws, draw{stack: si, n: k})
		left -= k
	}
	if left > 0 && op == "attack" {
		return nil, record.Refused("fight", NoShots, "op", op, "who", m.Name, "weapon", a.Label, "note",
			fmt.Sprintf("%s carries %d to shoot from %s and an attack needs %d", m.Name, n-left, a.Label, n)), false
	}
	plan.n = n - left
	return plan, record.Record{}, true
}

// ammoStacks are member i's stacks of the arm's ammunition, in bag
// order, the one from= names first.
func (f *fight) ammoStacks(i int, a *arm, op string) ([]int, record.Record, bool) {
	m := f.p.Members[i]
	var order []int
	for si := range m.Bag {
		if f.isAmmo(&m.Bag[si], a) {
			order = append(order, si)
		}
	}
	from := strings.TrimSpace(f.from)
	if from == "" {
		return order, record.Record{}, true
	}
	for j, si := range order {
		if eqFold(m.Bag[si].Name, from) {
			if f.fromCount > 0 && m.Bag[si].Count < f.fromCount {
				return nil, record.Refused("fight", NotEnough, "op", op, "who", m.Name, "item", from, "note",
					fmt.Sprintf("%s holds %d, fewer than the %d the step counted on", from, m.Bag[si].Count, f.fromCount)), false
			}
			return append([]int{si}, append(order[:j:j], order[j+1:]...)...), record.Record{}, true
		}
	}
	return nil, record.Refused("fight", StackGone, "op", op, "who", m.Name, "item", from, "note",
		from+" is no longer in "+m.Name+"'s bag"), false
}

// isAmmo reports a stack of the arm's ammunition (by its tag).
func (f *fight) isAmmo(s *items.Stack, a *arm) bool {
	if a.Ammo == nil {
		return false
	}
	def := f.p.Def(s)
	return def != nil && containsFold(def.Tags, a.Ammo.Tag)
}

// carried counts member i's units of the arm's ammunition.
func (f *fight) carried(i int, a *arm) int {
	n := 0
	m := f.p.Members[i]
	for si := range m.Bag {
		if f.isAmmo(&m.Bag[si], a) {
			n += m.Bag[si].Count
		}
	}
	return n
}

// loaded is what the arm's clip holds now: the count kept on its stack
// (a stack of several, whose count belongs to no single weapon, reads as
// loaded).
func (f *fight) loaded(m *items.Member, a *arm) int {
	if a.Stack < 0 || a.Stack >= len(m.Bag) {
		return 0
	}
	s := &m.Bag[a.Stack]
	if s.Count > 1 {
		return a.ClipMax
	}
	return max(0, a.ClipMax-s.Shot)
}

// shoot takes the planned shots, writing them to the bag at once: from
// the clip's count, or from the stacks (an emptied stack leaves the
// bag), counting per stack what recover may bring back after a win.
func (f *fight) shoot(w who, a *arm, plan *shotPlan) {
	m := f.p.Members[w.Member]
	if plan.clip {
		m.Bag[a.Stack].Shot = min(a.ClipMax, m.Bag[a.Stack].Shot+plan.n)
		return
	}
	f.take(w.Member, plan, a.Ammo.Recover)
}

// take removes the planned draws from member i's bag (highest index
// first, so the others stay put) and counts recover per stack.
func (f *fight) take(i int, plan *shotPlan, recover float64) {
	m := f.p.Members[i]
	for _, d := range plan.draws {
		s := m.Bag[d.stack]
		if recover > 0 {
			f.countShot(i, s, d.n, recover)
		}
	}
	for k := len(plan.draws) - 1; k >= 0; k-- {
		d := plan.draws[k]
		m.Bag[d.stack].Count -= d.n
	}
	kept := m.Bag[:0]
	for _, s := range m.Bag {
		if s.Count > 0 {
			kept = append(kept, s)
		}
	}
	m.Bag = kept
}

// countShot adds n shots from stack s to what recover may bring back.
func (f *fight) countShot(i int, s items.Stack, n int, recover float64) {
	for k := range f.st.Shots {
		sh := &f.st.Shots[k]
		if sh.Member == i && sh.Item == s.Item && sh.Name == s.Name {
			sh.Count += n
			sh.Back += float64(n) * recover
			return
		}
	}
	f.st.Shots = append(f.st.Shots, Shot{Member: i, Item: s.Item, Name: s.Name, Count: n, Back: float64(n) * recover})
}

// sayShotsLeft says what is left to shoot: `Hunting bow: 2 left to
// shoot.` (the bag's count of its ammunition) or, with a clip,
// `Watch pistol: 0 of 1 loaded.`.
func (f *fight) sayShotsLeft(w who, a *arm) {
	if a.ClipMax > 0 {
		m := f.p.Members[w.Member]
		f.say(fmt.Sprintf("%s: %d of %d loaded.", a.Label, f.loaded(m, a), a.ClipMax))
		return
	}
	f.say(fmt.Sprintf("%s: %d left to shoot.", a.Label, f.carried(w.Member, a)))
}

// reload answers [fight: op="reload" who= weapon=]: spends the clip's
// reload budget and fills it, from the bag when the weapon has ammo (as
// much as the bag still holds) and completely when it has none.
func (f *fight) reload(t tag.Tag) record.Record {
	w, refusal, ok := f.actor(t, "reload", true)
	if !ok {
		return refusal
	}
	a, refusal, ok := f.pickArm(w, t)
	if !ok {
		return refusal
	}
	m := f.p.Members[w.Member]
	if a.ClipMax == 0 {
		return record.Refused("fight", NoClip, "op", "reload", "who", m.Name, "weapon", a.Label, "note", a.Label+" keeps nothing loaded")
	}
	missing := a.ClipMax - f.loaded(m, a)
	if missing == 0 {
		return record.Refused("fight", Full, "op", "reload", "who", m.Name, "weapon", a.Label, "note", fmt.Sprintf("%s is loaded: %d of %d", a.Label, a.ClipMax, a.ClipMax))
	}
	if refusal, ok := f.canSpend(w, a.Reload, "reload"); !ok {
		return refusal
	}
	n := missing
	var plan *shotPlan
	if a.Ammo != nil {
		if plan, refusal, ok = f.planDraws(w.Member, a, missing, "reload"); !ok {
			return refusal
		}
		if plan.n == 0 {
			return record.Refused("fight", NoShots, "op", "reload", "who", m.Name, "weapon", a.Label, "note", m.Name+" carries nothing to load into "+a.Label)
		}
		n = plan.n
	}
	f.spend(w, a.Reload)
	if plan != nil {
		f.take(w.Member, plan, 0) // loaded ammunition is never picked up
		a = f.refind(w.Member, a)
	}
	s := &f.p.Members[w.Member].Bag[a.Stack]
	s.Shot = max(0, s.Shot-n)
	rec := head("reload")
	rec.Add("who", m.Name)
	rec.Add("weapon", a.Label)
	rec.AddInt("count", n)
	rec.Add("loaded", fmt.Sprintf("%d of %d", f.loaded(m, a), a.ClipMax))
	f.say(fmt.Sprintf("%s loads %d into %s: %d of %d loaded.", m.Name, n, a.Label, f.loaded(m, a), a.ClipMax))
	return f.finish(rec)
}

// refind finds the arm again after the bag changed under it (a stack
// before it emptied and left).
func (f *fight) refind(i int, a *arm) *arm {
	for _, b := range f.memberArms(i) {
		if b.Label == a.Label {
			return b
		}
	}
	return a
}

// recoverShots gives back, after a won fight, what recover brings back
// of each stack's shots: summed over the fight and rounded down once per
// stack, to the stack it came from (or a new one where the carry rule
// puts it, when that stack has gone).
func (f *fight) recoverShots() []string {
	var said []string
	for _, sh := range f.st.Shots {
		n := int(math.Floor(sh.Back + 1e-9))
		if n <= 0 {
			continue
		}
		m := f.p.Members[sh.Member]
		back := 0
		for si := range m.Bag {
			s := &m.Bag[si]
			if s.Item == sh.Item && s.Name == sh.Name {
				s.Count += n
				back = n
				break
			}
		}
		if back == 0 {
			def := f.p.Def(&items.Stack{Item: sh.Item})
			if def == nil {
				continue
			}
			where, _ := f.p.PlaceWith(sh.Member, def, n)
			where, _ = f.p.PutPlaced(where, def, sh.Name)
			for _, wh := range where {
				back += wh.Count
			}
		}
		if back > 0 {
			said = append(said, fmt.Sprintf("%s picks up %d of %d %s shot.", m.Name, back, sh.Count, sh.Name))
		}
	}
	f.st.Shots = nil
	return said
}
