package items

import (
	"sort"
	"strings"

	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
)

// Defenses are a character's typed defenses from every source combined
// (spec/items.md "Typed defenses"): each damage word is listed once, so
// several resistances never halve twice; a resistance that an immunity
// already covers is left out (immunity wins); a plain resistance and a
// vulnerability to the same word cancel out and both are left out.
// Entries keep their exceptions, so Multiplier answers any strike.
type Defenses struct {
	Resist              []effectrules.DamageEntry
	Immune              []effectrules.DamageEntry
	Vulnerable          []string
	ConditionImmunities []string
	// Ended are conditions on the sheet that an immunity ends.
	Ended []string
}

// Defenses gathers member i's typed defenses from the conditions that
// hold, their levels, their items and their sheet lists.
func (p *Party) Defenses(i int) Defenses {
	v := p.view(i, nil)
	out := p.meetDefenses(v.sources)
	out.Ended = v.ended
	return out
}

// meetDefenses gathers the sources' typed defenses and lets them meet:
// an immunity swallows a resistance it covers, a resistance and a
// vulnerability to the same word cancel.
func (p *Party) meetDefenses(srcs []source) Defenses {
	g := gatherDefenses(srcs)
	var out Defenses
	for _, w := range sortedKeys(g.immune) {
		out.Immune = append(out.Immune, g.immune[w])
	}
	for _, w := range sortedKeys(g.resist) {
		r := g.resist[w]
		if im, ok := g.immune[w]; ok && subset(im.Except, r.Except) {
			continue // whenever a strike gets past the immunity, it gets past this too
		}
		if _, v := g.vuln[w]; v && len(r.Except) == 0 {
			continue // cancels the vulnerability
		}
		out.Resist = append(out.Resist, r)
	}
	for _, w := range sortedKeys(g.vuln) {
		if im, ok := g.immune[w]; ok && len(im.Except) == 0 {
			continue
		}
		if r, ok := g.resist[w]; ok && len(r.Except) == 0 {
			continue
		}
		out.Vulnerable = append(out.Vulnerable, g.vuln[w])
	}
	for _, c := range p.RS.Conditions {
		if g.conds[c.ID] {
			out.ConditionImmunities = append(out.ConditionImmunities, c.ID)
		}
	}
	return out
}

// gathered are every source's defenses before they meet: resistances and
// immunities combined per damage word (lower-cased), the first spelling
// of each vulnerability, and the condition ids of the immunities.
type gathered struct {
	resist, immune map[string]effectrules.DamageEntry
	vuln           map[string]string
	conds          map[string]bool
}

func gatherDefenses(srcs []source) gathered {
	g := gathered{resist: map[string]effectrules.DamageEntry{}, immune: map[string]effectrules.DamageEntry{},
		vuln: map[string]string{}, conds: map[string]bool{}}
	for _, src := range srcs {
		e := src.effect
		if e == nil {
			continue
		}
		for _, d := range e.Resist {
			k := strings.ToLower(d.Type)
			g.resist[k] = combine(g.resist[k], d)
		}
		for _, d := range e.Immune {
			k := strings.ToLower(d.Type)
			g.immune[k] = combine(g.immune[k], d)
		}
		for _, w := range e.Vulnerable {
			if _, ok := g.vuln[strings.ToLower(w)]; !ok {
				g.vuln[strings.ToLower(w)] = w
			}
		}
		for _, c := range e.ConditionImmunities {
			g.conds[c] = true
		}
	}
	return g
}

// combine joins two entries for one damage word: a strike gets past the
// joined entry only when it gets past both, so the exceptions are those
// they share (none when either has none).
func combine(have, d effectrules.DamageEntry) effectrules.DamageEntry {
	if have.Type == "" {
		return effectrules.DamageEntry{Type: d.Type, Except: append([]string(nil), d.Except...)}
	}
	var shared []string
	for _, t := range have.Except {
		if containsFold(d.Except, t) {
			shared = append(shared, t)
		}
	}
	have.Except = shared
	return have
}

// subset reports every tag of a in b.
func subset(a, b []string) bool {
	for _, t := range a {
		if !containsFold(b, t) {
			return false
		}
	}
	return true
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// find returns the entry for a damage word, compared without case.
func find(list []effectrules.DamageEntry, word string) (effectrules.DamageEntry, bool) {
	for _, d := range list {
		if strings.EqualFold(d.Type, word) {
			return d, true
		}
	}
	return effectrules.DamageEntry{}, false
}

// applies reports an entry that a strike with these tags does not get
// past: any named tag on the strike bypasses it.
func applies(d effectrules.DamageEntry, tags []string) bool {
	for _, t := range tags {
		if containsFold(d.Except, t) {
			return false
		}
	}
	return true
}

// Multiplier is what the defenses do to damage of one word from a strike
// with these tags (a weapon's or spell's qualities): 0 when an immunity
// holds (it wins over everything), 1 when a resistance and a
// vulnerability meet (they cancel), 0.5 for a resistance (however many
// sources grant it), 2 for a vulnerability, else 1.
func (d Defenses) Multiplier(word string, tags ...string) float64 {
	if im, ok := find(d.Immune, word); ok && applies(im, tags) {
		return 0
	}
	r, ok := find(d.Resist, word)
	resisted := ok && applies(r, tags)
	vulnerable := containsFold(d.Vulnerable, word)
	switch {
	case resisted && vulnerable:
		return 1
	case resisted:
		return 0.5
	case vulnerable:
		return 2
	}
	return 1
}

// DefensesText is the summary line, exceptions included: `resists
// bludgeoning except magical silvered; immune to poison; vulnerable to
// fire; immune to Rattled`; "" when there are none.
func (p *Party) DefensesText(d Defenses) string {
	parts := damageParts(nil, d.Resist, d.Immune, d.Vulnerable)
	if len(d.ConditionImmunities) > 0 {
		parts = append(parts, "immune to "+p.conditionLabels(d.ConditionImmunities))
	}
	if len(d.Ended) > 0 {
		parts = append(parts, "not "+p.conditionLabels(d.Ended)+" (immune)")
	}
	return strings.Join(parts, "; ")
}

func (p *Party) conditionLabels(ids []string) string {
	names := make([]string, len(ids))
	for i, c := range ids {
		names[i] = p.conditionLabel(c)
	}
	return strings.Join(names, ", ")
}

// DefensesLine is member i's defenses for the sheet and the Game Master's
// summaries (the inventory block, `rulehost session show`): `Defenses:
// resists fire; immune to Frightened`, or "" when they have none.
func (p *Party) DefensesLine(i int) string {
	if t := p.DefensesText(p.Defenses(i)); t != "" {
		return "Defenses: " + t
	}
	return ""
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ImmuneTo reports that member i cannot be given the condition now: an
// immunity from a condition that holds, a level, an item or a sheet row
// keeps it from being applied (spec/items.md "Typed defenses").
func (p *Party) ImmuneTo(i int, condition string) bool {
	return containsStr(p.Defenses(i).ConditionImmunities, condition)
}
