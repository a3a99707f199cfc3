package fight

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// who is one combatant: a party member (Member >= 0) or a foe (Foe >= 0).
type who struct {
	Member, Foe int
}

func memberWho(i int) who { return who{Member: i, Foe: -1} }
func foeWho(i int) who    { return who{Member: -1, Foe: i} }

// IsFoe reports a creature.
func (w who) IsFoe() bool { return w.Foe >= 0 }

// find reads a fighter's name: a member by the party's rule (whole name,
// a word, a prefix), else a foe by its fight name (`Grave wight 2`), or
// by its creature's label when only one of that kind still stands.
func (f *fight) find(name string) (who, bool) {
	name = strings.TrimSpace(name)
	if name == "" {
		return who{}, false
	}
	for i, fo := range f.st.Foes {
		if strings.EqualFold(fo.Name, name) {
			return foeWho(i), true
		}
	}
	standing := -1
	for i, fo := range f.st.Foes {
		if c := f.creature(i); c != nil && strings.EqualFold(c.Label, name) && fo.Health > 0 {
			if standing >= 0 {
				standing = -2
				break
			}
			standing = i
		}
	}
	if standing >= 0 {
		return foeWho(standing), true
	}
	if i, ok := f.p.Member(name); ok {
		return memberWho(i), true
	}
	return who{}, false
}

// name is what the log calls a combatant.
func (f *fight) name(w who) string {
	if w.IsFoe() {
		return f.st.Foes[w.Foe].Name
	}
	return f.p.Members[w.Member].Name
}

// actor reads who= of a step: any fighter, or with members only a party
// member (reload, use, toggle, auto). It refuses unknown-who, and down for
// one out of the fight, whom the menu offers nothing either.
func (f *fight) actor(t tag.Tag, op string, members bool) (who, record.Record, bool) {
	w, ok := f.find(t.Value("who"))
	switch {
	case members && (!ok || w.IsFoe()):
		return who{}, record.Refused("fight", UnknownWho, "op", op, "who", t.Value("who"), "note", "who is one of the party: "+memberNames(f.p)), false
	case !ok:
		return who{}, record.Refused("fight", UnknownWho, "op", op, "who", t.Value("who"), "note", "who is one of: "+f.fighterNames()), false
	case f.down(w):
		verb := "act"
		if op == "attack" || op == "move" {
			verb = op
		}
		return who{}, record.Refused("fight", Down, "op", op, "who", f.name(w), "note", f.name(w)+" is down and cannot "+verb), false
	}
	return w, record.Record{}, true
}

// creature is a foe's bestiary entry.
func (f *fight) creature(i int) *fightrules.Creature {
	fo := f.st.Foes[i]
	if fo.c == nil {
		fo.c = f.p.RS.Creature(fo.Ref)
		e := fo.c.Defenses
		fo.defs = items.Defenses{Resist: e.Resist, Immune: e.Immune, Vulnerable: e.Vulnerable, ConditionImmunities: e.ConditionImmunities}
	}
	return fo.c
}

// down reports a combatant out of the fight: a foe at 0 health, or a
// member whose health pool is empty.
func (f *fight) down(w who) bool {
	if w.IsFoe() {
		return f.st.Foes[w.Foe].Health <= 0
	}
	if id := f.p.RS.HealthPool(); id != "" {
		return f.p.PoolValue(w.Member, id) <= 0
	}
	if t := f.p.RS.HealthTrack(); t != nil {
		return f.p.TrackMarks(w.Member, t.ID) >= f.p.TrackSize(w.Member, t)
	}
	return false
}

// defense is what a summed attack on w must meet or beat: a member's
// sheet defense read at the start, with what their worn items and
// conditions add now; a creature's own, with what its conditions add.
func (f *fight) defense(w who) (int, []string) {
	m := f.fightModifiers(w, "defense")
	if w.IsFoe() {
		return f.creature(w.Foe).Defense + m.Flat, m.From
	}
	return f.st.Members[w.Member].Defense + m.Flat, m.From
}

// soak is what a pool fight's damage loses against w.
func (f *fight) soak(w who) int {
	if w.IsFoe() {
		return f.creature(w.Foe).Soak
	}
	return f.st.Members[w.Member].Soak
}

