package use_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/use"
)

// TestUnlessSkipsGate: Maud's Nerve 3 meets the page's unless, so she
// reads it without a check; Ada's Nerve 2 does not.
func TestUnlessSkipsGate(t *testing.T) {
	g := grave(t, 1)
	say(t, g, "gm", `[inventory: action="add" item="Page of the vigil litany" who="Maud"]`)
	r := one(t, g, "gm", `[inventory: action="use" item="Page of the vigil litany" who="Maud"]`)
	has(t, r, "gate", "skipped", "imposed", "Warded", "said", "Maud Hollin uses Page of the vigil litany: Warded until something removes it. None left.")
	r = one(t, g, "gm", `[inventory: action="use" item="Page of the vigil litany" who="Ada"]`)
	if r.Value("gate") == "skipped" || r.Value("gate") == "" {
		t.Errorf("Ada's gate: %s", r)
	}
}

// TestGateReadsWoundsAndEffects: the gate is a check like any other: the
// wound penalty and a condition imposed in play reach it.
func TestGateReadsWoundsAndEffects(t *testing.T) {
	s := wounds(t, 1)
	one(t, s, "gm", `[sheet: op="track" track="wounds" by="+3"]`)
	one(t, s, "gm", `[sheet: op="condition" condition="blessed"]`)
	p := s.State().Party
	def := p.Def(&p.Members[0].Bag[1])
	r := use.RollGate(p, 0, def.UseDef.Gate, 8, dice.New(1, 0, 0))
	has(t, r.Record, "effects", "-1", "from", "Blessed, Broken")
}

// TestEnemyTargetHitsNoOne: a heal aimed at the other side hits no one
// out of a fight, and is still used.
func TestEnemyTargetHitsNoOne(t *testing.T) {
	s := wounds(t, 1)
	p := s.State().Party
	salve := p.Def(&p.Members[0].Bag[0])
	u := *salve.UseDef
	u.Targets = "enemy"
	salve.UseDef = &u
	r := one(t, s, "gm", `[inventory: action="use" item="Salve"]`)
	has(t, r, "said", "Mira uses Salve: it hits no one out of a fight. 2 left.", "remaining", "2")
	if !strings.Contains(r.Value("note"), "narrate what it does: use (Free): heals 1, on an enemy, used up") {
		t.Errorf("the GM is not told what it does: %s", r)
	}
}

// TestFailedGateSpendsCharges: a failed gate spends the charges for
// nothing, and says so.
func TestFailedGateSpendsCharges(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		s := wounds(t, seed)
		r := one(t, s, "gm", `[inventory: action="use" item="Wand"]`)
		if strings.HasSuffix(r.Value("gate"), "failed") {
			has(t, r, "charges", "98 of 100")
			if !strings.Contains(r.Value("said"), "failed; its charges are spent for nothing. 98 of 100 charges left.") {
				t.Errorf("%s", r)
			}
			return
		}
	}
	t.Fatal("no seed failed the wand's gate")
}

// TestChargesAndSwitchTravel: charges and the switch belong to the item:
// given away, it keeps them; a fresh one is full and off.
func TestChargesAndSwitchTravel(t *testing.T) {
	g := grave(t, 1)
	say(t, g, "gm", `[inventory: action="bind" item="Dawn bell" who="Maud"]`)
	say(t, g, "gm", `[inventory: action="use" item="Dawn bell" who="Maud"]`)
	say(t, g, "gm", `[inventory: action="unbind" item="Dawn bell" who="Maud"]`)
	r := one(t, g, "gm", `[inventory: action="give" item="Dawn bell" who="Maud" to="Ada"]`)
	has(t, r, "to", "Ada")
	say(t, g, "gm", `[inventory: action="add" item="Dawn bell" who="Ada"] [inventory: action="add" item="Storm lantern" count="2" who="Maud"]`)
	say(t, g, "gm", `[inventory: action="toggle" item="Storm lantern" who="Maud" on="true"]`)
	say(t, g, "gm", `[inventory: action="give" item="Storm lantern" who="Maud" to="Ada" count="2"]`)
	block := g.State().Party.Block()
	for _, want := range []string{"(2 of 3 charges left)", "(3 of 3 charges left)", "Storm lantern [Tool] (Flame on)", "Storm lantern [Tool] (Flame off)"} {
		if !strings.Contains(block, want) {
			t.Errorf("block lacks %q:\n%s", want, block)
		}
	}
}

