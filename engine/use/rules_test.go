package use_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// wounds is the test ruleset whose health is a wound track, with Mira
// (testdata/use/mira.json) first and Ada's Gravewatch-free twin absent.
func wounds(t testing.TB, seed uint64) *session.Session {
	t.Helper()
	rs, err := ruleset.LoadFile(filepath.Join(root, "testdata/use/wounds.json"), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return session.New(rs, party(t, rs, "mira.json"), seed)
}

func state(s *session.Session) string {
	b, _ := json.Marshal(s.State().Party)
	return string(b)
}

// TestRefusalsChangeNothing: every refused use, toggle and sheet change
// names its reason and leaves the party exactly as it was.
func TestRefusalsChangeNothing(t *testing.T) {
	cases := []struct{ tag, reason string }{
		{`[inventory: action="use"]`, "no-item"},
		{`[inventory: action="use" item="Lute"]`, "not-held"},
		{`[inventory: action="use" item="Salve" who="Nobody"]`, "unknown-who"},
		{`[inventory: action="use" item="Amulet"]`, "not-worn"},
		{`[inventory: action="use" item="Blank scroll"]`, "no-difficulty"},
		{`[inventory: action="toggle" item="Salve"]`, "no-toggle"},
		{`[inventory: action="toggle" item="Torch" on="false"]`, "already"},
		{`[inventory: action="toggle"]`, "no-item"},
		{`[sheet: op="rest" rest="nap"]`, "unknown-rest"},
		{`[sheet: op="rest" rest="sleep" who="Nobody"]`, "unknown-who"},
		{`[sheet: op="condition" condition="hexed"]`, "unknown-condition"},
		{`[sheet: op="condition" condition="blessed" remove="true"]`, "not-held"},
		{`[sheet: op="pool" pool="blood" by="-1"]`, "unknown-pool"},
		{`[sheet: op="pool" pool="focus" by="lots"]`, "bad-amount"},
		{`[sheet: op="track" track="stress" by="+1"]`, "unknown-track"},
		{`[sheet: op="track" track="harm" by="9999999999"]`, "bad-amount"},
		{`[sheet: op="dance"]`, "unknown-op"},
		{`[sheet: rest="sleep"]`, "no-op"},
	}
	for _, c := range cases {
		s := wounds(t, 1)
		before := state(s)
		r := one(t, s, "gm", c.tag)
		if r.Name != "refused" || r.Value("reason") != c.reason {
			t.Errorf("%s: %s, want reason %q", c.tag, r, c.reason)
		}
		if after := state(s); after != before {
			t.Errorf("%s: refused but changed the party", c.tag)
		}
	}
	// A ruleset without rests refuses a rest by saying so.
	s := ember(t, 1)
	s.RS.Rests = nil
	if r := one(t, s, "gm", `[sheet: op="rest" rest="camp"]`); r.Value("reason") != "no-rests" {
		t.Errorf("rest without rests: %s", r)
	}
}

// TestWoundTrackHeal: a heal clears one mark on a wound track, whatever
// its amount, and the wound penalty reaches checks and gates.
func TestWoundTrackHeal(t *testing.T) {
	s := wounds(t, 1)
	r := one(t, s, "gm", `[sheet: op="track" track="wounds" by="+2"]`)
	has(t, r, "op", "track", "who", "Mira", "track", "Wounds", "delta", "+2", "state", "Wounds: Hurt")
	r = one(t, s, "gm", `[skill_check: skill="Scribe" dc="5"]`)
	has(t, r, "effects", "-1", "from", "Hurt")
	r = one(t, s, "gm", `[inventory: action="use" item="Salve"]`)
	has(t, r, "heals", "1", "health", "Wounds: Bruised", "said", "Mira uses Salve: clears 1 wound mark (Wounds: Bruised). 2 left.")
	r = one(t, s, "gm", `[skill_check: skill="Scribe" dc="5"]`)
	if r.Value("from") != "" {
		t.Errorf("Bruised has no penalty, yet %s", r)
	}
	one(t, s, "gm", `[inventory: action="use" item="Salve"]`)
	r = one(t, s, "gm", `[inventory: action="use" item="Salve"]`)
	has(t, r, "heals", "0", "health", "Wounds: unmarked", "said", "Mira uses Salve: clears 0 wound marks (Wounds: unmarked). None left.")
	r = one(t, s, "gm", `[sheet: op="track" track="harm" by="+9"]`)
	has(t, r, "delta", "+6", "state", "Harm 6 of 6 marked")
}

// TestPlainTrackHeal: on a plain health track a heal clears its amount.
func TestPlainTrackHeal(t *testing.T) {
	s := wounds(t, 1)
	s.RS.Live.Health = &ruleset.Health{Track: "harm"}
	one(t, s, "gm", `[sheet: op="track" track="harm" by="+4"]`)
	r := one(t, s, "gm", `[inventory: action="use" item="Salve"]`)
	has(t, r, "heals", "1", "health", "Harm 3 of 6 marked", "said", "Mira uses Salve: heals 1 (Harm 3 of 6 marked). 2 left.")
}

// TestGateAndEffects: a passed gate applies the use; a failed one spends
// it for nothing; an attack hits no one and still spends its charges; a
// condition immunity keeps a condition off; temporary points need a
// health pool; restore fills its pool.
func TestGateAndEffects(t *testing.T) {
	var passed, failed bool
	for seed := uint64(1); seed < 100 && !(passed && failed); seed++ {
		s := wounds(t, seed)
		r := one(t, s, "gm", `[inventory: action="use" item="Scroll"]`)
		if strings.HasSuffix(r.Value("gate"), "passed") {
			passed = true
			has(t, r, "imposed", "Blessed", "remaining", "1")
			if !strings.Contains(r.Value("said"), "passed; Blessed until something removes it. 1 left.") {
				t.Errorf("passed gate: %s", r.Value("said"))
			}
			c := one(t, s, "gm", `[skill_check: skill="Scribe" dc="5"]`)
			has(t, c, "from", "Blessed")
		} else {
			failed = true
			has(t, r, "remaining", "1")
			if !strings.Contains(r.Value("said"), "failed; it is used up for nothing. 1 left.") || r.Value("imposed") != "" {
				t.Errorf("failed gate: %s", r)
			}
		}
	}
	if !passed || !failed {
		t.Fatal("no seed both passed and failed the scroll's gate")
	}

	s := wounds(t, 2)
	r := one(t, s, "gm", `[inventory: action="use" item="Wand"]`)
	if !strings.HasPrefix(r.Value("gate"), "Spell mod ") {
		t.Errorf("a value gate names the value: %s", r)
	}
	has(t, r, "charges", "98 of 100")
	if strings.HasSuffix(r.Value("gate"), "passed") && !strings.Contains(r.Value("said"), "it hits no one out of a fight") {
		t.Errorf("attack out of a fight: %s", r)
	}

	one(t, s, "gm", `[inventory: action="equip" item="Amulet"]`)
	r = one(t, s, "gm", `[inventory: action="use" item="Amulet"]`)
	has(t, r, "imposed", "Sainted", "charges", "1 of 2", "said", "Mira uses Amulet: Sainted until something removes it, immune to Cursed. 1 of 2 charges left.")
	r = one(t, s, "gm", `[sheet: op="condition" condition="cursed"]`)
	has(t, r, "reason", "immune")
	r = one(t, s, "gm", `[sheet: op="condition" condition="sainted" remove="true"]`)
	has(t, r, "lifted", "Sainted")
	r = one(t, s, "gm", `[sheet: op="condition" condition="cursed"]`)
	has(t, r, "imposed", "Cursed")
	r = one(t, s, "gm", `[sheet: op="condition" condition="cursed"]`)
	has(t, r, "reason", "already-held")
	// A newly gained immunity ends the condition for good.
	one(t, s, "gm", `[inventory: action="use" item="Amulet"]`)
	one(t, s, "gm", `[sheet: op="condition" condition="sainted" remove="true"]`)
	if live := s.State().Party.LiveBlock(); !strings.Contains(live, "conditions Blessed") && !strings.Contains(live, "conditions none") {
		t.Errorf("Cursed came back once Sainted went:\n%s", live)
	}

	r = one(t, s, "gm", `[inventory: action="use" item="Tonic"]`)
	has(t, r, "restored", "2 Focus (2/3)", "said", "Mira uses Tonic: 3 temporary points with no health pool to hold them, gets back 2 Focus (2/3). None left.")
	r = one(t, s, "gm", `[sheet: op="rest" rest="sleep"]`)
	has(t, r, "refilled", "Focus, Wounds", "recharged", "nothing")
	r = one(t, s, "gm", `[sheet: op="rest" rest="prayer"]`)
	if got := r.Value("recharged"); !strings.HasPrefix(got, "Wand ") || !strings.HasSuffix(got, "/100 charges") {
		t.Errorf("prayer recharges the wand by 1d4+1: %s", r)
	}
}

// TestTemporaryAndPool: temporary points go to a health pool, do not add
// up, and a loss takes them first.
func TestTemporaryAndPool(t *testing.T) {
	s := wounds(t, 1)
	s.RS.Live.Pools = append(s.RS.Live.Pools, ruleset.Pool{ID: "hp", Label: "HP", Max: s.RS.Live.Pools[0].Max})
	s.RS.Live.Health = &ruleset.Health{Pool: "hp"}
	r := one(t, s, "gm", `[inventory: action="use" item="Tonic"]`)
	has(t, r, "temporary", "3", "said", "Mira uses Tonic: gains 3 temporary (HP 3/3, 3 temporary), gets back 2 Focus (2/3). None left.")
	r = one(t, s, "gm", `[sheet: op="pool" pool="hp" by="-4"]`)
	has(t, r, "pool", "HP", "delta", "-1", "state", "HP 2/3")
	r = one(t, s, "gm", `[sheet: op="pool" pool="Focus" by="+5"]`)
	has(t, r, "delta", "+1", "state", "Focus 3/3")
}

// TestToggle: a switch starts off, turns on one unit split off its stack,
// shows on the GM's line, and turned off joins its like again.
func TestToggle(t *testing.T) {
	s := wounds(t, 1)
	r := one(t, s, "gm", `[inventory: action="toggle" item="Torch" on="true"]`)
	has(t, r, "action", "toggle", "on", "true", "said", "Mira turns Torch on: Flame on.")
	block := s.State().Party.Block()
	if !strings.Contains(block, "2× Torch [Kit] (Flame off)") || !strings.Contains(block, "- Torch [Kit] (Flame on)") {
		t.Errorf("block:\n%s", block)
	}
	r = one(t, s, "player", `[inventory: action="toggle" item="Torch"]`)
	if r.Name != "item_used" {
		t.Errorf("the player's toggle: %s", r)
	}
	has(t, r, "on", "false")
	if block := s.State().Party.Block(); !strings.Contains(block, "3× Torch [Kit] (Flame off)") {
		t.Errorf("turned off, the torch did not rejoin its stack:\n%s", block)
	}
}
