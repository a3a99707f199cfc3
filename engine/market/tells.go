package market

import (
	"strconv"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// clue is one check that can give a fake away: a tell of the fake, or a
// dishonest seller's manner (which says something is wrong with what it
// sells, never what).
type clue struct {
	tell   *itemrules.Tell
	manner bool
}

// cluesOf are the checks about an item (and its seller): the fake's
// tells, or for a real item the tells of every fake that passes for it,
// then a dishonest seller's manner.
func cluesOf(b *itemrules.ItemsBlock, it *itemrules.Item, sl *itemrules.Seller) []clue {
	var out []clue
	if it.IsFake() {
		for i := range it.Market.Tells {
			out = append(out, clue{tell: &it.Market.Tells[i]})
		}
	} else {
		for _, f := range b.Items {
			if f.IsFake() && f.Market.PassesFor == it.Ref() {
				for i := range f.Market.Tells {
					out = append(out, clue{tell: &f.Market.Tells[i]})
				}
			}
		}
	}
	if sl != nil && !sl.Honest && sl.Manner != nil {
		out = append(out, clue{tell: sl.Manner, manner: true})
	}
	return out
}

// canMake reports whether member i can make a tell's check: its needs
// all met, one of its needsAny, and one of its carries in their own bag.
func canMake(p *items.Party, i int, ch *sheet.Character, t *itemrules.Tell) bool {
	for _, n := range t.Needs {
		if ch.Value(n.Value) < n.AtLeast {
			return false
		}
	}
	if len(t.NeedsAny) > 0 && !anyMet(ch, t.NeedsAny) {
		return false
	}
	if len(t.Carries) == 0 {
		return true
	}
	for _, s := range p.Members[i].Bag {
		for _, ref := range t.Carries {
			if s.Item == ref && s.Count > 0 {
				return true
			}
		}
	}
	return false
}

func anyMet(ch *sheet.Character, lines []itemrules.Fits) bool {
	for _, n := range lines {
		if ch.Value(n.Value) >= n.AtLeast {
			return true
		}
	}
	return false
}

// mode is the tell's advantage (+1), disadvantage (-1) or neither (0):
// both cancel out.
func mode(ch *sheet.Character, t *itemrules.Tell) int {
	m := 0
	if anyMet(ch, t.AdvantageIf) {
		m++
	}
	if anyMet(ch, t.DisadvantageIf) {
		m--
	}
	return m
}

// number is the character's number for a tell's check, as a passive
// value reads it: a skill's ability modifier, tier bonus and bonus; an
// ability's modifier; a sheet value.
func number(rs *ruleset.Ruleset, ch *sheet.Character, g *itemrules.Gate) int {
	switch {
	case g.Skill != "":
		for _, s := range rs.Skills {
			if s.ID == g.Skill {
				tr := ch.Training(s.ID, false)
				return ch.AbilityMod(s.Ability) + ch.TierBonus(tr.Tier) + tr.Bonus
			}
		}
	case g.Ability != "":
		return ch.AbilityMod(g.Ability)
	case g.Value != nil:
		return int(ch.Value(*g.Value))
	}
	return 0
}

// passive is items.passiveBase plus the number, 5 more with advantage
// and 5 less with disadvantage.
func passive(b *itemrules.ItemsBlock, rs *ruleset.Ruleset, ch *sheet.Character, t *itemrules.Tell) int {
	return b.PassiveBase + number(rs, ch, &t.Check) + 5*mode(ch, t)
}

// rolled is a tell's check as rolled with the ruleset's own dice and
// kind: whether it succeeded and by what margin (the total or count
// past the difficulty).
type rolled struct {
	success bool
	margin  int
}

// roll rolls a tell's check for member i on stream s.
func roll(p *items.Party, i int, t *itemrules.Tell, s dice.Stream) rolled {
	ch, effects := p.CheckEnv(i)
	env := &check.Env{RS: p.RS, Char: ch, Dice: s, Effects: effects}
	tg := tag.Tag{Name: "skill_check", Attrs: []tag.Attr{{Key: "dc", Value: strconv.Itoa(t.DC)}}}
	switch mode(ch, t) {
	case 1:
		tg.Attrs = append(tg.Attrs, tag.Attr{Key: "mode", Value: "advantage"})
	case -1:
		tg.Attrs = append(tg.Attrs, tag.Attr{Key: "mode", Value: "disadvantage"})
	}
	var res check.Result
	g := &t.Check
	switch {
	case g.Skill != "":
		tg.Attrs = append(tg.Attrs, tag.Attr{Key: "skill", Value: g.Skill})
		res = check.Resolve(env, tg)
	case g.Ability != "":
		tg.Attrs = append(tg.Attrs, tag.Attr{Key: "ability", Value: g.Ability})
		res = check.Resolve(env, tg)
	default:
		res = check.ResolveValue(env, "sheet value", number(p.RS, ch, g), tg)
	}
	out := rolled{}
	out.success, _ = res.Record.Bool("success")
	if total, ok := res.Record.Int("total"); ok {
		out.margin = total - t.DC
	} else if n, ok := res.Record.Int("successes"); ok {
		out.margin = n - t.DC
	}
	return out
}

// notice is the first other party member who notices, before anyone
// pays, that a purchase would get a fake: each check they can make about
// the fake and its seller, passive (or rolled, with warnBy "roll"),
// against its difficulty. It returns -1 when nobody does.
func notice(p *items.Party, pu purchase, turn items.Turn) (int, string) {
	b := p.RS.Items
	clues := cluesOf(b, pu.o.item, pu.o.seller)
	for j := range p.Members {
		if j == pu.who {
			continue
		}
		ch := p.Character(j)
		for _, c := range clues {
			if !canMake(p, j, ch, c.tell) {
				continue
			}
			var seen bool
			if b.WarnBy == "roll" {
				seen = roll(p, j, c.tell, turn.Dice).success
			} else {
				seen = passive(b, p.RS, ch, c.tell) >= c.tell.DC
			}
			if seen {
				return j, said(c, pu.o.seller)
			}
		}
	}
	return -1, ""
}

// said is what noticing a clue says.
func said(c clue, sl *itemrules.Seller) string {
	if c.manner {
		return "something is wrong with what the " + sl.Label + " sells: " + c.tell.Says
	}
	return c.tell.Says
}
