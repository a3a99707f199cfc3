package prompt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// attributes lists the skill_check attributes this ruleset reads, each
// only where docs/tags.md says its kind reads it and the ruleset offers
// it: mode= only with advantage, bonus= only with situational dice, and
// so on. A plugin kind is taught the attributes every kind reads.
func attributes(rs *ruleset.Ruleset, d *RulesData) []Attribute {
	out := []Attribute{{"who", "the character rolling, by name (the player when left out)"}}
	res := rs.Resolution
	if res == nil {
		return out
	}
	if dc := dcMeaning(res); dc != "" {
		out = append(out, Attribute{"dc", dc})
	}
	if len(d.Ladder) > 0 {
		out = append(out, Attribute{"difficulty", "a rung of the difficulty ladder by its label, instead of a number"})
	}
	switch {
	case res.DiceSum != nil:
		if res.DiceSum.Advantage {
			out = append(out, Attribute{"mode", `"advantage" or "disadvantage": two throws, keep the better or the worse`})
		}
	case res.DicePool != nil:
		out = append(out, poolAttributes(res.DicePool, d)...)
	case res.DiceHighest != nil:
		dh := res.DiceHighest
		if dh.Situational != nil {
			out = append(out, Attribute{"bonus", fmt.Sprintf(`dice added or removed ("+N" or "-N", %d to %d), for help or extra effort`, dh.Situational.Min, dh.Situational.Max)})
		}
		if dh.Dark != nil {
			out = append(out, Attribute{"dark", fmt.Sprintf("%s to add (1 to %d)", darkLabel(dh.Dark), dh.Dark.Max)})
		}
		if len(d.Spends) > 0 {
			out = append(out, spendAttribute())
		}
	case res.RollAgainst != nil:
		if res.RollAgainst.Tens > 0 {
			out = append(out, Attribute{"bonus", fmt.Sprintf(`bonus ("+N") or penalty ("-N") tens dice, up to %d`, res.RollAgainst.Tens)})
		}
	case res.SymbolPool != nil:
		out = append(out, symbolAttributes(res.SymbolPool, d)...)
	}
	return out
}

func darkLabel(dd *ruleset.DarkDice) string {
	if dd.Label != "" {
		return dd.Label
	}
	return "dark dice"
}

func spendAttribute() Attribute {
	return Attribute{"spend", `"pool:points" (several separated by commas): pay from a live pool for what it buys, as the player announced`}
}

func dcMeaning(res *ruleset.Resolution) string {
	switch {
	case res.DiceSum != nil:
		return "the total to reach"
	case res.DicePool != nil:
		return fmt.Sprintf("the successes needed (1 to %d)", res.DicePool.MaxCount())
	case res.DiceHighest != nil:
		return fmt.Sprintf("the total of the kept dice to reach (1 to %d)", res.DiceHighest.Keep*res.DiceHighest.Sides)
	case res.RollAgainst != nil:
		return "the shift of the target number (-100 to 100)"
	case res.SymbolPool != nil:
		return fmt.Sprintf("the opposing dice (0 to %d)", res.SymbolPool.Difficulty.Max)
	}
	return ""
}

func poolAttributes(dp *ruleset.DicePool, d *RulesData) []Attribute {
	var out []Attribute
	if dp.Target.Adjustable() && dp.Target.From == nil {
		out = append(out, Attribute{"threshold", fmt.Sprintf("the face each die must reach (%d to %d; %d when left out)", dp.Target.Min, dp.Target.Max, dp.Target.Default)})
	}
	if dp.Situational != nil {
		out = append(out, Attribute{"bonus", fmt.Sprintf(`dice added or removed ("+N" or "-N", %d to %d)`, dp.Situational.Min, dp.Situational.Max)})
	}
	if dp.Explode != nil && dp.Explode.Min > 0 {
		out = append(out, Attribute{"explode", fmt.Sprintf("the face at or above which a die rolls again, down to %d", dp.Explode.Min)})
	}
	if dp.Double != nil && dp.Double.Min > 0 {
		out = append(out, Attribute{"double", fmt.Sprintf("the face at or above which a die counts twice, down to %d", dp.Double.Min)})
	}
	if len(dp.Rerolls) > 0 {
		var ids []string
		for _, r := range dp.Rerolls {
			ids = append(ids, r.ID)
		}
		out = append(out, Attribute{"reroll", "a reroll the system grants, by name: " + strings.Join(ids, ", ")})
	}
	if len(d.Spends) > 0 {
		out = append(out, spendAttribute())
	}
	if len(d.Charms) > 0 {
		out = append(out, Attribute{"use", "a charm the character has, by name, paid with spend="})
	}
	return out
}

func symbolAttributes(sp *ruleset.SymbolPool, d *RulesData) []Attribute {
	var out []Attribute
	if sp.Boost != nil {
		out = append(out, Attribute{"bonus", fmt.Sprintf(`boost dice ("+N", up to %d) or setback dice ("-N")`, sp.Boost.Max)})
	}
	if sp.Setback != nil {
		out = append(out, Attribute{"setback", fmt.Sprintf("setback dice added (up to %d)", sp.Setback.Max)})
	}
	if sp.Difficulty.Upgrade >= 0 {
		out = append(out, Attribute{"upgrade", "opposing dice replaced by the upgraded die"})
	}
	if sp.AllowOwnUpgrade && sp.Pool.Upgrade >= 0 {
		out = append(out, Attribute{"upgradeOwn", "the roller's dice upgraded"})
	}
	if len(d.Spends) > 0 {
		out = append(out, spendAttribute())
	}
	return out
}

