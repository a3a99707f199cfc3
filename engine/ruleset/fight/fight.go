package fightrules

import (
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/validate"
)

// CombatFight is what a ruleset fight cannot do without beyond the keys
// the items page names (docs/fight.md): the number a summed fight's
// attack must meet or beat on a party member, a pool fight's soak, and
// the base of the number strikes that spend roll. A symbol fight
// (symbol-pool) reads defense as the difficulty dice an attack at the
// member throws, and soak as a pool fight does. Each is read from the
// member's sheet when the fight starts (armor through itemStat).
type CombatFight struct {
	Defense    *valueref.Ref // combat.defense (summed fight)
	Soak       *valueref.Ref // combat.pool.soak (pool fight)
	Initiative *valueref.Ref // combat.pool.initiative (pool fight with hardness)
	// Speed is combat.speed: how far a member may move in a round, in
	// combat.distance's unit, before speed modifiers (docs/fight.md
	// "Speed"); nil when a member's moves are not bounded.
	Speed *valueref.Ref
}

// Fight reads the bestiary and the fight's own combat keys (nil without
// a combat block), after the resolution (which fight) and the items block
// (tags, loot tables).
func (v *Validator) Fight(o validate.Obj) (bestiary []*Creature, fight *CombatFight) {
	bestiary = v.bestiary(o)
	co, ok := o.Object("combat")
	if !ok {
		return bestiary, nil
	}
	f := &CombatFight{}
	kind := v.core.Kind()
	if raw, ok := co.M["defense"]; ok {
		if nativeKind(kind) && kind != "dice-sum" && kind != "symbol-pool" {
			co.Addf("defense", "defense is a summed fight's (dice-sum) or the difficulty dice of a symbol fight (symbol-pool); this ruleset is %q", kind)
		} else if ref, ok := v.ValueRef(co.Ptr("defense"), raw, valueref.AnyRead, "combat.defense"); ok {
			f.Defense = &ref
		}
	}
	if raw, ok := co.M["speed"]; ok {
		if ref, ok := v.ValueRef(co.Ptr("speed"), raw, valueref.AnyRead, "combat.speed"); ok {
			f.Speed = &ref
		}
	}
	if po, ok := co.Object("pool"); ok {
		for _, key := range []string{"soak", "initiative"} {
			raw, has := po.M[key]
			if !has {
				continue
			}
			if nativeKind(kind) && kind != "dice-pool" && !(key == "soak" && kind == "symbol-pool") {
				po.Addf(key, "%s is a pool fight's (dice-pool%s); this ruleset is %q", key, map[bool]string{true: " or symbol-pool"}[key == "soak"], kind)
				continue
			}
			if ref, ok := v.ValueRef(po.Ptr(key), raw, valueref.AnyRead, "combat.pool."+key); ok {
				if key == "soak" {
					f.Soak = &ref
				} else {
					f.Initiative = &ref
				}
			}
		}
	}
	return bestiary, f
}

// nativeKind reports one of the engine's own resolution kinds: a
// plugin's kind may be a fight's too, so its combat keys are kept.
func nativeKind(kind string) bool {
	switch kind {
	case "dice-sum", "dice-pool", "dice-highest", "roll-against", "symbol-pool":
		return true
	}
	return false
}
