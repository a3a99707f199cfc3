package fight

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/loot"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/use"
)

// round answers [fight: op="round"]: everyone's turn ends (saveEnds at
// turn-end rolled, each timed condition's rounds counted down), the next
// starts (saveEnds at turn-start), and every budget comes back.
func (f *fight) round() record.Record {
	f.rollEnds(func(t Timed) bool { return t.At == "turn-end" })
	kept := f.st.Timed[:0:0]
	for _, t := range f.st.Timed {
		if t.Rounds > 0 {
			t.Rounds--
			if t.Rounds == 0 {
				w := timedWho(t)
				f.lift(w, t.Condition)
				f.say(fmt.Sprintf("%s is no longer %s.", f.name(w), f.p.ConditionLabel(t.Condition)))
				continue
			}
		}
		kept = append(kept, t)
	}
	f.st.Timed = kept
	f.st.Round++
	f.rollEnds(func(t Timed) bool { return t.At == "turn-start" })
	for _, fo := range f.st.Foes {
		fo.Spent, fo.Moved = nil, 0
	}
	for _, m := range f.st.Members {
		m.Spent, m.OffHandFrom, m.OffHandDone, m.Moved = nil, 0, false, 0
	}
	rec := head("round")
	rec.AddInt("round", f.st.Round)
	f.say(fmt.Sprintf("Round %d.", f.st.Round))
	return f.finish(rec)
}

// end answers [fight: op="end" outcome="won|lost|fled"]. After a won
// fight what recover brings back is picked up, then each defeated
// creature's loot table is rolled once, in the order they fell, and
// placed by the carry rule from the player's bag. A lost or fled fight
// gives nothing back and drops nothing.
func (f *fight) end(t tag.Tag) record.Record {
	outcome := strings.ToLower(strings.TrimSpace(t.Value("outcome")))
	switch outcome {
	case "won", "lost", "fled":
	default:
		return record.Refused("fight", BadOutcome, "op", "end", "outcome", outcome, "note", "outcome is won, lost or fled")
	}
	rec := head("end")
	rec.Add("outcome", outcome)
	for _, tm := range f.st.Timed { // the fight's timed conditions end with it
		if !tm.IsFoe() {
			f.p.Lift(tm.Member, tm.Condition)
		}
	}
	if outcome == "won" {
		if got := f.recoverShots(); len(got) > 0 {
			f.log = append(f.log, got...)
		}
		f.loot(&rec)
	} else {
		if outcome == "fled" {
			f.say("The party flees: nothing is picked up, nothing is looted.")
		} else {
			f.say("The fight is lost: nothing is picked up, nothing is looted.")
		}
	}
	f.p.SetPart(Section, (*State)(nil))
	delete(f.p.Parts, Section)
	return f.finish(rec)
}

// IsFoe reports a timed condition on a foe.
func (t Timed) IsFoe() bool { return t.Foe >= 0 }

// loot rolls each defeated creature's table once and places what drops.
func (f *fight) loot(rec *record.Record) {
	var dropped, placed, left []string
	for _, fi := range f.st.Fallen {
		c := f.creature(fi)
		if c == nil || c.Loot == "" || f.p.RS.Items == nil {
			continue
		}
		table := f.p.RS.Items.LootTable(c.Loot)
		if table == nil {
			continue
		}
		_, drops := loot.Roll(f.p.RS.Items, table, f.turn.Dice)
		pl, lf := loot.Place(f.p, drops)
		d := loot.DropText(drops)
		dropped = append(dropped, f.st.Foes[fi].Name+": "+d)
		if pl != "" {
			placed = append(placed, pl)
		}
		if lf != "" {
			left = append(left, lf)
		}
		f.say(fmt.Sprintf("%s leaves %s.", f.st.Foes[fi].Name, d))
	}
	if len(dropped) == 0 {
		return
	}
	rec.Add("dropped", strings.Join(dropped, "; "))
	if len(placed) > 0 {
		rec.Add("placed", strings.Join(placed, "; "))
		f.say("Already in the bags: " + strings.Join(placed, "; ") + ".")
	}
	if len(left) > 0 {
		rec.Add("leftBehind", strings.Join(left, ", "))
		f.say("Left behind, no one can carry more: " + strings.Join(left, ", ") + ".")
	}
}

// toggle answers [fight: op="toggle" who= item=]: the item's switch
// flips (engine/use) and its budget is spent.
func (f *fight) toggle(t tag.Tag) record.Record {
	w, refusal, ok := f.actor(t, "toggle", true)
	if !ok {
		return refusal
	}
	name := strings.TrimSpace(t.Value("item"))
	def := f.heldDef(w.Member, name)
	if def == nil || def.Toggle == nil {
		return record.Refused("fight", UnknownItem, "op", "toggle", "who", f.name(w), "item", name, "note", f.name(w)+" has no "+name+" with a switch")
	}
	if refusal, ok := f.canSpend(w, def.Toggle.Budget, "toggle"); !ok {
		return refusal
	}
	inner := tag.Tag{Name: "inventory", Attrs: []tag.Attr{{Key: "action", Value: "toggle"}, {Key: "item", Value: name}, {Key: "who", Value: f.name(w)}}}
	if on, has := t.Get("on"); has {
		inner.Attrs = append(inner.Attrs, tag.Attr{Key: "on", Value: on})
	}
	got := use.Toggle(f.p, inner, f.turn)
	if got.Name == "refused" {
		return got
	}
	f.spend(w, def.Toggle.Budget)
	on, _ := got.Bool("on")
	rec := head("toggle")
	rec.Add("who", f.name(w))
	rec.Add("item", def.Label)
	rec.AddBool("on", on)
	f.say(fmt.Sprintf("%s turns %s %s.", f.name(w), def.Label, onOff(on)))
	return f.finish(rec)
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// heldDef is the item member i holds by that name (stack name or label).
func (f *fight) heldDef(i int, name string) *itemrules.Item {
	m := f.p.Members[i]
	for si := range m.Bag {
		def := f.p.Def(&m.Bag[si])
		if def != nil && (eqFold(m.Bag[si].Name, name) || eqFold(def.Label, name)) {
			return def
		}
	}
	return nil
}