// notes name the kind's own dice and symbols, which the records show.
func notes(res *ruleset.Resolution) []string {
	if res == nil {
		return nil
	}
	var out []string
	if dh := res.DiceHighest; dh != nil && dh.Dark != nil {
		s := darkLabel(dh.Dark) + ": the record says darkHighest=\"true\" when one beat every light die"
		if dh.Dark.Text != "" {
			s += "; " + dh.Dark.Text
		}
		out = append(out, s)
	}
	if dp := res.DicePool; dp != nil && dp.Exact != nil && dp.Exact.Label != "" {
		s := dp.Exact.Label + ": a die showing exactly the target; the record says exact=\"N\""
		if dp.Exact.Text != "" {
			s += "; " + dp.Exact.Text
		}
		out = append(out, s)
	}
	if sp := res.SymbolPool; sp != nil {
		for _, sym := range sp.Symbols {
			if sym.Text != "" {
				out = append(out, sym.Label+": "+sym.Text)
			}
		}
	}
	return out
}

// exampleTarget is the first skill (else save, else ability) that no
// override rolls differently: the examples teach the ruleset's own kind.
func exampleTarget(rs *ruleset.Ruleset) (attr, label string, ok bool) {
	covered := map[string]bool{}
	if rs.Resolution != nil {
		for _, o := range rs.Resolution.Overrides {
			for _, id := range o.Skills {
				covered["skill/"+id] = true
			}
			for _, id := range o.Saves {
				covered["save/"+id] = true
			}
			for _, id := range o.Abilities {
				covered["ability/"+id] = true
			}
		}
	}
	for _, s := range rs.Skills {
		if !covered["skill/"+s.ID] {
			return "skill", labelOr(s.Label, s.ID), true
		}
	}
	for _, s := range rs.Saves {
		if !covered["save/"+s.ID] {
			return "save", labelOr(s.Label, s.ID), true
		}
	}
	for _, a := range rs.Abilities {
		if !covered["ability/"+a.ID] {
			return "ability", labelOr(a.Label, a.ID), true
		}
	}
	return "", "", false
}

// exampleDC is a difficulty the kind reads as a plain number.
func exampleDC(res *ruleset.Resolution) string {
	switch {
	case res.DiceSum != nil:
		ds := res.DiceSum
		hi := ds.Count * ds.Sides
		if len(ds.Faces) > 0 {
			hi = ds.Count * ds.Faces[len(ds.Faces)-1]
		}
		return strconv.Itoa(max(1, hi/2+1))
	case res.DicePool != nil:
		return "2"
	case res.DiceHighest != nil:
		return strconv.Itoa(max(1, res.DiceHighest.Sides-2))
	case res.RollAgainst != nil:
		return "-10"
	case res.SymbolPool != nil:
		return strconv.Itoa(min(2, res.SymbolPool.Difficulty.Max))
	}
	return ""
}

// examples are whole tags, one per attribute the section teaches.
func examples(rs *ruleset.Ruleset, p *items.Party, d *RulesData) []string {
	attr, label, ok := exampleTarget(rs)
	if !ok {
		return nil
	}
	base := attr + `="` + label + `"`
	tag := func(parts ...string) string {
		return "[skill_check: " + strings.Join(append([]string{base}, parts...), " ") + "]"
	}
	res := rs.Resolution
	dc := ""
	if res != nil {
		dc = exampleDC(res)
	}
	withDC := func(parts ...string) string {
		if dc != "" {
			parts = append([]string{`dc="` + dc + `"`}, parts...)
		}
		return tag(parts...)
	}
	out := []string{withDC()}
	if len(p.Members) > 0 {
		out = append(out, withDC(`who="`+p.Members[len(p.Members)-1].Name+`"`))
	}
	if len(d.Ladder) > 0 {
		out = append(out, tag(`difficulty="`+d.Ladder[len(d.Ladder)/2].Label+`"`))
	}
	for _, a := range d.Attributes {
		if v := exampleValue(rs, d, a.Name); v != "" {
			out = append(out, withDC(a.Name+`="`+v+`"`))
		}
	}
	for _, c := range d.Charms {
		out = append(out, withDC(`who="`+c.Who[0]+`"`, `use="`+c.Label+`"`))
	}
	return out
}

// exampleValue is a value the engine reads for an optional attribute.
func exampleValue(rs *ruleset.Ruleset, d *RulesData, name string) string {
	res := rs.Resolution
	switch name {
	case "mode":
		return "advantage"
	case "bonus":
		return "+1"
	case "threshold":
		return strconv.Itoa(res.DicePool.Target.Max)
	case "explode":
		return strconv.Itoa(res.DicePool.Explode.Min)
	case "double":
		return strconv.Itoa(res.DicePool.Double.Min)
	case "reroll":
		return res.DicePool.Rerolls[0].ID
	case "dark":
		return "1"
	case "spend":
		s := d.Spends[0]
		return s.Pool + ":" + strconv.Itoa(s.Amount)
	case "setback", "upgrade", "upgradeOwn":
		return "1"
	}
	return ""
}
