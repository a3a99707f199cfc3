package items_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// defensesRuleset has the spec's examples (spec/items.md "Typed defenses
// from conditions, levels, items and sheet rows"): Stoneskin, Protection
// from Energy, Brave, a level granting resist poison, and a dwarf's traits
// list read by combat.sheetHides.
const defensesRuleset = `{
  "id": "typed", "name": "Typed defenses",
  "abilities": [{"id": "str", "min": 1, "max": 20, "default": 10}],
  "skills": [{"id": "athletics", "label": "Athletics", "ability": "str"}],
  "saves": [{"id": "fort", "label": "Fortitude", "ability": "str"}],
  "conditions": [
    {"id": "stoneskin", "label": "Stoneskin"},
    {"id": "protected", "label": "Protection from Energy"},
    {"id": "brave", "label": "Brave"},
    {"id": "frightened", "label": "Frightened", "check": {"effects": ["own-checks-disadvantage"]}},
    {"id": "fearful", "label": "Fearful", "check": {"effects": ["own-checks-disadvantage"]}},
    {"id": "enlarged", "label": "Enlarged", "check": {"abilities": {"str": {"add": 2}}}},
    {"id": "giant", "label": "Giant strength", "check": {"abilities": {"str": {"set": 19}}}},
    {"id": "mighty", "label": "Mighty", "check": {"abilities": {"str": {"add": 15}}}}
  ],
  "levels": [{"id": "tier2", "label": "Tier 2"}],
  "lists": [{"id": "traits", "label": "Traits", "columns": [
    {"id": "name", "type": "text"},
    {"id": "resistance", "type": "text"},
    {"id": "vulnerability", "type": "text"},
    {"id": "immunity", "type": "text"},
    {"id": "fearless", "type": "enum", "values": ["frightened", "fearful"]},
    {"id": "weight", "type": "number"}
  ]}],
  "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "advantage": true, "proficiencyTiers": [{"id": "none"}]},
  "items": {"categories": [{"id": "gear", "label": "Gear"}],
            "tags": [{"id": "magical", "label": "Magical"}, {"id": "silvered", "label": "Silvered"}]},
  "catalogs": [{"id": "gear", "holds": "items", "entries": [
    {"id": "charm", "label": "Courage charm", "item": {"category": "gear", "carried": {"conditionImmunities": ["fearful"]}}}
  ]}],
  "combat": {
    "damageTypes": ["bludgeoning", "piercing", "slashing", "fire", "cold", "poison"],
    "conditions": [
      {"condition": "stoneskin", "resist": [
        {"type": "bludgeoning", "except": ["magical"]},
        {"type": "piercing", "except": ["magical"]},
        {"type": "slashing", "except": ["magical"]}]},
      {"condition": "protected", "resist": ["fire"]},
      {"condition": "brave", "conditionImmunities": ["frightened"]}
    ],
    "levels": [{"level": "tier2", "resist": ["poison"]}],
    "sheetHides": [
      {"list": "traits", "column": "resistance", "kind": "resist"},
      {"list": "traits", "column": "vulnerability", "kind": "vulnerable"},
      {"list": "traits", "column": "immunity", "kind": "immune"},
      {"list": "traits", "column": "fearless", "kind": "conditionImmunities"}
    ]
  }
}`

