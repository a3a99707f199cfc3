package fight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// speed is how far a combatant may move this round (docs/fight.md
// "Speed"): a member's combat.speed read at the start plus the flat
// speed modifiers of their conditions, levels, worn and carried items
// (at least 0), 0 while anything gives them speed-zero; a creature's own
// speed. bounded is false when there is no number to hold a move to (no
// combat.speed, a creature without speed), which speed-zero still stops.
type speed struct {
	Speed   float64
	Bounded bool
	// From names what moved it (`+2 Striding boots`); Zero what stops it.
	From, Zero []string
}

func (f *fight) speedOf(w who) speed {
	var sp speed
	if w.IsFoe() {
		c := f.creature(w.Foe)
		sp = speed{Speed: c.Speed, Bounded: c.HasSpeed}
	} else {
		fr := f.st.Members[w.Member]
		sp = speed{Speed: fr.Speed, Bounded: fr.HasSpeed}
	}
	if m := f.fightModifiers(w, "speed"); m.Flat != 0 {
		sp.Speed = max(0, sp.Speed+float64(m.Flat))
		sp.From = append(sp.From, signedWord(m.Flat)+" "+strings.Join(m.From, ", "))
	}
	if z := f.fightEffects(w)["speed-zero"]; len(z) > 0 {
		sp.Speed, sp.Zero = 0, z
	}
	return sp
}

// moved is how far w moved this round.
func (f *fight) moved(w who) float64 {
	if w.IsFoe() {
		return f.st.Foes[w.Foe].Moved
	}
	return f.st.Members[w.Member].Moved
}

// text says a speed: `6 paces (+1 Striding boots)`, `0 (speed zero:
// Rooted)`, `not bounded`.
func (f *fight) speedText(sp speed) string {
	switch {
	case len(sp.Zero) > 0:
		return "0 (speed zero: " + strings.Join(sp.Zero, ", ") + ")"
	case !sp.Bounded:
		return "not bounded" + fromText(sp.From)
	}
	return f.amount(sp.Speed) + fromText(sp.From)
}

// amount says n in combat.distance's unit.
func (f *fight) amount(n float64) string {
	s := strconv.FormatFloat(n, 'f', -1, 64)
	if ci := f.p.RS.CombatItems; ci != nil && ci.Distance != nil {
		if n == 1 && ci.Distance.One != "" {
			return s + " " + ci.Distance.One
		}
		return s + " " + ci.Distance.Unit
	}
	return s + " " + pick(n == 1, "cell", "cells")
}

// move answers [fight: op="move" who= distance=]: who moves that far,
// in combat.distance's unit. The fight has no map (docs/fight.md), so a
// move is only held to the speed: refused with speed zero, and beyond
// what is left of the speed this round; it spends no budget.
func (f *fight) move(t tag.Tag) record.Record {
	w, refusal, ok := f.actor(t, "move", false)
	if !ok {
		return refusal
	}
	d, err := strconv.ParseFloat(strings.TrimSpace(t.Value("distance")), 64)
	if err != nil || !(d > 0) || d > 1e6 {
		return record.Refused("fight", BadDistance, "op", "move", "who", f.name(w), "note", "distance is how far, a number of "+f.unit()+" above 0")
	}
	sp := f.speedOf(w)
	if len(sp.Zero) > 0 || sp.Bounded && sp.Speed == 0 {
		return record.Refused("fight", CannotMove, "op", "move", "who", f.name(w), "note", f.name(w)+"'s speed is "+f.speedText(sp))
	}
	done := f.moved(w)
	if sp.Bounded && done+d > sp.Speed {
		return record.Refused("fight", TooFar, "op", "move", "who", f.name(w), "note",
			fmt.Sprintf("%s has %s left of a speed of %s this round", f.name(w), f.amount(max(0, sp.Speed-done)), f.speedText(sp)))
	}
	if w.IsFoe() {
		f.st.Foes[w.Foe].Moved += d
	} else {
		f.st.Members[w.Member].Moved += d
	}
	rec := head("move")
	rec.Add("who", f.name(w))
	line := fmt.Sprintf("%s moves %s", f.name(w), f.amount(d))
	if sp.Bounded {
		line += fmt.Sprintf(" (%s of a speed of %s this round)", strconv.FormatFloat(done+d, 'f', -1, 64), f.speedText(sp))
	}
	f.say(line + ".")
	return f.finish(rec)
}

// moveOption is the menu's move while w has speed left this round.
func (f *fight) moveOption(w who) (Option, bool) {
	sp := f.speedOf(w)
	if len(sp.Zero) > 0 {
		return Option{}, false
	}
	if !sp.Bounded {
		return Option{Kind: "move", Label: "Move", Note: "speed " + f.speedText(sp)}, true
	}
	left := sp.Speed - f.moved(w)
	if left <= 0 {
		return Option{}, false
	}
	return Option{Kind: "move", Label: "Move", Note: fmt.Sprintf("up to %s (speed %s)", f.amount(left), f.speedText(sp))}, true
}
