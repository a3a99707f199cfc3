package fight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
)

// damage rolls and deals a hit's damage to tg (docs/fight.md): the
// weapon's (summed: its dice, doubled on a critical, and what it adds;
// pool: the net successes and its extra dice's successes, less soak),
// raised to its floor, then met by tg's typed defenses; then each plus
// clause on its own; then the onHit conditions, on what all of it dealt.
func (f *fight) damage(w who, a *arm, tg who, crit bool, net, target int) int {
	mult := 1
	if crit {
		mult = 2
	}
	var base int
	var line string
	if f.st.Pool {
		dp := f.p.RS.Resolution.DicePool
		base = net
		line = plural(net, "success", "successes")
		if a.PoolDice > 0 {
			r := rollPool(f.turn.Dice, dp, a.PoolDice*mult, target)
			base += r.Net
			line += fmt.Sprintf(" + %d from %d more %s (%s)", r.Net, len(r.Faces), pick(len(r.Faces) == 1, "die", "dice"), joinInts(r.Faces))
		}
		line += signedIf(a.Add) + fromText(nonEmpty(a.Bonus.dmgFrom()))
		base += a.Add
		if s := f.soak(tg); s > 0 {
			base -= s
			line += fmt.Sprintf(" - %d soak", s)
		}
	} else if f.st.Symbol {
		base, line = f.symbolDamage(a, tg, mult, net)
	} else if a.HasDice {
		faces, total := rollDamage(f.turn.Dice, a.Dice, mult)
		if a.RerollUpTo > 0 {
			total = rerollLow(f.turn.Dice, a.Dice, faces, a.RerollUpTo)
		}
		line = diceText(a, faces, mult)
		if b := a.Bonus; b != nil && len(b.DmgDice)+len(b.DmgMinus) > 0 {
			// Doubled on a critical like the weapon's own dice, never
			// rerolled (docs/fight.md **Choice**).
			extra, text := rollBonusDice(f.turn.Dice, b.DmgDice, b.DmgMinus, mult)
			total += extra
			line += text
		}
		base = total + a.Add
		line += signedIf(a.Add) + fromText(nonEmpty(a.Bonus.dmgFrom()))
	}
	base = max(0, base)
	line += fmt.Sprintf(" = %d", base)
	if a.HasFloor && base < a.Floor {
		base = a.Floor
		line += fmt.Sprintf(", raised to %d (at least %d on a hit before resistance)", base, a.Floor)
	}
	dealt, said := f.typed(tg, base, a.Type, a.Tags)
	line += typeWord(a.Type) + said
	for i := range a.Plus {
		n, text, ok := f.plusClause(a, &a.Plus[i], tg, crit)
		if ok {
			dealt += n
			line += "; " + text
		}
	}
	if a.takes {
		took := f.takeNumber(tg, dealt)
		f.say(fmt.Sprintf("%s's %s takes %d from %s's number: %d left (%s).", f.name(w), a.Label, took, f.name(tg), f.number(tg), line))
		return 0
	}
	f.say(fmt.Sprintf("%s deals %s. %s", a.Label, line, f.hurt(tg, dealt)))
	if dealt > 0 {
		f.damaged(tg)
	}
	if !f.down(tg) {
		for _, oh := range a.OnHit {
			f.impose(tg, oh, dealt)
		}
	}
	return dealt
}

// typed meets n damage of word from a strike carrying tags with tg's
// typed defenses: immunity takes it all, resistance halves it (rounded
// down, once), vulnerability doubles it, an except tag on the strike gets
// past the entry. It says what happened (` cut`, `, halved to 1 (resists
// tearing)`).
func (f *fight) typed(tg who, n int, word string, tags []string) (int, string) {
	if n == 0 || word == "" && len(f.resistAll(tg)) == 0 {
		return n, ""
	}
	d := f.defenses(tg)
	switch f.multiplier(tg, d, word, tags) {
	case 0:
		return 0, fmt.Sprintf(", none taken (immune to %s)", entryText(d.Immune, word))
	case 0.5:
		return n / 2, fmt.Sprintf(", halved to %d (resists %s)", n/2, entryText(d.Resist, word))
	case 2:
		return n * 2, fmt.Sprintf(", doubled to %d (vulnerable to %s)", n*2, word)
	case halvedAll:
		return n / 2, fmt.Sprintf(", halved to %d (resists all: %s)", n/2, strings.Join(f.resistAll(tg), ", "))
	}
	if got := gotThrough(d, word, tags); got != "" {
		return n, fmt.Sprintf(", taken in full (%s gets through)", got)
	}
	return n, ""
}

