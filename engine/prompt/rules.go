package prompt

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"weak"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// RulesData is the rules section's facts: how to ask for a check in this
// ruleset's own terms (spec/checks.md).
type RulesData struct {
	Ruleset string `json:"ruleset"`
	Kind    string `json:"kind"`
	// Targets are what a check rolls, by kind (skill, save, ability), with
	// the labels the GM names them by.
	Targets []Target `json:"targets"`
	// Attributes are the skill_check attributes this ruleset reads.
	Attributes []Attribute `json:"attributes"`
	Ladder     []Rung      `json:"ladder,omitempty"`
	Bands      []Band      `json:"bands,omitempty"`
	Spends     []Spend     `json:"spends,omitempty"`
	Charms     []Charm     `json:"charms,omitempty"`
	Overrides  []Override  `json:"overrides,omitempty"`
	// Tags are the plugin tags the GM may write, as their manifests
	// declare them (Input.Mechanics).
	Tags []PluginTag `json:"tags,omitempty"`
	// Notes are the kind's own dice the GM should know by name (dark
	// dice, an exact die, symbols).
	Notes []string `json:"notes,omitempty"`
	// Examples are whole tags the engine answers on this ruleset's party
	// (the drift test answers each one).
	Examples []string `json:"examples"`
}

// Target is one kind of thing a check rolls.
type Target struct {
	Attr   string   `json:"attr"` // skill, save, ability
	Labels []string `json:"labels"`
}

// Attribute is one skill_check attribute and what it means here.
type Attribute struct {
	Name    string `json:"name"`
	Meaning string `json:"meaning"`
}

// Rung is a difficulty ladder rung.
type Rung struct {
	Label     string `json:"label"`
	DC        int    `json:"dc,omitempty"`
	Successes int    `json:"successes,omitempty"`
	Text      string `json:"text,omitempty"`
}

// Band is an outcome band; Text tells the GM what it means at the table.
type Band struct {
	Label    string `json:"label"`
	Success  bool   `json:"success"`
	Critical bool   `json:"critical,omitempty"`
	Text     string `json:"text,omitempty"`
}

// Spend is what points of a live pool buy on a check.
type Spend struct {
	Pool   string `json:"pool"`
	Label  string `json:"label"`
	Amount int    `json:"amount"`
	Buys   string `json:"buys"`
}

// Charm is a catalog entry that changes a roll when used (use=).
type Charm struct {
	Label string   `json:"label"`
	Who   []string `json:"who"`
}

// Override is a group of checks that roll differently.
type Override struct {
	Label   string   `json:"label"`
	Applies []string `json:"applies"`
	Text    string   `json:"text,omitempty"`
}

func rulesSection(rs *ruleset.Ruleset, p *items.Party, mechs []Mechanic) Section {
	d := rulesData(rs, p)
	teachMechanics(rs, p, d, mechs)
	return Section{Name: Rules, Data: d, Text: rulesText(d)}
}

func rulesData(rs *ruleset.Ruleset, p *items.Party) *RulesData {
	d := &RulesData{Ruleset: rs.Name, Kind: kindOf(rs)}
	d.Targets = targets(rs)
	res := rs.Resolution
	if res != nil {
		d.Ladder = ladder(res)
		d.Bands = bands(res)
		d.Spends = spends(rs, res)
		d.Overrides = overrides(rs, res)
	}
	d.Charms = charms(rs, p)
	d.Attributes = attributes(rs, d)
	d.Notes = notes(res)
	d.Examples = examples(rs, p, d)
	return d
}

func kindOf(rs *ruleset.Ruleset) string {
	if rs.Resolution == nil {
		return ""
	}
	return rs.Resolution.Kind
}

func targets(rs *ruleset.Ruleset) []Target {
	var out []Target
	if l := skillLabels(rs.Skills); len(l) > 0 {
		out = append(out, Target{Attr: "skill", Labels: l})
	}
	if l := skillLabels(rs.Saves); len(l) > 0 {
		out = append(out, Target{Attr: "save", Labels: l})
	}
	var ab []string
	for _, a := range rs.Abilities {
		ab = append(ab, labelOr(a.Label, a.ID))
	}
	if len(ab) > 0 {
		out = append(out, Target{Attr: "ability", Labels: ab})
	}
	return out
}

func skillLabels(list []ruleset.Skill) []string {
	var out []string
	for _, s := range list {
		out = append(out, labelOr(s.Label, s.ID))
	}
	return out
}

func labelOr(label, id string) string {
	if label != "" {
		return label
	}
	return id
}

// ladderOf is the kind's difficulty ladder.
func ladderOf(res *ruleset.Resolution) []ruleset.Rung {
	switch {
	case res.DiceSum != nil:
		return res.DiceSum.Ladder
	case res.DicePool != nil:
		return res.DicePool.Ladder
	case res.DiceHighest != nil:
		return res.DiceHighest.Ladder
	case res.RollAgainst != nil:
		return res.RollAgainst.Ladder
	case res.SymbolPool != nil:
		return res.SymbolPool.Ladder
	}
	return nil
}

