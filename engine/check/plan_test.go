package check

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// targetTypeNames name the plan's target types in test messages.
var targetTypeNames = [3]string{"skill", "save", "ability"}

// TestPlanFindsAsTheRulesetDoes: a plan finds every target by id and
// label, in any case, exactly where findSkill and findAbility do, and
// hands names it cannot decide byte by byte (non-ASCII) back to them.
func TestPlanFindsAsTheRulesetDoes(t *testing.T) {
	for _, name := range []string{"d20-5e", "gravewatch", "genesys", "coc7e", "blades"} {
		rs := poolBundled(t, name)
		p := NewPlan(rs, sheet.New(rs, sheet.Blank("X")))
		var probes []string
		for _, s := range append(append([]ruleset.Skill(nil), rs.Skills...), rs.Saves...) {
			probes = append(probes, s.ID, s.Label, strings.ToUpper(s.Label), strings.ToLower(s.ID))
		}
		for _, a := range rs.Abilities {
			probes = append(probes, a.ID, a.Label, strings.ToUpper(a.ID))
		}
		probes = append(probes, "", "nothing", "Athletic", "\u212aick", "ſtealth", "Ä")
		for _, probe := range probes {
			findsAsTheRuleset(t, name, p, rs, probe)
		}
	}
}

// findsAsTheRuleset holds the plan's lookup of probe, as a skill, a save
// and an ability, to findSkill's and findAbility's; a name the plan
// cannot decide must not be plain ASCII when its list is.
func findsAsTheRuleset(t *testing.T, name string, p *Plan, rs *ruleset.Ruleset, probe string) {
	t.Helper()
	want := [3]int{indexOfSkill(rs.Skills, findSkill(rs.Skills, probe)), indexOfSkill(rs.Saves, findSkill(rs.Saves, probe)), abilityIndex(rs, findAbility(rs, probe))}
	for typ := range want {
		got, exact := p.lists[typ].find(probe)
		if !exact {
			if isASCII(probe) && p.lists[typ].ascii {
				t.Errorf("%s: %q: an ASCII name left undecided", name, probe)
			}
			continue
		}
		if got != want[typ] {
			t.Errorf("%s: %s %q: plan finds %d, the ruleset %d", name, targetTypeNames[typ], probe, got, want[typ])
		}
	}
}

func indexOfSkill(list []ruleset.Skill, s *ruleset.Skill) int {
	for i := range list {
		if &list[i] == s {
			return i
		}
	}
	return -1
}

// TestPlanNonASCIINamesAskTheRuleset: a ruleset with a non-ASCII label
// is searched as before (strings.EqualFold), through the plan.
func TestPlanNonASCIINamesAskTheRuleset(t *testing.T) {
	rs := poolBundled(t, "d20-5e")
	cp := *rs
	cp.Skills = append([]ruleset.Skill(nil), rs.Skills...)
	cp.Skills[0].Label = "Überleben"
	p := NewPlan(&cp, sheet.New(&cp, sheet.Blank("X")))
	if _, exact := p.lists[targetSkill].find("überleben"); exact {
		t.Fatal("a list with a non-ASCII name decided by bytes")
	}
	env := &Env{RS: &cp, Char: sheet.New(&cp, sheet.Blank("X")), Dice: dice.New(1, 0, 0)}
	tg, _ := tag.Parse(`[skill_check: skill="ÜBERLEBEN" dc="10"]`)
	if r := Resolve(env, tg).Record; r.Value("skill") != "Überleben" {
		t.Fatalf("the non-ASCII label is not found: %s", r)
	}
}

