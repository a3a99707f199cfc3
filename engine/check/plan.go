package check

import (
	"sync/atomic"
	"unsafe"
	"weak"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Plan is what the checks of one character under one ruleset read that
// does not depend on the tag, worked out once and reused check after
// check (issue 21: a check from tag text to record in under a
// microsecond). For every skill, save and ability it holds a Planned: the
// target (id, label, the ability it rolls with), the resolution that
// applies (the ruleset's, or the override the character meets), the
// kind's resolver, the attributes the kind reads, and the sheet number
// (the chain skill -> ability -> modifier, plus the tier's bonus, the
// skill's own bonus and the resolution's adjustments). It also finds a
// target by the name the tag gives without folding every name each time.
//
// A target is planned the first time a check rolls it, so a plan costs
// nothing for the skills nobody rolls; each is then read-only, and a plan
// may be shared between goroutines.
//
// What a plan reads it reads from one Character, and a Character is a
// snapshot: the session and the items package build a new one whenever
// play changes what it reads (bags, live pools, conditions). A plan is
// therefore kept for exactly the Character it was built from, and the
// identity of what that Character reads (key): Env.plan finds a stale
// plan by comparing keys, so nobody has to remember to invalidate one.
// What the tag changes (with=, dc=, mode=, bonus=) and what effects add
// are read on every check.
type Plan struct {
	key   planKey
	lists [3]planList // by targetType
}

// planKey is what a plan was built from: the ruleset, the character and
// the identity of the sheet and the maps the character reads (a host
// that swaps a Character's live pools for new ones gets a new plan).
// The maps are held by pointer, not by address as a number: a plan keeps
// the maps it was built from alive, so a new map can never be given the
// storage of the one a plan remembers and pass for it.
//
// A plan of a plain character (sheet.Character.Plain: what sheet.New
// makes) is keyed by what such a character reads, its ruleset and its
// sheet, and not by the Character itself (ch is nil, plain is set): any
// plain character of them reads the same numbers, so a host that makes a
// new one for every request (the HTTP service) shares one plan
// (sharedPlan).
type planKey struct {
	rs             *ruleset.Ruleset
	ch             *sheet.Character
	plain          bool
	chRS           *ruleset.Ruleset // the plain character's own ruleset
	sheet          *sheet.Sheet
	scores, pools  unsafe.Pointer
	hasItemsReader bool
}

func keyOf(rs *ruleset.Ruleset, ch *sheet.Character) planKey {
	k := planKey{rs: rs, ch: ch}
	if ch != nil && ch.Plain() && ch.Sheet != nil {
		return planKey{rs: rs, plain: true, chRS: ch.RS, sheet: ch.Sheet}
	}
	if ch != nil {
		k.sheet = ch.Sheet
		k.scores = mapIdentity(ch.Scores)
		k.pools = mapIdentity(ch.Pools)
		k.hasItemsReader = ch.Items != nil
	}
	return k
}

// mapIdentity is a map's storage, nil for a nil map: a new map (the
// items package clones the pools before changing them) is a new key.
//
// A map value is one pointer to the runtime's map (what
// reflect.Value.Pointer returns for it, and what == on two maps would
// compare if Go allowed it); it is read here directly because the
// reflect call, made twice on every check to know that the plan still
// holds, was about sixty instructions of a check of a thousand.
// TestMapIdentity holds it to reflect's answer.
func mapIdentity(m map[string]int) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&m))
}

// The target types a plan knows, in the order of Plan.lists.
const (
	targetSkill = iota
	targetSave
	targetAbility
)

// planList is one type's targets: the names they are found by and each
// one's Planned (nil until first rolled).
type planList struct {
	// names are every id and label in lower case, in the order findSkill
	// and findAbility read them (each target's id, then its label).
	names []planName
	// ascii is set when every name is ASCII: then an ASCII name from the
	// tag matches exactly the names of its length under ASCII case
	// folding, which is what strings.EqualFold decides. Otherwise (or for
	// a name with other runes) the plan asks findSkill / findAbility.
	ascii   bool
	planned []atomic.Pointer[Planned]
}

type planName struct {
	lower string // the name with ASCII letters in lower case
	index int
}

// Planned is one target as every check of it begins.
type Planned struct {
	Target   Target
	Res      *ruleset.Resolution // the ruleset's, or the override's
	Override *ruleset.Override
	// Number is the sheet number before effects and the tag (SheetNumber).
	Number int
	// native is the kind's built-in resolver; nil for a plugin kind, which
	// Resolve looks up in Env.Kinds on every check (a host may change them).
	native Resolver
	// reads are the slots of the attributes the native kind reads
	// (tagkeys.go).
	reads uint32
	// diceText is a dice-sum's dice= ("1d20"), written once here.
	diceText string
}

// NewPlan makes an empty plan for ch under rs; targets are planned as
// they are rolled. Most callers never call it: Resolve keeps the plan of
// the Env it is given (Env.plan).
func NewPlan(rs *ruleset.Ruleset, ch *sheet.Character) *Plan {
	p := &Plan{key: keyOf(rs, ch)}
	p.lists[targetSkill] = newPlanList(len(rs.Skills), func(i int) (string, string) { return rs.Skills[i].ID, rs.Skills[i].Label })
	p.lists[targetSave] = newPlanList(len(rs.Saves), func(i int) (string, string) { return rs.Saves[i].ID, rs.Saves[i].Label })
	p.lists[targetAbility] = newPlanList(len(rs.Abilities), func(i int) (string, string) { return rs.Abilities[i].ID, rs.Abilities[i].Label })
	return p
}