func ladder(res *ruleset.Resolution) []Rung {
	var out []Rung
	for _, r := range ladderOf(res) {
		out = append(out, Rung{Label: r.Label, DC: r.DC, Successes: r.Successes, Text: r.Text})
	}
	return out
}

func bands(res *ruleset.Resolution) []Band {
	if res.Outcomes == nil {
		return nil
	}
	var out []Band
	for _, t := range res.Outcomes.Tiers {
		out = append(out, Band{Label: labelOr(t.Label, t.ID), Success: t.Success, Critical: t.Critical, Text: t.Text})
	}
	return out
}

func poolLabel(rs *ruleset.Ruleset, id string) string {
	for _, p := range rs.Live.Pools {
		if p.ID == id {
			return labelOr(p.Label, p.ID)
		}
	}
	return id
}

func spends(rs *ruleset.Ruleset, res *ruleset.Resolution) []Spend {
	var out []Spend
	for _, s := range res.Spend {
		var buys []string
		if s.Successes > 0 {
			buys = append(buys, plural(s.Successes, "success", "successes"))
		}
		if s.Dice > 0 {
			buys = append(buys, plural(s.Dice, "die", "dice"))
		}
		if s.Reroll != nil {
			buys = append(buys, fmt.Sprintf("a reroll of the dice showing %d or less", s.Reroll.UpTo))
		}
		out = append(out, Spend{Pool: s.Pool, Label: poolLabel(rs, s.Pool), Amount: s.Amount, Buys: strings.Join(buys, " and ")})
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func overrides(rs *ruleset.Ruleset, res *ruleset.Resolution) []Override {
	var out []Override
	for _, o := range res.Overrides {
		var applies []string
		applies = append(applies, idLabels(o.Skills, rs.Skills)...)
		applies = append(applies, idLabels(o.Saves, rs.Saves)...)
		for _, id := range o.Abilities {
			if a, ok := rs.Ability(id); ok {
				applies = append(applies, labelOr(a.Label, a.ID))
			}
		}
		out = append(out, Override{Label: labelOr(o.Label, o.ID), Applies: applies, Text: o.Text})
	}
	return out
}

func idLabels(ids []string, list []ruleset.Skill) []string {
	var out []string
	for _, id := range ids {
		for _, s := range list {
			if s.ID == id {
				out = append(out, labelOr(s.Label, s.ID))
			}
		}
	}
	return out
}

// charms are the catalog entries with mechanics.check that a party member
// chose: only those can be used (a charm not chosen does nothing).
func charms(rs *ruleset.Ruleset, p *items.Party) []Charm {
	if rs.Resolution == nil || rs.Resolution.DicePool == nil {
		return nil
	}
	var out []Charm
	for _, e := range charmEntries(rs) {
		var who []string
		for _, m := range p.Members {
			if m.Sheet != nil && hasEntry(m.Sheet.Entries, e.ref) {
				who = append(who, m.Name)
			}
		}
		if len(who) > 0 {
			out = append(out, Charm{Label: e.label, Who: who})
		}
	}
	return out
}

// charmEntry is a catalog entry that is a charm: "catalog/entry" and label.
type charmEntry struct{ ref, label string }

// charmCache keeps each ruleset's charms, which take decoding every
// catalog entry, a fifth of a prompt's time otherwise. A ruleset is never
// changed once loaded; it is held weakly, and its entry goes with it, so a
// server that loads many rulesets keeps none alive.
var charmCache struct {
	sync.Mutex
	m map[weak.Pointer[ruleset.Ruleset]][]charmEntry
}

func charmEntries(rs *ruleset.Ruleset) []charmEntry {
	key := weak.Make(rs)
	charmCache.Lock()
	list, ok := charmCache.m[key]
	charmCache.Unlock()
	if ok {
		return list
	}
	list = readCharms(rs)
	charmCache.Lock()
	if charmCache.m == nil {
		charmCache.m = map[weak.Pointer[ruleset.Ruleset]][]charmEntry{}
	}
	if _, ok := charmCache.m[key]; !ok {
		charmCache.m[key] = list
		runtime.AddCleanup(rs, func(k weak.Pointer[ruleset.Ruleset]) {
			charmCache.Lock()
			delete(charmCache.m, k)
			charmCache.Unlock()
		}, key)
	}
	charmCache.Unlock()
	return list
}

// readCharms reads the catalogs' charms.
func readCharms(rs *ruleset.Ruleset) []charmEntry {
	var out []charmEntry
	for _, cat := range rs.Catalogs {
		for _, raw := range cat.Entries {
			var head struct {
				ID    string `json:"id"`
				Label string `json:"label"`
			}
			if json.Unmarshal(raw, &head) != nil {
				continue
			}
			if c, err := ruleset.DecodeCharm(raw); err != nil || c == nil {
				continue
			}
			out = append(out, charmEntry{ref: cat.ID + "/" + head.ID, label: labelOr(head.Label, head.ID)})
		}
	}
	return out
}

func hasEntry(list []string, ref string) bool {
	for _, e := range list {
		if e == ref {
			return true
		}
	}
	return false
}