// defenses are w's typed defenses: a creature's own, a member's from
// every source (engine/items).
func (f *fight) defenses(w who) items.Defenses {
	if w.IsFoe() {
		c := f.creature(w.Foe)
		fo := f.st.Foes[w.Foe]
		if d, ok := f.p.HeldDefenses(fo.Name, c.Defenses, fo.Conditions); ok {
			return d
		}
		return fo.defs
	}
	return f.p.Defenses(w.Member)
}

// typesTags are a creature's types and tags (a member has none).
func (f *fight) typesTags(w who) (types, tags []string) {
	if !w.IsFoe() {
		return nil, nil
	}
	c := f.creature(w.Foe)
	return c.Types, c.Tags
}

// hurt takes n from w's health and says where it stands.
func (f *fight) hurt(w who, n int) string {
	if w.IsFoe() {
		fo := f.st.Foes[w.Foe]
		was := fo.Health
		fo.Health = max(0, fo.Health-n)
		if was > 0 && fo.Health == 0 {
			f.st.Fallen = append(f.st.Fallen, w.Foe)
			return fmt.Sprintf("%s is down.", fo.Name)
		}
		return fmt.Sprintf("%s is on %d of %d.", fo.Name, fo.Health, fo.Max)
	}
	i := w.Member
	m := f.p.Members[i]
	if id := f.p.RS.HealthPool(); id != "" {
		took := min(m.Temporary, n)
		m.Temporary -= took
		f.p.SetPool(i, id, f.p.PoolValue(i, id)-(n-took))
	} else if t := f.p.RS.HealthTrack(); t != nil {
		f.p.SetMarks(i, t, f.p.TrackMarks(i, t.ID)+n)
	}
	line := fmt.Sprintf("%s: %s.", m.Name, f.p.HealthLine(i))
	if f.down(w) {
		line += fmt.Sprintf(" %s is down.", m.Name)
	}
	return line
}

// saveNumber is what w adds to a save: a creature's saves entry, or a
// member's save as a check of it adds (the ability as the kind reads it,
// and the training's flat).
func (f *fight) saveNumber(w who, save string) int {
	if w.IsFoe() {
		return f.creature(w.Foe).Saves[save]
	}
	ch := f.p.Character(w.Member)
	n := 0
	for _, s := range f.p.RS.Saves {
		if s.ID != save {
			continue
		}
		if f.st.Pool {
			n += ch.AbilityScore(s.Ability)
		} else {
			n += ch.AbilityMod(s.Ability)
		}
	}
	tr := ch.Training(save, true)
	return n + trainingFlat(ch, tr)
}

func trainingFlat(ch *sheet.Character, tr sheet.Training) int {
	return ch.TierBonus(tr.Tier) + tr.Bonus
}

// rollSave has w roll save against dc with the fight's dice: the
// resolution's dice plus the save number meeting or beating dc in a
// summed fight; in a pool fight, the save number's dice (at least one)
// at dc as the per-die target, passed on one net success. It says how.
func (f *fight) rollSave(w who, save string, dc int) (bool, string) {
	n := f.saveNumber(w, save)
	label := save
	for _, s := range f.p.RS.Saves {
		if s.ID == save && s.Label != "" {
			label = s.Label
		}
	}
	if f.st.Symbol {
		ok, text := f.symbolSave(n, dc)
		return ok, fmt.Sprintf("%s rolls %s: %s against %s, %s", f.name(w), label, text, plural(dc, "difficulty die", "difficulty dice"), passText(ok))
	}
	if f.st.Pool {
		dp := f.p.RS.Resolution.DicePool
		r := rollPool(f.turn.Dice, dp, max(1, n), poolTarget(dp, dc))
		ok := r.Net >= 1
		return ok, fmt.Sprintf("%s rolls %s: %s, %s", f.name(w), label, poolText(r, poolTarget(dp, dc)), passText(ok))
	}
	r := rollSum(f.turn.Dice, f.p.RS.Resolution.DiceSum, n)
	ok := r.Total >= dc
	return ok, fmt.Sprintf("%s rolls %s: %s against %d, %s", f.name(w), label, sumText(f.p.RS.Resolution.DiceSum.Sides, r, n), dc, passText(ok))
}

func passText(ok bool) string {
	if ok {
		return "saved"
	}
	return "failed"
}

func eqFold(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) }

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
