package fight

import (
	"strconv"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
)

// Foes are the bestiary's creatures a [fight: op="start"] accepts in this
// ruleset, in bestiary order: none when the ruleset's kind has no fight
// here (kindOf), and in a summed or symbol fight only those the start's defense
// rule accepts (summedDefenses). It is the predicate the GM prompt uses
// to teach the fight only where a start can succeed, so the prompt and
// the answer cannot drift apart.
func Foes(rs *ruleset.Ruleset) []*fightrules.Creature {
	pool, _, _, ok := kindOf(rs)
	if !ok {
		return nil
	}
	var out []*fightrules.Creature
	for _, c := range rs.Bestiary {
		if pool {
			out = append(out, c)
			continue
		}
		if _, ok := summedDefenses(rs, []foeKind{{c: c, count: 1}}); ok {
			out = append(out, c)
		}
	}
	return out
}

// Resolves reports whether the engine resolves this ruleset's fights: a
// start against at least one of its creatures is answered.
func Resolves(rs *ruleset.Ruleset) bool { return len(Foes(rs)) > 0 }

// Board is the fight going on as the Game Master reads it: the round, and
// each combatant's health, conditions and loaded weapons.
type Board struct {
	Pool    bool        `json:"pool,omitempty"`
	Round   int         `json:"round"`
	Foes    []Combatant `json:"foes"`
	Members []Combatant `json:"members"`
}

// Combatant is one side's fighter on the Board.
type Combatant struct {
	Name string `json:"name"`
	// Health is how it stands (`health 4 of 6` for a creature, the sheet's
	// health line for a member).
	Health     string   `json:"health,omitempty"`
	Down       bool     `json:"down,omitempty"`
	Conditions []string `json:"conditions,omitempty"`
	// Loaded are the clip weapons it wields and what they hold loaded.
	Loaded []Loaded `json:"loaded,omitempty"`
}

// Loaded is one clip weapon's loaded count.
type Loaded struct {
	Weapon string `json:"weapon"`
	Loaded int    `json:"loaded"`
	Max    int    `json:"max"`
}

// Now is the fight going on in the party, nil when there is none. It
// reads and never changes the party.
func Now(p *items.Party) *Board {
	st := Of(p)
	if st == nil {
		return nil
	}
	f := &fight{p: p, st: st}
	b := &Board{Pool: st.Pool, Round: st.Round}
	for _, fo := range st.Foes {
		if fo == nil {
			continue
		}
		c := Combatant{Name: fo.Name, Health: "health " + strconv.Itoa(fo.Health) + " of " + strconv.Itoa(fo.Max), Down: fo.Health <= 0}
		for _, id := range fo.Conditions {
			c.Conditions = append(c.Conditions, p.ConditionLabel(id))
		}
		b.Foes = append(b.Foes, c)
	}
	for i, m := range p.Members {
		c := Combatant{Name: m.Name, Health: p.HealthLine(i), Down: f.down(memberWho(i))}
		for _, id := range p.ActiveConditions(i) {
			c.Conditions = append(c.Conditions, p.ConditionLabel(id))
		}
		for _, a := range f.memberArms(i) {
			if a.ClipMax > 0 {
				c.Loaded = append(c.Loaded, Loaded{Weapon: a.Label, Loaded: f.loaded(m, a), Max: a.ClipMax})
			}
		}
		b.Members = append(b.Members, c)
	}
	return b
}

// Ready is the first weapon member i wields that can attack once a fight
// starts, by the fight's own shot rules: as it is (reload false), or
// after a reload fills its clip from the bag (reload true). ok is false
// when member i wields none that can. The GM prompt shows its example
// attack with it, so the example is never refused for want of shots.
func Ready(p *items.Party, i int) (weapon string, reload, ok bool) {
	if i < 0 || i >= len(p.Members) {
		return "", false, false
	}
	f := &fight{p: p, st: &State{}}
	m := p.Members[i]
	for _, a := range f.memberArms(i) {
		need := a.shots(nil)
		switch {
		case a.ClipMax > 0:
			have := f.loaded(m, a)
			if have >= need {
				return a.Label, false, true
			}
			fill := a.ClipMax - have
			if a.Ammo != nil {
				fill = min(fill, f.carried(i, a))
			}
			if have+fill >= need {
				return a.Label, true, true
			}
		case a.Ammo != nil:
			if f.carried(i, a) >= need {
				return a.Label, false, true
			}
		default:
			return a.Label, false, true
		}
	}
	return "", false, false
}
