package session

import (
	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/items"
)

// checkCache keeps, for each member of the party, what their checks read
// while the party stands as it was: the character and the effects of
// their conditions, levels and items (one items view, items.CheckEnv),
// and the check.Env that carries the compiled plan of that character
// (check.Plan). Computing the view is most of a check's cost in a
// session; a GM reply with several checks, or checks between which
// nothing changed, compute it once.
//
// An entry is kept for one generation of the party. The session moves
// the generation on (changed) after every tag that may have changed the
// party: every tag but roll_dice and a skill_check that paid nothing, and
// whenever settling ended a condition; a regenerated reply restores
// another party, which is a different pointer and so a miss. Nothing
// else changes the party (State is read-only to callers), so an entry is
// never stale, and a tag handler added later is covered without knowing
// of the cache: it changes the generation by default.
type checkCache struct {
	gen     uint64
	party   *items.Party
	members []memberCheck
	// off makes every check compute its environment afresh: the
	// reference TestCheckCacheNeverStale holds the cache to.
	off bool
	// built counts the environments computed (TestCheckCacheKeptAcrossEvents).
	built int
}

// memberCheck is one member's entry.
type memberCheck struct {
	gen uint64
	env *check.Env
}

// changed moves the generation on: every entry is stale.
func (k *checkCache) changed() { k.gen++ }

// env returns member i's check environment for the party p as it
// stands, computing it when the party changed since it was kept. The
// caller sets Dice (and nothing else) before each check.
func (k *checkCache) env(s *Session, p *items.Party, i int) *check.Env {
	if k.party != p {
		k.party, k.members = p, nil
	}
	if len(k.members) < len(p.Members) {
		k.members = append(k.members, make([]memberCheck, len(p.Members)-len(k.members))...)
	}
	m := &k.members[i]
	if m.env == nil || m.gen != k.gen || k.off {
		ch, effects := p.CheckEnv(i)
		m.env = &check.Env{RS: s.RS, Char: ch, Effects: effects}
		m.gen = k.gen
		k.built++
	}
	m.env.Kinds = s.Kinds // a host may set them after the session began
	return m.env
}