// TestPlanFollowsTheCharacter: an Env used check after check keeps its
// plan only while it reads the same character as it stood: a new
// character, or new live pools or scores on the same one, is a new plan,
// so the sheet number is never stale and nobody invalidates anything.
func TestPlanFollowsTheCharacter(t *testing.T) {
	rs := poolBundled(t, "d20-5e")
	weak := poolInlineChar(t, rs, `{"name": "Weak", "abilities": {"str": 8}}`)
	strong := poolInlineChar(t, rs, `{"name": "Strong", "abilities": {"str": 18}}`)
	env := &Env{RS: rs, Char: weak, Dice: dice.New(1, 0, 0)}
	tg, _ := tag.Parse(`[skill_check: skill="Athletics" dc="10"]`)
	modifier := func() string { return Resolve(env, tg).Record.Value("modifier") }
	if m := modifier(); m != "-1" {
		t.Fatalf("weak: modifier %s", m)
	}
	first := env.plan
	if modifier(); env.plan != first {
		t.Fatal("the plan was rebuilt with nothing changed")
	}
	env.Char = strong
	if m := modifier(); m != "4" {
		t.Fatalf("strong after weak on one Env: modifier %s", m)
	}
	strong.Scores = map[string]int{"str": 10}
	if m := modifier(); m != "0" {
		t.Fatalf("new scores on the same character: modifier %s", m)
	}
	// Every part of the key, changed alone, is a new plan; the same
	// parts again are the same plan.
	rebuilt := func(what string, change func()) {
		t.Helper()
		modifier()
		before := env.plan
		change()
		if modifier(); env.plan == before {
			t.Fatalf("%s: the plan was kept", what)
		}
		before = env.plan
		if modifier(); env.plan != before {
			t.Fatalf("%s: the plan was rebuilt with nothing changed", what)
		}
	}
	rebuilt("new scores", func() { strong.Scores = map[string]int{"str": 10} })
	rebuilt("scores dropped", func() { strong.Scores = nil })
	rebuilt("new pools", func() { strong.Pools = map[string]int{} })
	rebuilt("other pools", func() { strong.Pools = map[string]int{"hp": 3} })
	rebuilt("pools dropped", func() { strong.Pools = nil })
	rebuilt("new sheet", func() { s := *strong.Sheet; strong.Sheet = &s })
	rebuilt("an item reader", func() { strong.Items = noItems{} })
	rebuilt("no item reader", func() { strong.Items = nil })
	rebuilt("another ruleset", func() { env.RS = poolBundled(t, "d20-5e") })
}

// noItems is an ItemReader with nothing to read.
type noItems struct{}

func (noItems) ItemStat(*valueref.ItemStat) float64 { return 0 }

// TestMapIdentity: mapIdentity is what reflect says a map's pointer is,
// nil for a nil map, and two maps alive at once are never one identity.
func TestMapIdentity(t *testing.T) {
	maps := []map[string]int{nil, {}, {"a": 1}, make(map[string]int, 100), {"a": 1}}
	for i, m := range maps {
		if got, want := uintptr(mapIdentity(m)), reflect.ValueOf(m).Pointer(); got != want {
			t.Fatalf("map %d: identity %#x, reflect %#x", i, got, want)
		}
		for j := range i {
			if maps[j] != nil && m != nil && mapIdentity(maps[j]) == mapIdentity(m) {
				t.Fatalf("maps %d and %d share an identity", j, i)
			}
		}
	}
	m := maps[2]
	same := m
	m["b"] = 2 // changed in place: the same map (a Character is a snapshot, see Plan)
	if mapIdentity(m) != mapIdentity(same) {
		t.Fatal("one map, two identities")
	}
}

// TestCheckerRecordsKeepTheirValues: a Checker reuses its attribute list
// but every value is a string of its own; Resolve's records share nothing.
func TestCheckerRecordsKeepTheirValues(t *testing.T) {
	rs := poolBundled(t, "d20-5e")
	ch := poolInlineChar(t, rs, `{"name": "Ada", "abilities": {"str": 14}}`)
	env := &Env{RS: rs, Char: ch}
	tg, _ := tag.Parse(`[skill_check: skill="Athletics" dc="15" mode="advantage"]`)
	var k Checker
	env.Dice = dice.New(1, 0, 0)
	first := k.Resolve(env, tg).Record
	rolls := first.Value("rolls")
	text := first.String()
	env.Dice = dice.New(2, 0, 0)
	k.Resolve(env, tg)
	if rolls == "" || !strings.Contains(text, `rolls="`+rolls+`"`) {
		t.Fatalf("rolls %q in %s", rolls, text)
	}
	env.Dice = dice.New(1, 0, 0)
	kept := Resolve(env, tg).Record
	env.Dice = dice.New(2, 0, 0)
	other := Resolve(env, tg).Record
	if kept.String() != text || other.String() == text {
		t.Fatalf("Resolve's records are not their own:\n%s\n%s\n%s", text, kept, other)
	}
}

