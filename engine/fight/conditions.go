package fight

import (
	"fmt"
	"slices"

	"github.com/rulehost/rulehost/engine/items"
)

// impose gives tg an onHit condition when the strike dealt at least its
// atLeast (after soak and resistances): kept off by a condition
// immunity, avoided by a passed save, and lasting its rounds of tg's
// turns, until a saveEnds save is passed, or until something removes it.
func (f *fight) impose(tg who, oh onHit, dealt int) {
	if dealt < oh.AtLeast {
		return
	}
	label := f.p.ConditionLabel(oh.Condition)
	name := f.name(tg)
	if oh.Save != "" {
		if ok, said := f.rollSave(tg, oh.Save, oh.SaveDC); ok {
			f.say(fmt.Sprintf("%s, and is not %s.", said, label))
			return
		} else {
			f.say(said + ".")
		}
	}
	if !f.holdCondition(tg, oh.Condition) {
		return
	}
	tm := Timed{Foe: tg.Foe, Member: tg.Member, Condition: oh.Condition}
	switch {
	case oh.EndsSave != "":
		tm.Save, tm.DC, tm.At = oh.EndsSave, oh.EndsDC, oh.EndsAt
		f.say(fmt.Sprintf("%s is %s until a %s save against %d %s.", name, label, f.saveLabel(oh.EndsSave), oh.EndsDC, atText(oh.EndsAt)))
	case oh.Rounds > 0:
		tm.Rounds = oh.Rounds
		f.say(fmt.Sprintf("%s is %s for %s.", name, label, plural(oh.Rounds, "round", "rounds")))
	default:
		f.say(fmt.Sprintf("%s is %s.", name, label))
	}
	if tm.Rounds > 0 || tm.Save != "" {
		f.dropTimed(tg, oh.Condition)
		f.st.Timed = append(f.st.Timed, tm)
	}
}

// holdCondition puts the condition on tg; false (and said) when an
// immunity keeps it off. A condition already held is held again.
func (f *fight) holdCondition(tg who, id string) bool {
	label := f.p.ConditionLabel(id)
	if tg.IsFoe() {
		if slices.Contains(f.defenses(tg).ConditionImmunities, id) {
			f.say(fmt.Sprintf("%s is immune to %s.", f.name(tg), label))
			return false
		}
		fo := f.st.Foes[tg.Foe]
		if !slices.Contains(fo.Conditions, id) {
			fo.Conditions = append(fo.Conditions, id)
		}
		return true
	}
	if f.p.Impose(tg.Member, id) == items.Immune {
		f.say(fmt.Sprintf("%s is immune to %s.", f.name(tg), label))
		return false
	}
	return true
}

// lift removes a condition from tg.
func (f *fight) lift(tg who, id string) {
	if tg.IsFoe() {
		fo := f.st.Foes[tg.Foe]
		fo.Conditions = slices.DeleteFunc(fo.Conditions, func(c string) bool { return c == id })
		return
	}
	f.p.Lift(tg.Member, id)
}

// dropTimed forgets tg's timing of a condition (imposed again, it starts over).
func (f *fight) dropTimed(tg who, id string) {
	f.st.Timed = slices.DeleteFunc(f.st.Timed, func(t Timed) bool {
		return t.Foe == tg.Foe && t.Member == tg.Member && t.Condition == id
	})
}

// damaged rolls tg's saveEnds saves made "on taking damage above zero".
func (f *fight) damaged(tg who) {
	f.rollEnds(func(t Timed) bool { return t.At == "damaged" && t.Foe == tg.Foe && t.Member == tg.Member })
}

// rollEnds rolls the saveEnds saves of the timed conditions that match,
// in the order imposed; each passed save ends its condition.
func (f *fight) rollEnds(match func(Timed) bool) {
	kept := f.st.Timed[:0:0]
	for _, t := range f.st.Timed {
		if t.Save == "" || !match(t) {
			kept = append(kept, t)
			continue
		}
		w := timedWho(t)
		if f.down(w) {
			kept = append(kept, t)
			continue
		}
		ok, said := f.rollSave(w, t.Save, t.DC)
		if ok {
			f.lift(w, t.Condition)
			f.say(fmt.Sprintf("%s, and is no longer %s.", said, f.p.ConditionLabel(t.Condition)))
			continue
		}
		f.say(fmt.Sprintf("%s, and stays %s.", said, f.p.ConditionLabel(t.Condition)))
		kept = append(kept, t)
	}
	f.st.Timed = kept
}

func timedWho(t Timed) who {
	if t.Foe >= 0 {
		return foeWho(t.Foe)
	}
	return memberWho(t.Member)
}

func (f *fight) saveLabel(id string) string {
	for _, s := range f.p.RS.Saves {
		if s.ID == id && s.Label != "" {
			return s.Label
		}
	}
	return id
}

func atText(at string) string {
	switch at {
	case "turn-start":
		return "at the start of each of its turns"
	case "turn-end":
		return "at the end of each of its turns"
	}
	return "on taking damage"
}
