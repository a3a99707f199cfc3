package ruleset

import (
	"encoding/json"
	"fmt"

	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Charm is mechanics.check on a catalog entry a character chose: what the
// entry changes on a check it is used on (spec/checks.md, "A charm that
// changes a roll"). Zero fields change nothing.
type Charm struct {
	Reroll    *Reroll
	Dice      int
	Successes int
	// Threshold sets the per-die target; Explode and Double move those
	// rules' faces. 0 when the entry leaves them out.
	Threshold, Explode, Double int
	// Cost is the entry's price, paid from live pools on each purchase.
	Cost []CharmCost
	// Scales is true when the entry declares perCostStep: it is bought as
	// many times as its price was paid, instead of once.
	Scales bool
}

// CharmCost is one pool the entry's price is paid from.
type CharmCost struct {
	Pool   string `json:"pool"`
	Amount int    `json:"amount"`
}

// charmKeys are the keys of mechanics.check.
var charmKeys = vocab.Keys("charm.check")

// DecodeCharm reads a validated catalog entry's mechanics.check. It
// returns (nil, nil) for an entry without one, and an error for an entry
// it cannot read, which a check then leaves alone rather than trust.
func DecodeCharm(entry json.RawMessage) (*Charm, error) {
	var e struct {
		Mechanics *struct {
			Cost        []CharmCost      `json:"cost"`
			PerCostStep *json.RawMessage `json:"perCostStep"`
			Check       *struct {
				Reroll *struct {
					UpTo int    `json:"upTo"`
					Mode string `json:"mode"`
				} `json:"reroll"`
				Dice      int `json:"dice"`
				Successes int `json:"successes"`
				Threshold int `json:"threshold"`
				Explode   int `json:"explode"`
				Double    int `json:"double"`
			} `json:"check"`
		} `json:"mechanics"`
	}
	if err := json.Unmarshal(entry, &e); err != nil {
		return nil, fmt.Errorf("charm: %w", err)
	}
	if e.Mechanics == nil || e.Mechanics.Check == nil {
		return nil, nil
	}
	c := e.Mechanics.Check
	ch := &Charm{Dice: c.Dice, Successes: c.Successes, Threshold: c.Threshold, Explode: c.Explode,
		Double: c.Double, Cost: e.Mechanics.Cost, Scales: e.Mechanics.PerCostStep != nil}
	if c.Reroll != nil {
		mode := c.Reroll.Mode
		if mode == "" {
			mode = "once"
		}
		ch.Reroll = &Reroll{UpTo: c.Reroll.UpTo, Mode: mode}
	}
	for _, k := range ch.Cost {
		if k.Amount < 1 {
			return nil, fmt.Errorf("charm: cost of pool %q is %d; a price is at least 1", k.Pool, k.Amount)
		}
	}
	return ch, nil
}

// choiceEntry validates an entry of a catalog of choices (powers, traits):
// its price (mechanics.cost, mechanics.perCostStep) and mechanics.check.
// Other mechanics keys belong to fights and are read there. Whether the
// ruleset's kind can apply a charm, and whether the faces it names exist,
// is decided once the resolution is read (charmCompanions).
func (v *Validator) choiceEntry(o validate.Obj) {
	m, ok := o.M["mechanics"]
	if !ok {
		return
	}
	mech, ok := validate.AsObj(v.P, o.Ptr("mechanics"), m)
	if !ok {
		return
	}
	v.items.Qualities(mech)
	if arr, ok := mech.Arr("cost", 1, 4); ok {
		seen := map[string]bool{}
		for i, raw := range arr {
			c, ok := validate.AsObj(v.P, mech.Ptr("cost", i), raw)
			if !ok {
				continue
			}
			c.Known(vocab.Keys("charm.cost")...)
			if c.Require("pool", "amount") {
				if id, ok := c.Str("pool", 64, true); ok {
					if !v.pools[id] {
						c.Addf("pool", "no live pool %q; declared in live.pools: %v", id, v.order["pools"])
					} else if seen[id] {
						c.Addf("pool", "pool %q is already in this cost; give one amount per pool", id)
					}
					seen[id] = true
				}
				c.Int("amount", 1, 100, 1)
			}
		}
	}
	if mech.Has("perCostStep") {
		if ps, ok := mech.Object("perCostStep"); ok && mech.Has("check") && !mech.Has("cost") {
			ps.Addf("", "perCostStep scales the entry by the price paid; declare mechanics.cost too")
		}
	}
	ck, ok := mech.Object("check")
	if !ok {
		return
	}
	ck.Known(charmKeys...)
	some := false
	for _, k := range charmKeys {
		if ck.Has(k) {
			some = true
		}
	}
	if !some {
		ck.Addf("", "mechanics.check says nothing: give at least one of %v", charmKeys)
	}
	if r, ok := ck.Object("reroll"); ok {
		r.Known(vocab.Keys("charm.reroll")...)
		// The die is not known yet: the upper bound is checked against it
		// in charmCompanions.
		v.reroll(r, MaxPoolDice)
	}
	ck.Int("dice", 1, MaxPoolDice, 0)
	ck.Int("successes", 1, 20, 0)
	ck.Int("threshold", 1, MaxPoolDice, 0)
	ck.Int("explode", 1, MaxPoolDice, 0)
	ck.Int("double", 1, MaxPoolDice, 0)
}

// charmCompanions refuses charms beside a kind that cannot apply them,
// and, for a dice-pool, a charm naming a face the die lacks or moving a
// rule that no check of the ruleset could let it move.
func (v *Validator) charmCompanions(o validate.Obj, rs *Ruleset) {
	for ci, c := range rs.Catalogs {
		for ei := range c.Entries {
			if !hasCharm(rs, ci, ei) {
				continue
			}
			at := validate.Ptr("/catalogs", ci, "entries", ei, "mechanics", "check")
			if rs.Resolution.Kind != "dice-pool" {
				v.P.Addf(at, "only a dice-pool ruleset can apply mechanics.check; this ruleset's kind is %q", rs.Resolution.Kind)
				continue
			}
			ch, err := DecodeCharm(c.Entries[ei])
			if err != nil || ch == nil {
				continue // reported by choiceEntry
			}
			v.charmFaces(at, ch, rs.Resolution)
		}
	}
}

// charmFaces checks a charm against the pool's rules: the ruleset's own
// resolution and every override's, since a charm applies to whichever
// check it is used on.
func (v *Validator) charmFaces(at string, ch *Charm, res *Resolution) {
	all := []*DicePool{res.DicePool}
	for _, ov := range res.Overrides {
		if ov.Resolution != nil && ov.Resolution.DicePool != nil {
			all = append(all, ov.Resolution.DicePool)
		}
	}
	if all[0] == nil {
		return
	}
	sides := all[0].Sides
	// A charm applies to whichever check it is used on, so its reroll
	// must leave a face unrerolled on the smallest die any of them rolls.
	rerollSides := sides
	for _, dp := range all {
		rerollSides = min(rerollSides, dp.Sides)
	}
	if ch.Reroll != nil && ch.Reroll.UpTo > rerollSides-1 {
		v.P.Addf(validate.Ptr(at, "reroll", "upTo"), "upTo %d would reroll every face of a d%d forever; allowed 1 to %d", ch.Reroll.UpTo, rerollSides, rerollSides-1)
	}
	faceOK := func(key string, n int) bool {
		if n > sides {
			v.P.Addf(validate.Ptr(at, key), "face %d does not exist on a d%d", n, sides)
			return false
		}
		return true
	}
	if ch.Threshold != 0 && faceOK("threshold", ch.Threshold) {
		movable := false
		for _, dp := range all {
			movable = movable || dp.Target.Adjustable()
		}
		if !movable {
			v.P.Addf(validate.Ptr(at, "threshold"), "the target is fixed at %d (target.min equals target.max), so a threshold can never move it", all[0].Target.Default)
		}
	}
	for _, rule := range []struct {
		key  string
		n    int
		rule func(*DicePool) *FaceRule
	}{
		{"explode", ch.Explode, func(d *DicePool) *FaceRule { return d.Explode }},
		{"double", ch.Double, func(d *DicePool) *FaceRule { return d.Double }},
	} {
		if rule.n == 0 || !faceOK(rule.key, rule.n) {
			continue
		}
		withMin := false
		for _, dp := range all {
			if r := rule.rule(dp); r != nil && r.Min != 0 {
				withMin = true
			}
		}
		if !withMin {
			v.P.Addf(validate.Ptr(at, rule.key), "resolution.%s has no \"min\", so no check can move its face; add a min to the rule or remove %s from the charm", rule.key, rule.key)
		}
	}
}

func hasCharm(rs *Ruleset, ci, ei int) bool {
	cats, _ := rs.Raw["catalogs"].([]any)
	c, _ := cats[ci].(map[string]any)
	entries, _ := c["entries"].([]any)
	e, _ := entries[ei].(map[string]any)
	m, _ := e["mechanics"].(map[string]any)
	_, ok := m["check"]
	return ok
}