// gotThrough names the strike's tag that got past a resistance or an
// immunity's except, "" when none stood in the way.
func gotThrough(d items.Defenses, word string, tags []string) string {
	for _, list := range [][]string{exceptsOf(d.Immune, word), exceptsOf(d.Resist, word)} {
		for _, t := range tags {
			if containsFold(list, t) {
				return t
			}
		}
	}
	return ""
}

func exceptsOf(entries []effectrules.DamageEntry, word string) []string {
	for _, e := range entries {
		if strings.EqualFold(e.Type, word) {
			return e.Except
		}
	}
	return nil
}

// plusClause rolls one plus clause against tg: only on a critical with
// when "critical", only while the switch is on with "toggled", only at a
// target it reaches; its dice doubled on a critical; its own save halves
// or negates it; typed and resisted on its own.
func (f *fight) plusClause(a *arm, c *plus, tg who, crit bool) (int, string, bool) {
	switch {
	case c.When == "critical" && !crit:
		return 0, "", false
	case c.When == "toggled" && !a.Toggled:
		return 0, "", false
	}
	if types, tags := f.typesTags(tg); !c.reaches(types, tags) {
		return 0, "", false
	}
	n := c.Flat
	text := ""
	if c.HasDice {
		mult := 1
		if crit {
			mult = 2
		}
		faces, total := rollDamage(f.turn.Dice, c.Dice, mult)
		n += total
		text = strconv.Itoa(c.Dice.Count*mult) + "d" + strconv.Itoa(c.Dice.Sides) + " (" + joinInts(faces) + ")"
		if c.Flat != 0 {
			text += signed(c.Flat)
		}
	} else {
		text = strconv.Itoa(c.Flat)
	}
	n = max(0, n)
	text = fmt.Sprintf("+%s = %d%s", text, n, typeWord(c.Type))
	if c.HasSave {
		ok, said := f.rollSave(tg, c.Save, c.SaveDC)
		text += " (" + said
		if ok {
			if c.OnSuccess == "half" {
				n /= 2
				text += fmt.Sprintf(", halved to %d)", n)
			} else {
				n = 0
				text += ", none)"
			}
		} else {
			text += ")"
		}
	}
	got, said := f.typed(tg, n, c.Type, a.Tags)
	return got, text + said, true
}

func diceText(a *arm, faces []int, mult int) string {
	s := strconv.Itoa(a.Dice.Count*mult) + "d" + strconv.Itoa(a.Dice.Sides) + " (" + joinInts(faces) + ")"
	if a.Dice.Modifier != 0 {
		s += signed(a.Dice.Modifier)
	}
	return s
}

func signedIf(n int) string {
	if n == 0 {
		return ""
	}
	return signed(n)
}

func signedWord(n int) string {
	if n < 0 {
		return strconv.Itoa(n)
	}
	return "+" + strconv.Itoa(n)
}

func typeWord(t string) string {
	if t == "" {
		return ""
	}
	return " " + t
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ", ")
}

// entryText says a defense entry with its exceptions: `tearing except silver`.
func entryText(entries []effectrules.DamageEntry, word string) string {
	for _, e := range entries {
		if strings.EqualFold(e.Type, word) {
			if len(e.Except) > 0 {
				return e.Type + " except " + strings.Join(e.Except, " ")
			}
			return e.Type
		}
	}
	return word
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// rerollLow rolls again, once, each of the weapon's own damage dice at or
// below upTo (a critical's extra dice too), in order, the new face
// standing (rerollUpTo); it returns the new total.
func rerollLow(s dice.Stream, n dice.Notation, faces []int, upTo int) int {
	total := n.Modifier
	for i, x := range faces {
		if x <= upTo {
			faces[i] = s.Roll(n.Sides)
		}
		total += faces[i]
	}
	return total
}

// halvedAll is the multiplier of a resist-all effect: a half, told apart
// from a typed resistance so the log names it.
const halvedAll = 0.4999

// multiplier is what tg's defenses do to damage of word from a strike
// carrying tags, with a member's resist-all effect: a resistance to
// everything, which never halves twice and cancels a vulnerability.
func (f *fight) multiplier(tg who, d items.Defenses, word string, tags []string) float64 {
	m := d.Multiplier(word, tags...)
	if len(f.resistAll(tg)) == 0 {
		return m
	}
	switch m {
	case 1:
		return halvedAll
	case 2:
		return 1
	}
	return m
}

// resistAll names what gives tg the resist-all effect.
func (f *fight) resistAll(tg who) []string {
	return f.fightEffects(tg)["resist-all"]
}

// nonEmpty is s as a list of one, none when s is "".
func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
