package items

import (
	"encoding/json"
	"strings"

	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	"github.com/rulehost/rulehost/engine/sheet"
)

// view is member i as everything that acts on them leaves them: which of
// the sheet's conditions hold, the character a check reads, and every
// source in a fixed order.
type view struct {
	// active are the sheet's conditions that hold, in the sheet's order;
	// ended are those a condition immunity ends (or keeps from applying).
	active, ended []string
	ch            *sheet.Character
	sources       []source
}

// view computes member i's view. A condition immunity from any source
// ends the condition (spec/items.md "Typed defenses"): the sheet lists
// conditions in the order they were gained, so a condition that grants
// an immunity ends those gained before it and keeps those after it from
// applying while it holds. Abilities are then changed by the conditions
// that hold, the levels and the items; a worn item's requirement reads
// the character so changed. An unmet requirement's otherwise cannot
// change an ability, but its condition immunities end conditions too;
// the scores that decided the requirement stay as they were. When ch is
// given (a check's character), requirements read it instead.
func (p *Party) view(i int, ch *sheet.Character) *view {
	m := p.Members[i]
	items := p.appliedItems(m)
	var levels, fixed []source
	for _, id := range m.Sheet.Levels {
		levels = append(levels, p.levelSources(id)...)
	}
	hides := p.hideSources(m)
	fixed = append(fixed, levels...)
	for _, a := range items {
		if e := a.effect(); e != nil {
			fixed = append(fixed, source{label: a.label, effect: e})
		}
	}
	fixed = append(fixed, hides...)
	active, _ := p.holding(m.ConditionIDs(), immunities(fixed))
	if ch == nil {
		var changes []*effectrules.Effect
		for _, id := range active {
			for _, s := range p.conditionSources(id) {
				changes = append(changes, s.effect)
			}
		}
		for _, s := range fixed {
			changes = append(changes, s.effect)
		}
		ch = sheet.New(p.RS, m.Sheet)
		ch.Items = reader{p: p, m: m}
		ch.Scores = p.scores(m, changes)
		ch.Pools = m.Pools
	}
	var itemSources, otherwise []source
	for _, a := range items {
		if e := a.effect(); e != nil {
			itemSources = append(itemSources, source{label: a.label, effect: e})
		}
		if !a.worn {
			continue
		}
		for _, rq := range a.def.Requires {
			if rq.Otherwise != nil && ch.Value(rq.Value) < rq.AtLeast {
				s := source{label: a.label, effect: rq.Otherwise}
				itemSources = append(itemSources, s)
				otherwise = append(otherwise, s)
			}
		}
	}
	v := &view{ch: ch}
	v.active, v.ended = p.holding(m.ConditionIDs(), immunities(append(fixed, otherwise...)))
	for _, id := range v.active {
		v.sources = append(v.sources, p.conditionSources(id)...)
	}
	v.sources = append(v.sources, p.woundSources(m)...)
	v.sources = append(v.sources, levels...)
	v.sources = append(v.sources, itemSources...)
	v.sources = append(v.sources, hides...)
	return v
}

// holding walks the sheet's conditions in the order they were gained:
// one that an immunity covers (from the fixed sources or a condition
// that holds) does not apply, and one that applies ends those held
// before it that it grants immunity to.
func (p *Party) holding(conds []string, fixed map[string]bool) (active, ended []string) {
	seen := map[string]bool{}
	for _, c := range conds {
		if seen[c] {
			continue
		}
		seen[c] = true
		if fixed[c] || p.grantsImmunity(active, c) {
			ended = append(ended, c)
			continue
		}
		imm := immunities(p.conditionSources(c))
		kept := active[:0:0]
		for _, a := range active {
			if imm[a] && a != c {
				ended = append(ended, a)
				continue
			}
			kept = append(kept, a)
		}
		active = append(kept, c)
	}
	return active, ended
}

func (p *Party) grantsImmunity(active []string, c string) bool {
	for _, a := range active {
		if a != c && immunities(p.conditionSources(a))[c] {
			return true
		}
	}
	return false
}

// immunities are the condition ids the sources grant immunity to.
func immunities(srcs []source) map[string]bool {
	out := map[string]bool{}
	for _, s := range srcs {
		if s.effect == nil {
			continue
		}
		for _, c := range s.effect.ConditionImmunities {
			out[c] = true
		}
	}
	return out
}

// conditionSources are what condition id does while it holds: its check
// effect and its combat.conditions[] defenses.
func (p *Party) conditionSources(id string) []source {
	if p.condSrc != nil {
		return p.condSrc[id]
	}
	return p.parseConditionSources(id)
}

