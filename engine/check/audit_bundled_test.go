package check_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// The bundled rulesets play as their books say. Each case names the rule
// it checks; the fixes found by the audit are marked "(fixed)".

// TestAuditRolemasterStatBonus: the Rolemaster stat bonus table (fixed):
// 1 -25, 2 -20, 3-4 -15, 5-9 -10, 10-24 -5, 25-74 +0, 75-89 +5, 90-94 +10,
// 95-97 +15, 98-99 +20, 100 +25, 101 +30, 102 +35. The file had every
// bonus from 3 up one row too low (an average 50 gave -5).
func TestAuditRolemasterStatBonus(t *testing.T) {
	rs, err := ruleset.LoadFile("../../rulesets/rolemaster/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ag, mod string
	}{
		{"1", "-25"}, {"2", "-20"}, {"3", "-15"}, {"4", "-15"}, {"5", "-10"}, {"9", "-10"}, {"10", "-5"}, {"24", "-5"},
		{"25", "0"}, {"50", "0"}, {"74", "0"}, {"75", "5"}, {"89", "5"}, {"90", "10"}, {"94", "10"},
		{"95", "15"}, {"97", "15"}, {"98", "20"}, {"99", "20"}, {"100", "25"}, {"101", "30"}, {"102", "35"},
	} {
		ch := loadChar(t, rs, `{"name": "R", "abilities": {"ag": `+tc.ag+`}, "skills": {"climbing": {"tier": "ranked", "bonus": 0}}}`)
		wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climbing" dc="101"]`, 50), "modifier="+tc.mod)
	}
	// Open-ended 96+ adds the next die; 01-05 subtracts; unmodified 66 is flagged.
	ch := loadChar(t, rs, `{"name": "R", "abilities": {"ag": 50}, "skills": {"climbing": {"tier": "ranked", "bonus": 30}}}`)
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climbing" difficulty="Medium"]`, 96, 40), "openEnded=high", "total=166", "dc=101", "success=true")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climbing" difficulty="Medium"]`, 5, 96, 10), "openEnded=low", "total=-71", "outcome=Absolute failure")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climbing" difficulty="Medium"]`, 66), "unmodified=66", "total=96", "success=false")
}

// TestAuditTrophyDarkReadsEveryDie: Trophy Dark's risk roll reads the
// highest die, light or dark (fixed: the file read the light dice alone);
// a dark die that is highest is flagged for the GM's Ruin.
func TestAuditTrophyDarkReadsEveryDie(t *testing.T) {
	rs, ch := loadPair(t, "trophy-dark", "hunter.json")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climb" dark="1"]`, 2, 3, 5),
		"dice=2d6", "dark=1", "-darkOutcome", "total=5", "darkHighest=true", "outcome=Success at a cost", "success=true")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climb" dark="1"]`, 6, 3, 2), "total=6", "-darkHighest", "outcome=Success")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climb"]`, 1, 3), "total=3", "outcome=Failure", "success=false")
}

// TestAuditCoCFumbles: 01 is a critical; 100 is always a fumble; 96-100
// is a fumble when the number needed is below 50 (after a Hard or
// Extreme division, as the Keeper Rulebook reads it).
func TestAuditCoCFumbles(t *testing.T) {
	rs, ch := loadPair(t, "coc7e", "harvey.json") // Spot Hidden 50, Occult 25
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Spot Hidden"]`, 1), "outcome=Critical", "critical=success")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Spot Hidden"]`, 96), "dc=50", "outcome=Failure", "-critical")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Spot Hidden"]`, 100), "outcome=Fumble", "critical=failure")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Occult"]`, 96), "dc=25", "outcome=Fumble", "critical=failure")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Spot Hidden" difficulty="Hard"]`, 97), "dc=25", "outcome=Fumble")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Spot Hidden"]`, 10), "outcome=Extreme success")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Spot Hidden"]`, 25), "outcome=Hard success")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Spot Hidden"]`, 26), "outcome=Regular success")
}

// TestAuditGURPSCriticals: 3-4 always critical; 5 at effective skill 15+,
// 6 at 16+; 18 always a critical failure, 17 at 15 or less; 10 or more
// over the skill a critical failure.
func TestAuditGURPSCriticals(t *testing.T) {
	rs, ch := loadPair(t, "gurps", "dai.json") // Stealth DX 15 + 1 = 16, Lockpicking IQ 12 + 2 = 14
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Stealth"]`, 2, 2, 2), "dc=16", "critical=success")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Stealth"]`, 6, 6, 5), "success=false", "-critical")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Lockpicking"]`, 2, 2, 2), "dc=14", "success=true", "-critical")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Lockpicking"]`, 6, 6, 5), "critical=failure")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Lockpicking" dc="-20"]`, 1, 1, 2), "dc=-6", "critical=success", "success=true")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Lockpicking" dc="-10"]`, 6, 4, 4), "dc=4", "critical=failure")
}

// TestAuditWoDBotch: no successes and a 1 is a botch; a pool whose only
// success a 1 cancelled has failed without botching.
func TestAuditWoDBotch(t *testing.T) {
	rs, ch := loadPair(t, "wod", "tomas.json") // Perception 4 + Investigation 3 - wounds 1 = 6 dice
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Investigation"]`, 1, 2, 3, 4, 5, 2), "dice=6", "success=false", "critical=failure")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Investigation"]`, 1, 7, 2, 3, 4, 5), "successes=0", "cancelled=1", "success=false", "-critical")
}

// TestAuditShadowrunGlitch: half or more of the dice showing 1 is a
// glitch (complication); with no hits, a critical glitch.
func TestAuditShadowrunGlitch(t *testing.T) {
	rs, ch := loadPair(t, "shadowrun", "kestrel.json") // Intuition 4 + Perception 3 = 7 dice
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Perception"]`, 1, 1, 1, 1, 5, 2, 3), "dice=7", "successes=1", "success=true", "complication=true", "-critical")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Perception"]`, 1, 1, 1, 1, 2, 3, 4), "success=false", "critical=failure")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Perception"]`, 1, 1, 1, 5, 2, 3, 4), "success=true", "-complication")
}

// TestAuditPbtAAndFate: PbtA reads 10+ / 7-9 / 6-; Fate adds 4dF to the
// skill and reads the margin against the ladder.
func TestAuditPbtAAndFate(t *testing.T) {
	rs, ch := loadPair(t, "pbta", "keeler.json") // Cool +2
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Act under fire"]`, 4, 4), "total=10", "outcome=Strong hit")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Act under fire"]`, 3, 2), "total=7", "outcome=Weak hit")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Act under fire"]`, 2, 2), "total=6", "outcome=Miss", "success=false")

	rs, ch = loadPair(t, "fate", "ren.json") // Notice Great (+4)
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Notice" difficulty="Good"]`, 2, 2, 2, 2), "total=4", "dc=3", "outcome=Success")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Notice" difficulty="Good"]`, 3, 3, 2, 2), "total=6", "outcome=Succeed with style")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Notice" difficulty="Good"]`, 1, 2, 2, 2), "total=3", "outcome=Tie")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Notice" difficulty="Fantastic"]`, 1, 1, 2, 2), "total=2", "outcome=Fail")
}