// TestInventedLikeIsUsedAsThatOne: an item the Game Master invents like=
// the poultice heals like it; like= the dawn bell, it has its charges.
func TestInventedLikeIsUsedAsThatOne(t *testing.T) {
	s := ember(t, 9)
	say(t, s, "gm", `[inventory: action="add" item="Ashleaf wrap" like="Poultice" who="Juno"]`)
	r := one(t, s, "gm", `[inventory: action="use" item="Ashleaf wrap" who="Juno"]`)
	if r.Value("heals") == "" || r.Value("remaining") != "0" {
		t.Errorf("invented like the poultice: %s", r)
	}
	g := grave(t, 1)
	say(t, g, "gm", `[inventory: action="add" item="Chapel handbell" like="Dawn bell" who="Ada"] [inventory: action="bind" item="Chapel handbell" who="Ada"]`)
	r = one(t, g, "gm", `[inventory: action="use" item="Chapel handbell" who="Ada"]`)
	has(t, r, "charges", "2 of 3")
}

// TestRegenerateSheetOnce: a regenerated reply changes a pool, a track
// and a condition once, however many times it is regenerated.
func TestRegenerateSheetOnce(t *testing.T) {
	s := wounds(t, 1)
	text := `[sheet: op="pool" pool="focus" by="+1"] [sheet: op="track" track="harm" by="+2"] [sheet: op="condition" condition="blessed"]`
	say(t, s, "gm", text)
	for i := 0; i < 3; i++ {
		recs := say(t, s, "regenerate", text)
		has(t, recs[0], "state", "Focus 1/3")
		has(t, recs[1], "state", "Harm 2 of 6 marked")
		has(t, recs[2], "imposed", "Blessed")
	}
}

// TestConditionDefencesInPlay: a condition imposed in play brings its
// defences (Sainted's immunity to Cursed); removed, they go with it.
func TestConditionDefencesInPlay(t *testing.T) {
	s := wounds(t, 1)
	p := s.State().Party
	if strings.Contains(p.DefensesLine(0), "Cursed") {
		t.Fatalf("before: %s", p.DefensesLine(0))
	}
	one(t, s, "gm", `[sheet: op="condition" condition="sainted"]`)
	if p := s.State().Party; !strings.Contains(p.DefensesLine(0), "Cursed") {
		t.Errorf("Sainted imposed, no immunity shown: %q", p.DefensesLine(0))
	}
	one(t, s, "gm", `[sheet: op="condition" condition="sainted" remove="true"]`)
	if p := s.State().Party; strings.Contains(p.DefensesLine(0), "Cursed") {
		t.Errorf("Sainted removed, its immunity stayed: %q", p.DefensesLine(0))
	}
	if r := one(t, s, "gm", `[sheet: op="condition" condition="cursed"]`); r.Value("imposed") != "Cursed" {
		t.Errorf("Cursed after Sainted went: %s", r)
	}
}

// TestGateUnrollable: a gate the engine cannot roll here (a resolution
// kind no one registered) refuses the use and changes nothing.
func TestGateUnrollable(t *testing.T) {
	s := wounds(t, 1)
	res := *s.RS.Resolution
	res.Kind = "a-plugin-kind"
	s.RS.Resolution = &res
	before := state(s)
	r := one(t, s, "gm", `[inventory: action="use" item="Scroll"]`)
	has(t, r, "reason", "gate-unrollable")
	if state(s) != before {
		t.Error("an unrollable gate changed the party")
	}
}