func newPlanList(n int, at func(i int) (id, label string)) planList {
	l := planList{names: make([]planName, 0, 2*n), ascii: true, planned: make([]atomic.Pointer[Planned], n)}
	for i := 0; i < n; i++ {
		id, label := at(i)
		l.names = append(l.names, planName{lowerASCII(id), i}, planName{lowerASCII(label), i})
		l.ascii = l.ascii && isASCII(id) && isASCII(label)
	}
	return l
}

// valid reports whether the plan was built for this ruleset and this
// character as it stands.
func (p *Plan) valid(rs *ruleset.Ruleset, ch *sheet.Character) bool {
	if p == nil || p.key.rs != rs {
		return false
	}
	k := &p.key
	if k.plain {
		return ch != nil && k.sheet == ch.Sheet && k.chRS == ch.RS && ch.Plain()
	}
	if k.ch != ch {
		return false // the common miss, without reading the character
	}
	return ch == nil || (k.sheet == ch.Sheet && k.hasItemsReader == (ch.Items != nil) &&
		k.scores == mapIdentity(ch.Scores) && k.pools == mapIdentity(ch.Pools))
}

// sharedPlan is the plan of rs and ch for an Env that has none that
// holds: for a plain character, the one kept with its sheet when it was
// built for the same ruleset and sheet (Sheet.Memo), else a new one, kept
// there for the next Env. The sheet keeps it through a weak pointer, so
// a sheet does not keep alive the plan, nor the ruleset it holds (the
// service keeps inline sheets without keeping their rulesets): a plan
// nobody uses is rebuilt after the collector took it, which is the cost
// of one request once in a while.
func sharedPlan(rs *ruleset.Ruleset, ch *sheet.Character) *Plan {
	if ch == nil || ch.Sheet == nil || !ch.Plain() {
		return NewPlan(rs, ch)
	}
	if w, ok := ch.Sheet.Memo().(weak.Pointer[Plan]); ok {
		if p := w.Value(); p.valid(rs, ch) {
			return p
		}
	}
	p := NewPlan(rs, ch)
	ch.Sheet.StoreMemo(weak.Make(p))
	return p
}

// find returns the index of the target of type typ named name (its id or
// label, any case), -1 when there is none, and false when the plan
// cannot tell exactly (see planList.ascii): the caller then searches as
// findSkill does. A name that matches is ASCII (every byte equals an
// ASCII one, folded), so only a name that matches nothing is looked at
// for other bytes.
func (l *planList) find(name string) (int, bool) {
	if !l.ascii {
		return -1, false
	}
	for _, n := range l.names {
		if len(n.lower) == len(name) && equalLower(n.lower, name) {
			return n.index, true
		}
	}
	if !isASCII(name) {
		return -1, false
	}
	return -1, true
}

// planned returns the Planned of target i of type typ, planning it on
// first use with c (whose Env and Target are set).
func (p *Plan) planned(typ, i int, c *Check) *Planned {
	slot := &p.lists[typ].planned[i]
	if pl := slot.Load(); pl != nil {
		return pl
	}
	pl := planTarget(c)
	slot.Store(pl) // two goroutines may both plan it: the same value either way
	return pl
}

// planTarget works out what a check of c.Target reads before its tag:
// the override, the resolver and the sheet number.
func planTarget(c *Check) *Planned {
	c.pickOverride()
	pl := &Planned{Target: c.Target, Res: c.Res, Override: c.Override}
	if r, ok := nativeResolvers[c.Res.Kind]; ok {
		pl.native = r
		pl.reads = kindReadsMask[c.Res.Kind]
	}
	if ds := c.Res.DiceSum; ds != nil {
		pl.diceText = dice.Notation{Count: ds.Count, Sides: ds.Sides}.String()
	}
	pl.Number = c.sheetNumber()
	return pl
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// equalFoldASCII compares two ASCII strings of the same length ignoring case.
func equalFoldASCII(a, b string) bool {
	for i := 0; i < len(a); i++ {
		if lowerByte(a[i]) != lowerByte(b[i]) {
			return false
		}
	}
	return true
}

// equalLower is equalFoldASCII for a lower already in lower case (a
// planName's): only b's bytes are folded.
func equalLower(lower, b string) bool {
	b = b[:len(lower)] // the caller's lengths are equal; no bounds checks below
	for i := 0; i < len(lower); i++ {
		if lowerByte(b[i]) != lower[i] {
			return false
		}
	}
	return true
}

// lowerByte is an ASCII letter in lower case; any other byte as it is.
func lowerByte(c byte) byte {
	if c-'A' < 26 {
		return c + 'a' - 'A'
	}
	return c
}

// lowerASCII is s with its ASCII letters in lower case (strings.ToLower
// would also fold other runes).
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lowerByte(c)
	}
	return string(b)
}
