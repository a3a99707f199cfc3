package ruleset

import (
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Spend is one entry of resolution.spend: a standing rule of the system
// that lets a roller pay from a live pool to change a roll.
type Spend struct {
	Pool      string
	Amount    int
	Successes int
	Dice      int
	Reroll    *Reroll
	// PerCheck is a number (PerCheckN), a sheet value (PerCheckRef) or
	// "pool" (PerCheckPool): as many purchases as the check has dice.
	PerCheckN    int
	PerCheckRef  *valueref.Ref
	PerCheckPool bool
}

// Reroll is a reroll rule: faces at or below UpTo are thrown again,
// once (the new face stays) or until they show higher.
type Reroll struct {
	ID   string
	UpTo int
	Mode string // once, until
}

// SpendBuys says what a kind's spend entries may buy.
type SpendBuys struct {
	Successes, Dice, Reroll bool
}

// Limits of resolution.spend.
const (
	MaxSpends        = 4
	MaxPerCheck      = 10  // a numeric perCheck
	MaxPerCheckSheet = 100 // a sheet value is kept between 0 and this
)

// DefaultPerCheck is the purchases a check may make when an entry leaves
// perCheck out. The spec gives no default; one purchase per check is the
// reading that can never let a full pool buy a roll that cannot be lost.
const DefaultPerCheck = 1

// Spends validates resolution.spend for a kind that may buy what buys
// allows: dice-pool buys successes, dice and rerolls; dice-highest and
// symbol-pool call it with SpendBuys{Dice: true}. Other kinds refuse
// spend themselves.
//
// An override cannot change spend, and its merged resolution carries the
// ruleset's entries already (copied with the sheet math), so they are
// not read, nor reported, a second time.
func (v *Validator) Spends(o validate.Obj, res *Resolution, buys SpendBuys) {
	if !o.Has("spend") {
		return
	}
	if res.Spend != nil {
		// An override's merged resolution: its spend entries are the
		// ruleset's (spend is locked), but the resolution is checked like
		// the ruleset's own, so a reroll they buy must still leave a face
		// of this resolution's die unrerolled (an override may change die).
		if res.DicePool != nil {
			for i, sp := range res.Spend {
				if sp.Reroll != nil && sp.Reroll.UpTo > res.DicePool.Sides-1 {
					v.P.Addf(validate.Ptr(o.Ptr("spend"), i, "reroll", "upTo"), "upTo %d would reroll every face of a d%d forever; allowed 1 to %d", sp.Reroll.UpTo, res.DicePool.Sides, res.DicePool.Sides-1)
				}
			}
		}
		return
	}
	arr, ok := o.Arr("spend", 1, MaxSpends)
	if !ok {
		return
	}
	sides := MaxPoolDice
	if res.DicePool != nil {
		sides = res.DicePool.Sides
	}
	seen := map[string]int{}
	for i, raw := range arr {
		s, ok := validate.AsObj(v.P, o.Ptr("spend", i), raw)
		if !ok {
			continue
		}
		s.Known(vocab.Keys("resolution.spend")...)
		sp := Spend{Amount: 1, PerCheckN: DefaultPerCheck}
		if s.Require("pool") {
			if id, ok := s.Str("pool", 64, true); ok {
				switch {
				case !v.pools[id]:
					s.Addf("pool", "no live pool %q; declared in live.pools: %v", id, v.order["pools"])
				case v.poolStartsEmpty(id):
					s.Addf("pool", "live pool %q starts empty: there would be nothing to spend at the start of play; give it a start (or max) above 0", id)
				default:
					if j, dup := seen[id]; dup {
						s.Addf("pool", "spend entry %d already names pool %q; no two entries may name the same pool, or a check could not tell them apart", j, id)
					}
					seen[id] = i
					sp.Pool = id
				}
			}
		}
		sp.Amount, _ = s.Int("amount", 1, 100, 1)
		sp.Successes, _ = s.Int("successes", 1, 20, 0)
		sp.Dice, _ = s.Int("dice", 1, 20, 0)
		if r, ok := s.Object("reroll"); ok {
			r.Known(vocab.Keys("resolution.spend.reroll")...)
			sp.Reroll, _ = v.reroll(r, sides)
		}
		if !s.Has("successes") && !s.Has("dice") && !s.Has("reroll") {
			s.Addf("", `a spend buys something: give "successes", "dice" or "reroll" (at least one)`)
		}
		kind := res.Kind
		if s.Has("successes") && !buys.Successes {
			s.Addf("successes", "a %s ruleset's spend buys only dice; successes are for dice-pool", kind)
		}
		if s.Has("dice") && !buys.Dice {
			s.Addf("dice", "a %s ruleset's spend cannot buy dice", kind)
		}
		if s.Has("reroll") && !buys.Reroll {
			s.Addf("reroll", "a %s ruleset's spend buys only dice; rerolls are for dice-pool", kind)
		}
		v.perCheck(s, &sp)
		res.Spend = append(res.Spend, sp)
	}
}

// perCheck reads a spend's perCheck: a number 1 to 10, a sheet value, or "pool".
func (v *Validator) perCheck(s validate.Obj, sp *Spend) {
	raw, ok := s.M["perCheck"]
	if !ok {
		return
	}
	switch x := raw.(type) {
	case string:
		if x != "pool" {
			s.Addf("perCheck", `want a number from 1 to %d, a sheet value ({ "abilityScore": "nerve" }, { "derived": "focus" }) or "pool"; found %q`, MaxPerCheck, x)
			return
		}
		sp.PerCheckPool, sp.PerCheckN = true, 0
	case map[string]any:
		if ref, ok := v.ValueRef(s.Ptr("perCheck"), raw, valueref.AnyRead, "a spend's perCheck"); ok {
			sp.PerCheckRef, sp.PerCheckN = &ref, 0
		}
	default:
		sp.PerCheckN, _ = s.Int("perCheck", 1, MaxPerCheck, DefaultPerCheck)
	}
}

// poolStartsEmpty reports a live pool whose start (or max, when it has no
// start) is a constant at or below 0. A sheet value can only be judged in
// play.
func (v *Validator) poolStartsEmpty(id string) bool {
	lo, _ := v.rs.Raw["live"].(map[string]any)
	pools, _ := lo["pools"].([]any)
	for _, raw := range pools {
		p, _ := raw.(map[string]any)
		if pid, _ := p["id"].(string); pid != id {
			continue
		}
		ref, has := p["start"]
		if !has {
			ref = p["max"]
		}
		m, _ := ref.(map[string]any)
		c, isConst := m["const"]
		if !isConst || len(m) != 1 {
			return false
		}
		n, ok := c.(interface{ Float64() (float64, error) })
		if !ok {
			return false
		}
		f, err := n.Float64()
		return err == nil && f <= 0
	}
	return false
}

// SpendFor returns the resolution.spend entry for a pool (id or label, any case).
func (r *Ruleset) SpendFor(res *Resolution, name string) (*Spend, bool) {
	for i := range res.Spend {
		sp := &res.Spend[i]
		if strings.EqualFold(sp.Pool, name) {
			return sp, true
		}
		if p, ok := r.PoolDecl(sp.Pool); ok && p.Label != "" && strings.EqualFold(p.Label, name) {
			return sp, true
		}
	}
	return nil, false
}