// TestCheckAllocations holds the hot path to its budget (issue 21): at
// most 2 allocations per check through Resolve, 1 through a Checker, for
// the checks bench/peers measures and a plain roll; a check through a
// Checker allocates less than once on average (its value texts share a
// chunk with the checks before and after it, see texts).
func TestCheckAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	rs := poolBundled(t, "d20-5e")
	ch := poolInlineChar(t, rs, `{"name": "Ada", "abilities": {"str": 14}, "skills": {"athletics": "proficient"}}`)
	grave := poolBundled(t, "gravewatch")
	ulla := poolInlineChar(t, grave, `{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`)
	stream := &dice.Seeded{}
	cases := []struct {
		env  *Env
		text string
	}{
		{&Env{RS: rs, Char: ch, Dice: stream}, `[skill_check: skill="Athletics" dc="15" mode="advantage"]`},
		{&Env{RS: grave, Char: ulla, Dice: stream}, `[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`},
	}
	var k Checker
	for _, c := range cases {
		tg, _ := tag.Parse(c.text)
		Resolve(c.env, tg)
		i := uint64(0)
		if a := testing.AllocsPerRun(200, func() { i++; stream.Reset(i, 0, 0); k.Resolve(c.env, tg) }); a >= 1 {
			t.Errorf("%s: %.1f allocations through a Checker, want less than 1", c.text, a)
		}
		if a := testing.AllocsPerRun(200, func() { i++; stream.Reset(i, 0, 0); Resolve(c.env, tg) }); a > 2 {
			t.Errorf("%s: %.1f allocations through Resolve, want at most 2", c.text, a)
		}
	}
	for _, n := range []string{"1d20+4", "3d6", "10d10>=8", "4d6kh3+1d6!+2"} {
		tg, _ := tag.Parse(`[roll_dice: dice="` + n + `"]`)
		i := uint64(0)
		if a := testing.AllocsPerRun(200, func() { i++; stream.Reset(i, 0, 0); k.RollDice(nil, tg, stream) }); a > 1 {
			t.Errorf("roll_dice %s: %.1f allocations through a Checker, want at most 1", n, a)
		}
	}
}

// TestTagKeysCoverTheKinds: every attribute a native kind reads has a
// slot (a key without one would be listed in ignored= though read), and
// a check's get answers exactly as Tag.Get, whatever the case and order
// of the keys, a key given twice and keys outside the ASCII range.
func TestTagKeysCoverTheKinds(t *testing.T) {
	if len(tagKeys) > 32 {
		t.Fatalf("%d keys do not fit a uint32 mask", len(tagKeys))
	}
	for i, k := range tagKeys {
		if got := int(slotByHash[keyHash(len(k), k[0], k[len(k)-1])]); got != i {
			t.Errorf("%s: its hash gives slot %d, want %d", k, got, i)
		}
		for j, other := range tagKeys[:i] {
			if keyHash(len(k), k[0], k[len(k)-1]) == keyHash(len(other), other[0], other[len(other)-1]) {
				t.Errorf("%s and %s (slot %d) share a hash", k, other, j)
			}
		}
	}
	for kind, own := range kindTagKeys {
		for _, k := range append(append([]string(nil), commonTagKeys...), own...) {
			if keySlot(k) < 0 || keySlot(strings.ToUpper(k)) < 0 {
				t.Errorf("%s: %s has no slot", kind, k)
			}
		}
	}
	tags := []tag.Tag{
		{Name: "skill_check", Attrs: []tag.Attr{{Key: "SKILL", Value: "a"}, {Key: "Dc", Value: "3"}, {Key: "mode", Value: "x"}, {Key: "dc", Value: "4"}}},
		{Name: "skill_check", Attrs: []tag.Attr{{Key: "ſkill", Value: "long s"}, {Key: "skill", Value: "b"}}},
		{Name: "skill_check", Attrs: []tag.Attr{{Key: "upgradeown", Value: "1"}, {Key: "note", Value: "n"}}},
	}
	for _, tg := range tags {
		c := &Check{Tag: tg}
		c.keys.indexKeys(tg)
		for slot, k := range tagKeys {
			gv, gok := c.get(tagKey(slot))
			wv, wok := tg.Get(k)
			if gv != wv || gok != wok {
				t.Errorf("%s: get(%q) = %q %v, Tag.Get %q %v", tg, k, gv, gok, wv, wok)
			}
		}
		for _, k := range []string{"note", "nothing", "UPGRADEOWN", "Dc"} {
			wv, wok := tg.Get(k)
			if slot := keySlot(k); slot >= 0 {
				if gv, gok := c.get(tagKey(slot)); gv != wv || gok != wok {
					t.Errorf("%s: get(%q) = %q %v, Tag.Get %q %v", tg, k, gv, gok, wv, wok)
				}
			} else if k != "note" && k != "nothing" {
				t.Errorf("%q has no slot", k)
			}
		}
	}
}
