package items

import (
	"math"

	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
)

// Weapon is one stack's attack as a fight reads it (spec/items.md
// "Weapons in a fight"): every value the attack reads from the item's own
// stats read in, a stat the item gives no value to left out as if not
// written, and an invented item's numbers held to rarityCaps. A value the
// attack writes directly is copied as is. The wielder's sheet values
// (proficiency, sheetBonus, strikes, rerollUpTo) stay references: the
// fight reads them on the wielder's sheet.
type Weapon struct {
	Def *itemrules.Item
	// Name is what the stack is called (the item's label unless renamed).
	Name   string
	Budget string

	// ToHit is what the attack adds to hit, read as a use's toHit is
	// (ResolveToHit).
	ToHit ToHit

	// Dice is what a hit deals ("" when none): the versatile dice while
	// the wielder has room for them (Versatile then true).
	Dice            string
	DamageAbilities []string
	DamageBonus     int
	DamageType      string
	DamageSheet     *valueref.Ref
	OneHanded       bool
	RerollUpTo      *valueref.Ref

	// Reach and the range are in the combat.distance unit, each only with
	// its Has flag; with both the weapon is thrown.
	Reach                  float64
	RangeNormal, RangeLong float64
	HasReach, HasRange     bool

	// VersatileDice is the attack's versatile dice ("" when none);
	// Versatile is set when they are the ones dealt (room in each slot).
	VersatileDice string
	Versatile     bool
	// BothHands is set while it is wielded with both hands: a versatile
	// weapon with room, or one that takes two of a slot (rerollUpTo's
	// rule); OneHand is its opposite (damage.sheetBonus with oneHanded).
	BothHands bool

	Strikes *valueref.Ref
	Ammo    *itemrules.Ammo
	// ClipMax is how much it holds loaded (0: no clip); Reload its budget.
	ClipMax int
	Reload  string
	Modes   []itemrules.AttackMode
	OffHand bool
	// Floor is the least a hit deals, with HasFloor.
	Floor    int
	HasFloor bool
	OnHit    []itemrules.OnHit
	Plus     []itemrules.PlusClause
	// Tags are what its strikes carry: the item's tags.
	Tags []string
	// Bonus is what the wielder's items' weapons effects add to attacks
	// with it (WeaponOf only); its numbers are already in ToHit.Bonus and
	// DamageBonus, its dice, advantage and From are for the fight to read.
	Bonus WeaponBonus
}

// Thrown reports a weapon with both reach and range: a strike up close,
// a throw beyond.
func (w *Weapon) Thrown() bool { return w.HasReach && w.HasRange }

// OneHandNow reports whether damage.sheetBonus with oneHanded counts:
// wielded in one hand.
func (w *Weapon) OneHandNow() bool { return !w.BothHands }

// ModeByID finds one of the weapon's modes.
func (w *Weapon) ModeByID(id string) (itemrules.AttackMode, bool) {
	for _, m := range w.Modes {
		if m.ID == id {
			return m, true
		}
	}
	return itemrules.AttackMode{}, false
}

// ResolveWeapon reads def's attack with its own stats, without a wielder:
// the versatile dice are not dealt (no room is known). nil when def has
// no attack.
func ResolveWeapon(b *itemrules.ItemsBlock, def *itemrules.Item) *Weapon {
	if def == nil || def.AttackDef == nil {
		return nil
	}
	a := def.AttackDef
	r := statReader{b: b, def: def}
	w := &Weapon{Def: def, Name: def.Label, Budget: a.Budget, Tags: def.Tags}
	w.ToHit = ResolveToHit(b, def, &a.ToHit)
	w.Dice, _ = a.Damage.Dice.Of(b, def)
	w.DamageAbilities, _ = a.Damage.Abilities.Of(b, def)
	w.DamageBonus = r.int(a.Damage.Bonus)
	w.DamageType, _ = a.Damage.Type.Of(b, def)
	w.DamageSheet, w.OneHanded, w.RerollUpTo = a.Damage.SheetBonus, a.Damage.OneHanded, a.Damage.RerollUpTo
	w.Reach, w.HasReach = r.num(a.Reach)
	if a.Range != nil {
		w.RangeNormal, w.HasRange = r.num(a.Range.Normal)
		w.RangeLong, _ = r.num(a.Range.Long)
		w.RangeLong = math.Max(w.RangeLong, w.RangeNormal)
	}
	w.VersatileDice, _ = a.Versatile.Of(b, def)
	w.BothHands = takesTwoOfASlot(def)
	w.Strikes, w.Ammo, w.Modes, w.OffHand = a.Strikes, a.Ammo, a.Modes, a.OffHand
	if c := a.Clip; c != nil {
		w.ClipMax, w.Reload = max(0, r.int(&c.Max)), c.Reload
	}
	if f, ok := r.num(a.Floor); ok {
		w.Floor, w.HasFloor = int(f), true
	}
	w.OnHit, w.Plus = a.OnHit, a.Plus
	return w
}