func typed(t *testing.T, sheets ...string) *items.Party {
	t.Helper()
	rs, err := ruleset.Load("typed.json", []byte(defensesRuleset), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ss []*sheet.Sheet
	for _, s := range sheets {
		sh, err := sheet.Load("sheet.json", []byte(s), rs)
		if err != nil {
			t.Fatal(err)
		}
		ss = append(ss, sh)
	}
	return items.New(rs, ss)
}

func defenses(p *items.Party) string { return p.DefensesText(p.Defenses(0)) }

func multiplier(t *testing.T, p *items.Party, word string, tags []string, want float64) {
	t.Helper()
	if got := p.Defenses(0).Multiplier(word, tags...); got != want {
		t.Errorf("%s %v: multiplier %g, want %g (%s)", word, tags, got, want, defenses(p))
	}
}

func TestStoneskin(t *testing.T) {
	p := typed(t, `{"name": "Ada", "conditions": ["stoneskin"]}`)
	if got, w := defenses(p), "resists bludgeoning except magical, piercing except magical, slashing except magical"; got != w {
		t.Errorf("got %s\nwant %s", got, w)
	}
	multiplier(t, p, "bludgeoning", nil, 0.5)
	multiplier(t, p, "Slashing", []string{"thrown"}, 0.5)
	// Any named tag on the strike bypasses the entry.
	multiplier(t, p, "piercing", []string{"Magical"}, 1)
	multiplier(t, p, "fire", nil, 1)
	if q := typed(t, `{"name": "Ada"}`); defenses(q) != "" {
		t.Errorf("no condition, no defense: %s", defenses(q))
	}
}

func TestProtectionFromEnergy(t *testing.T) {
	p := typed(t, `{"name": "Ada", "conditions": ["protected"]}`)
	if got := defenses(p); got != "resists fire" {
		t.Errorf("got %s", got)
	}
	multiplier(t, p, "fire", nil, 0.5)
	multiplier(t, p, "fire", []string{"magical"}, 0.5)
}

func TestBraveEndsFrightened(t *testing.T) {
	// Frightened first, then Brave: the new immunity ends Frightened.
	p := typed(t, `{"name": "Ada", "conditions": ["frightened", "brave"]}`)
	d := p.Defenses(0)
	if strings.Join(d.ConditionImmunities, ",") != "frightened" || strings.Join(d.Ended, ",") != "frightened" {
		t.Errorf("defenses %+v", d)
	}
	if got, w := defenses(p), "immune to Frightened; not Frightened (immune)"; got != w {
		t.Errorf("got %s\nwant %s", got, w)
	}
	r := roll(t, p, 0, `[skill_check: skill="athletics"]`, 10)
	if r.Has("mode") || r.Has("from") {
		t.Errorf("an ended condition changes no check: %s", r)
	}
	// Brave first: Frightened is kept from applying.
	q := typed(t, `{"name": "Ada", "conditions": ["brave", "frightened"]}`)
	if got := strings.Join(q.Defenses(0).Ended, ","); got != "frightened" {
		t.Errorf("ended %q", got)
	}
	// Without Brave, Frightened holds: disadvantage, from= without effects=.
	f := typed(t, `{"name": "Ada", "conditions": ["frightened"]}`)
	r = roll(t, f, 0, `[skill_check: skill="athletics"]`, 10, 10)
	want(t, r, "from", "Frightened")
	if r.Has("effects") {
		t.Errorf("only disadvantage changed the check; effects= would say 0: %s", r)
	}
	// An item's immunity ends a condition too, and a sheet row's.
	c := typed(t, `{"name": "Ada", "conditions": ["fearful"], "bag": [{"item": "Courage charm"}]}`)
	if got := strings.Join(c.Defenses(0).Ended, ","); got != "fearful" {
		t.Errorf("charm: ended %q", got)
	}
	s := typed(t, `{"name": "Ada", "conditions": ["fearful", "frightened"], "lists": {"traits": [{"fearless": "fearful"}]}}`)
	if got := strings.Join(s.Defenses(0).Ended, ","); got != "fearful" {
		t.Errorf("sheet row: ended %q", got)
	}
}

func TestLevelResistsPoison(t *testing.T) {
	p := typed(t, `{"name": "Ada", "levels": ["tier2"]}`)
	if got := defenses(p); got != "resists poison" {
		t.Errorf("got %s", got)
	}
	multiplier(t, p, "poison", nil, 0.5)
}

func TestSheetHidesDwarf(t *testing.T) {
	p := typed(t, `{"name": "Dwarf", "lists": {"traits": [{"name": "Dwarven resilience", "resistance": "poison"}]}}`)
	if got := defenses(p); got != "resists poison" {
		t.Errorf("got %s", got)
	}
	// Adding a row with fire adds fire resistance; words are trimmed,
	// compared without case, and empty or unknown ones skipped.
	m := p.Members[0]
	m.Sheet.Lists["traits"] = append(m.Sheet.Lists["traits"], sheet.ListRow{"resistance": " FIRE , ,lightning,"})
	if got := defenses(p); got != "resists fire, poison" {
		t.Errorf("after adding a row: %s", got)
	}
	// Deleting it removes that source.
	m.Sheet.Lists["traits"] = m.Sheet.Lists["traits"][:1]
	if got := defenses(p); got != "resists poison" {
		t.Errorf("after deleting the row: %s", got)
	}
	v := typed(t, `{"name": "Ada", "lists": {"traits": [{"vulnerability": "Cold, fire except magical"}]}}`)
	if got := defenses(v); got != "vulnerable to cold" {
		t.Errorf("vulnerabilities are plain words: %s", got)
	}
}

func TestSheetHidesExcept(t *testing.T) {
	p := typed(t, `{"name": "Ada", "lists": {"traits": [{"resistance": "bludgeoning except magical silvered"}]}}`)
	if got, w := defenses(p), "resists bludgeoning except magical silvered"; got != w {
		t.Errorf("got %s\nwant %s", got, w)
	}
	multiplier(t, p, "bludgeoning", nil, 0.5)
	multiplier(t, p, "bludgeoning", []string{"silvered"}, 1)
	multiplier(t, p, "bludgeoning", []string{"magical"}, 1)
	i := typed(t, `{"name": "Ada", "lists": {"traits": [{"immunity": "Poison EXCEPT Magical"}]}}`)
	if got, w := defenses(i), "immune to poison except magical"; got != w {
		t.Errorf("got %s\nwant %s", got, w)
	}
	multiplier(t, i, "poison", nil, 0)
	multiplier(t, i, "poison", []string{"magical"}, 1)
}

func TestImmunityWinsOverResistance(t *testing.T) {
	p := typed(t, `{"name": "Ada", "conditions": ["protected"], "lists": {"traits": [{"immunity": "fire"}]}}`)
	if got := defenses(p); got != "immune to fire" {
		t.Errorf("got %s", got)
	}
	multiplier(t, p, "fire", nil, 0)
	// An immunity with exceptions leaves the resistance for the strikes
	// that get past it.
	q := typed(t, `{"name": "Ada", "conditions": ["protected"], "lists": {"traits": [{"immunity": "fire except magical"}]}}`)
	if got := defenses(q); got != "resists fire; immune to fire except magical" {
		t.Errorf("got %s", got)
	}
	multiplier(t, q, "fire", nil, 0)
	multiplier(t, q, "fire", []string{"magical"}, 0.5)
}

func TestResistanceAndVulnerabilityCancel(t *testing.T) {
	p := typed(t, `{"name": "Ada", "conditions": ["protected"], "lists": {"traits": [{"vulnerability": "fire"}]}}`)
	if got := defenses(p); got != "" {
		t.Errorf("they cancel out: %s", got)
	}
	multiplier(t, p, "fire", nil, 1)
	// Stoneskin's resistance is bypassed by a magical strike: the
	// vulnerability then doubles it.
	q := typed(t, `{"name": "Ada", "conditions": ["stoneskin"], "lists": {"traits": [{"vulnerability": "bludgeoning"}]}}`)
	multiplier(t, q, "bludgeoning", nil, 1)
	multiplier(t, q, "bludgeoning", []string{"magical"}, 2)
}

func TestResistancesNeverHalveTwice(t *testing.T) {
	p := typed(t, `{"name": "Ada", "conditions": ["protected"], "levels": ["tier2"],
	  "lists": {"traits": [{"resistance": "fire, poison"}, {"resistance": "Fire"}]}}`)
	if got := defenses(p); got != "resists fire, poison" {
		t.Errorf("got %s", got)
	}
	multiplier(t, p, "fire", nil, 0.5)
	multiplier(t, p, "poison", nil, 0.5)
	// Two conditional resistances: a strike gets past only with a tag
	// both name.
	q := typed(t, `{"name": "Ada", "conditions": ["stoneskin"], "lists": {"traits": [{"resistance": "bludgeoning except silvered magical"}]}}`)
	multiplier(t, q, "bludgeoning", []string{"silvered"}, 0.5)
	multiplier(t, q, "bludgeoning", []string{"magical"}, 1)
}

func TestConditionAbilities(t *testing.T) {
	cases := []struct {
		conds []string
		want  int
	}{
		{nil, 10},
		{[]string{"enlarged"}, 12},
		{[]string{"giant"}, 19},
		// The adds come first, then the highest set: 10+2 < 19.
		{[]string{"enlarged", "giant"}, 19},
		// Within the ability's max.
		{[]string{"mighty", "enlarged"}, 20},
	}
	for _, c := range cases {
		s := sheet.Blank("Ada")
		s.Abilities["str"] = 10
		s.Conditions = c.conds
		rs, err := ruleset.Load("typed.json", []byte(defensesRuleset), ruleset.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := items.New(rs, []*sheet.Sheet{s})
		if got := p.Character(0).AbilityScore("str"); got != c.want {
			t.Errorf("%v: str %d, want %d", c.conds, got, c.want)
		}
	}
}

func TestDefensesInBlock(t *testing.T) {
	p := typed(t, `{"name": "Ada", "conditions": ["stoneskin"]}`)
	if !strings.Contains(p.Block(), "Ada:\nDefenses: resists bludgeoning except magical, piercing except magical, slashing except magical\n") {
		t.Errorf("block:\n%s", p.Block())
	}
	if got := p.DefensesLine(0); !strings.HasPrefix(got, "Defenses: resists bludgeoning") {
		t.Errorf("line %q", got)
	}
}

// TestCurseEndedTravels: ending a curse belongs to the item, so giving it
// away does not curse it again.
func TestCurseEndedTravels(t *testing.T) {
	ada, bea := sheet.Blank("Ada"), sheet.Blank("Bea")
	p := gw(t, ada, bea)
	answer(t, p, items.GM, `[inventory: action="add" item="Widow's ring"]`)
	answer(t, p, items.GM, `[inventory: action="bind" item="Widow's ring"]`)
	r := answer(t, p, items.GM, `[inventory: action="unbind" item="Widow's ring" curse="end"]`)
	want(t, r, "curseEnded", "true")
	r = answer(t, p, items.Player, `[inventory: action="give" item="Widow's ring" to="Bea"]`)
	want(t, r, "action", "give", "to", "Bea")
	if s := p.Members[1].Bag; len(s) != 1 || !s[0].CurseEnded {
		t.Fatalf("Bea's bag: %+v", s)
	}
	answer(t, p, items.GM, `[inventory: action="bind" item="Widow's ring" who="Bea"]`)
	r = answer(t, p, items.Player, `[inventory: action="unbind" item="Widow's ring" who="Bea"]`)
	want(t, r, "action", "unbind")
	// A new ring from elsewhere is cursed as ever and does not join it.
	answer(t, p, items.GM, `[inventory: action="add" item="Widow's ring" who="Bea"]`)
	if s := p.Members[1].Bag; len(s) != 2 || s[1].CurseEnded {
		t.Errorf("Bea's bag: %+v", s)
	}
}
