package fight

import (
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/use"
)

// auto answers [fight: op="auto" who= target=]: the Engine plays a party
// member for one step, choosing from what the fight menu offers now, in
// this order of preference (docs/fight.md "The Engine plays a member"):
//
//  1. a heal item offered to who, on the first party member (party order)
//     whose health is below half, when engine/use's Worth says the heal
//     is worth using on them (it never heals someone unwounded);
//  2. else the attack with the highest expected damage (the menu's exact
//     forecast) at target=, or at any standing foe without it: a weapon,
//     its off hand, its modes aimed at a single target; never a mode for
//     several targets (the spec leaves those to a player), never spending
//     or taking (a choice of how much to risk is a player's too). Ties go
//     to the menu's order, then the foes' order.
//
// The choice is then resolved by the same code as the explicit tag, so
// its record is that tag's record plus auto="true"; nothing offered is
// refused, and nothing changes.
func (f *fight) auto(t tag.Tag) record.Record {
	w, refusal, ok := f.actor(t, "auto", true)
	if !ok {
		return refusal
	}
	if rec, ok := f.autoHeal(w); ok {
		return chosen(rec)
	}
	foes, refusal, ok := f.autoFoes(w, t)
	if !ok {
		return refusal
	}
	c, tg, ok := f.bestAttack(w, foes, t)
	if !ok {
		return record.Refused("fight", NotOffered, "op", "auto", "who", f.name(w), "note", "nothing is offered to "+f.name(w)+" now: no wounded ally to heal, no attack aimed at a single target")
	}
	explicit := tag.Tag{Name: "fight"}
	explicit.Set("op", "attack")
	explicit.Set("who", f.name(w))
	explicit.Set("weapon", strings.TrimSuffix(c.label, OffHandSuffix))
	if c.off {
		explicit.Set("weapon", strings.TrimSuffix(c.a.Label, OffHandSuffix))
		explicit.Set("hand", "off")
	}
	if c.md != nil {
		explicit.Set("weapon", c.a.Label)
		explicit.Set("mode", c.md.ID)
	}
	explicit.Set("target", f.name(tg))
	if d := t.Value("distance"); d != "" {
		explicit.Set("distance", d)
	}
	return chosen(f.attack(explicit))
}

// chosen marks a resolved step as the Engine's choice.
func chosen(rec record.Record) record.Record {
	if rec.Name == "fight" {
		rec.Add("auto", "true")
	}
	return rec
}

// autoHeal uses the first heal item offered to w on the first member
// below half health it is worth using on. false when there is none, or
// when each such use is refused (a refusal changes nothing).
func (f *fight) autoHeal(w who) (record.Record, bool) {
	hp := f.p.RS.HealthPool()
	if hp == "" {
		return record.Record{}, false
	}
	for _, o := range f.itemOptions(w.Member) {
		if o.Kind != "use" {
			continue
		}
		def := f.heldDef(w.Member, o.Label)
		if def == nil || def.UseDef == nil || def.UseDef.Kind != "heal" {
			continue
		}
		for j := range f.p.Members {
			if 2*f.p.PoolValue(j, hp) >= f.p.PoolMax(j, hp) || !use.Worth(f.p, def, f.target(memberWho(j))) {
				continue
			}
			explicit := tag.Tag{Name: "fight"}
			explicit.Set("op", "use")
			explicit.Set("who", f.name(w))
			explicit.Set("item", def.Label)
			explicit.Set("target", f.name(memberWho(j)))
			if rec := f.use(explicit); rec.Name == "fight" {
				return rec, true
			}
		}
	}
	return record.Record{}, false
}

// autoFoes are the foes auto weighs: target= alone, or each standing foe.
func (f *fight) autoFoes(w who, t tag.Tag) ([]who, record.Record, bool) {
	name := strings.TrimSpace(t.Value("target"))
	if name == "" {
		var out []who
		for i := range f.st.Foes {
			if tg := foeWho(i); !f.down(tg) {
				out = append(out, tg)
			}
		}
		return out, record.Record{}, true
	}
	tg, ok := f.find(name)
	if !ok || !tg.IsFoe() || f.down(tg) {
		return nil, record.Refused("fight", BadTarget, "op", "auto", "who", f.name(w), "foe", name, "note", "target is a standing foe: "+foeStanding(f.st)), false
	}
	return []who{tg}, record.Record{}, true
}

// bestAttack is the offered single-target attack with the highest
// expected damage at one of foes, the first in menu and foe order on a
// tie; out-of-range choices (distance=) are passed over.
func (f *fight) bestAttack(w who, foes []who, t tag.Tag) (armChoice, who, bool) {
	var best armChoice
	var at who
	score, found := -1.0, false
	for _, a := range f.memberArms(w.Member) {
		for _, c := range f.armChoices(w, a) {
			if c.style != "" || c.md != nil && c.md.Targets > 1 {
				continue
			}
			if _, ok := f.inRange(w, c.a, t); !ok {
				continue
			}
			for _, tg := range foes {
				if d := f.forecast(w, c.a, c.md, tg).Damage; d > score {
					best, at, score, found = c, tg, d, true
				}
			}
		}
	}
	return best, at, found
}