// takesTwoOfASlot: a weapon that takes two (or more) of a slot is
// wielded with both hands.
func takesTwoOfASlot(def *itemrules.Item) bool {
	for _, s := range def.Slots {
		if s.Count >= 2 {
			return true
		}
	}
	return false
}

// statReader reads an attack's numbers for one item: a stat's value held
// to its declared range and, for an invented item, to rarityCaps.
type statReader struct {
	b   *itemrules.ItemsBlock
	def *itemrules.Item
}

func (r statReader) num(n *itemrules.Num) (float64, bool) {
	f, ok := n.Of(r.b, r.def)
	if !ok || n.Stat == "" {
		return f, ok
	}
	return r.capped(n.Stat, f), true
}

func (r statReader) int(n *itemrules.Num) int {
	f, _ := r.num(n)
	return int(math.Round(f))
}

// capped holds a stat's value to its range and, on an invented item, to
// its rarity's cap: the items the catalogs list are never capped.
func (r statReader) capped(stat string, f float64) float64 {
	if r.b == nil {
		return f
	}
	if sd := r.b.Stat(stat); sd != nil {
		if sd.Min != nil {
			f = math.Max(f, *sd.Min)
		}
		if sd.Max != nil {
			f = math.Min(f, *sd.Max)
		}
	}
	if !r.def.Invented {
		return f
	}
	if cp := r.b.Cap(r.def.Rarity); cp != nil {
		if limit, ok := cp.Stats[stat]; ok {
			f = math.Min(f, limit)
		}
	}
	return f
}

// Wielded reports whether a stack offers its attack: an item with an
// attack that is worn, wielded in the slots it takes and bound when it
// binds. An item that is stowed or only carried offers nothing, and one
// with no slot and no binding is never worn.
func (p *Party) Wielded(s *Stack) bool {
	def := p.AttacksAs(s)
	return def != nil && def.AttackDef != nil && worn(s, p.Def(s))
}

// WeaponOf is member i's stack s as a weapon, with the room the member's
// worn items leave (its versatile dice while each slot it takes has room
// for as many again) and what their items' weapons effects add to it.
// false when the stack offers no attack now.
func (p *Party) WeaponOf(i int, s *Stack) (*Weapon, bool) {
	if i < 0 || i >= len(p.Members) || !p.Wielded(s) {
		return nil, false
	}
	def := p.AttacksAs(s)
	w := ResolveWeapon(p.block(), def)
	w.Name = s.Name
	if w.VersatileDice != "" && p.hasRoomForAsManyAgain(p.Members[i], def) {
		w.Dice, w.Versatile, w.BothHands = w.VersatileDice, true, true
	}
	if b := p.WeaponBonusOf(i, w); !b.IsZero() {
		w.Bonus = b
		w.ToHit.Bonus += b.ToHit
		w.DamageBonus += b.Damage
	}
	return w, true
}

// hasRoomForAsManyAgain: each slot def takes has, free among what the
// member wears, as many again as def takes of it.
func (p *Party) hasRoomForAsManyAgain(m *Member, def *itemrules.Item) bool {
	if len(def.Slots) == 0 {
		return false
	}
	free := p.freeSlots(m)
	for _, su := range def.Slots {
		if free[su.Slot] < su.Count {
			return false
		}
	}
	return true
}

// WieldedWeapon is one weapon a member wields, with its stack's index.
type WieldedWeapon struct {
	Stack  int
	Weapon *Weapon
}

// Weapons are the weapons member i wields now, in bag order.
func (p *Party) Weapons(i int) []WieldedWeapon {
	if i < 0 || i >= len(p.Members) {
		return nil
	}
	m := p.Members[i]
	var out []WieldedWeapon
	for j := range m.Bag {
		if w, ok := p.WeaponOf(i, &m.Bag[j]); ok {
			out = append(out, WieldedWeapon{Stack: j, Weapon: w})
		}
	}
	return out
}