func (p *Party) parseConditionSources(id string) []source {
	var grants []fightrules.DefenseGrant
	if d := p.RS.Defenses; d != nil {
		grants = d.Conditions
	}
	namesIt := func(g fightrules.DefenseGrant) bool { return g.Condition == id }
	var out []source
	for _, c := range p.RS.Conditions {
		if c.ID == id {
			out = append(out, grantedSources(labelOr(c.Label, c.ID), c.Check, grants, namesIt)...)
		}
	}
	return out
}

// levelSources are what a reached level does: its check effect and its
// combat.levels[] defenses.
func (p *Party) levelSources(id string) []source {
	if p.levelSrc != nil {
		return p.levelSrc[id]
	}
	return p.parseLevelSources(id)
}

func (p *Party) parseLevelSources(id string) []source {
	var grants []fightrules.DefenseGrant
	if d := p.RS.Defenses; d != nil {
		grants = d.Levels
	}
	namesIt := func(g fightrules.DefenseGrant) bool { return g.Level == id }
	var out []source
	for _, l := range p.RS.Levels {
		if l.ID == id {
			out = append(out, grantedSources(labelOr(l.Label, l.ID), l.Check, grants, namesIt)...)
		}
	}
	return out
}

// grantedSources are what one condition or level does, under its label:
// its check effect, then each combat mapping (grants) that names it.
// Conditions and levels are declared alike, so they are read alike.
func grantedSources(label string, check json.RawMessage, grants []fightrules.DefenseGrant, names func(fightrules.DefenseGrant) bool) []source {
	var out []source
	if len(check) > 0 {
		out = append(out, source{label: label, effect: effectrules.ParseEffect(check)})
	}
	for _, g := range grants {
		if names(g) {
			out = append(out, source{label: label, effect: g.Effect})
		}
	}
	return out
}

// hideSources read combat.sheetHides: each row of the named list gives
// the words of its column, comma-separated, trimmed and compared without
// case; empty words are skipped. Resistance and immunity words may carry
// "except" ("bludgeoning except magical silvered"); vulnerabilities and
// condition immunities are plain words. A damage word the declared
// vocabulary does not know, and a condition id the ruleset does not
// declare, is ignored: the sheet is the player's free text.
func (p *Party) hideSources(m *Member) []source {
	d := p.RS.Defenses
	if d == nil || len(d.SheetHides) == 0 || m.Sheet == nil {
		return nil
	}
	var out []source
	for _, h := range d.SheetHides {
		label := h.List
		if l, ok := p.RS.List(h.List); ok {
			label = l.Label
		}
		e := &effectrules.Effect{}
		for _, row := range m.Sheet.Lists[h.List] {
			for _, word := range strings.Split(row.Text(h.Column), ",") {
				word = strings.TrimSpace(word)
				if word == "" {
					continue
				}
				switch h.Kind {
				case fightrules.KindResist, fightrules.KindImmune:
					entry, ok := p.damageEntry(word)
					if !ok {
						continue
					}
					if h.Kind == fightrules.KindResist {
						e.Resist = append(e.Resist, entry)
					} else {
						e.Immune = append(e.Immune, entry)
					}
				case fightrules.KindVulnerable:
					if w, ok := d.DamageWord(strings.ToLower(word)); ok {
						e.Vulnerable = append(e.Vulnerable, w)
					}
				case fightrules.KindConditionImmunities:
					for _, c := range p.RS.Conditions {
						if strings.EqualFold(c.ID, word) {
							e.ConditionImmunities = append(e.ConditionImmunities, c.ID)
						}
					}
				}
			}
		}
		out = append(out, source{label: label, effect: e})
	}
	return out
}

// damageEntry reads "bludgeoning except magical silvered" from a sheet:
// the damage word before "except", the strike tags after it (an items
// tag by its id when the block declares it).
func (p *Party) damageEntry(word string) (effectrules.DamageEntry, bool) {
	fields := strings.Fields(strings.ToLower(word))
	cut := len(fields)
	for k, f := range fields {
		if f == "except" {
			cut = k
			break
		}
	}
	if cut == 0 {
		return effectrules.DamageEntry{}, false
	}
	typ, ok := p.RS.Defenses.DamageWord(strings.Join(fields[:cut], " "))
	if !ok {
		return effectrules.DamageEntry{}, false
	}
	entry := effectrules.DamageEntry{Type: typ}
	for _, t := range fields[min(cut+1, len(fields)):] {
		if b := p.block(); b != nil {
			for _, decl := range b.Tags {
				if strings.EqualFold(decl.ID, t) {
					t = decl.ID
				}
			}
		}
		if !containsStr(entry.Except, t) {
			entry.Except = append(entry.Except, t)
		}
	}
	return entry, true
}
