package fight_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
)

// The symbol fight on Genesys, through the session: Kira (Agility 3,
// Ranged rank 1: one Proficiency and two Ability dice) shoots a street
// thug (defense 2: two Difficulty dice; soak 3), and the thug swings back
// (toHit 2: two Ability dice against Kira's combat.defense of 2).
func TestSymbolFightSession(t *testing.T) {
	s := game(t, "genesys", 7)
	gm(t, s, `[inventory: action="add" item="Blaster pistol" who="Kira"] [inventory: action="equip" item="Blaster pistol" who="Kira"]`)
	want := []string{
		`[fight: op="start" foes="Street thug 1 (8 health), Street thug 2 (8 health)" round="1" log="The fight begins: Kira Vance against Street thug 1 (8 health), Street thug 2 (8 health)."]`,
		`[fight: op="attack" who="Kira Vance" weapon="Blaster pistol" foe="Street thug 1" landed="1" dealt="4" log="Kira Vance attacks Street thug 1 with Blaster pistol: Proficiency (Advantage, Advantage), Ability (Success, Success), Ability (Success, Success), Difficulty (Failure, Threat), Difficulty (Failure, Failure): 1 net success against 2 difficulty dice, a hit. Blaster pistol deals 6 + 1 net success - 3 soak = 4 energy. Street thug 1 is on 4 of 8."]`,
		`[fight: op="attack" who="Street thug 1" weapon="Length of pipe" foe="Kira Vance" landed="0" dealt="0" log="Street thug 1 attacks Kira Vance with Length of pipe: Ability (Advantage), Ability (Advantage, Advantage), Difficulty (Threat), Difficulty (Failure): 0 net successes against 2 difficulty dice, a miss."]`,
		`[fight: op="round" round="2" log="Round 2."]`,
		`[refused: action="fight" reason="out-of-range" op="attack" who="Kira Vance" weapon="Blaster pistol" note="Blaster pistol reaches 100 metres at most"]`,
		`[fight: op="attack" who="Kira Vance" weapon="Blaster pistol" foe="Street thug 1" landed="0" dealt="0" log="Kira Vance attacks Street thug 1 with Blaster pistol: Proficiency (Advantage, Advantage), Ability (Success, Advantage), Ability (blank), Difficulty (Failure, Failure), Difficulty (blank): 0 net successes against 2 difficulty dice, a miss."]`,
	}
	for i, tg := range []string{
		`[fight: op="start" foes="2 Street thug"]`,
		`[fight: op="attack" who="Kira" target="Street thug 1"]`,
		`[fight: op="attack" who="Street thug 1" target="Kira"]`,
		`[fight: op="round"]`,
		`[fight: op="attack" who="Kira" target="Street thug 1" distance="120"]`,
		`[fight: op="attack" who="Kira" target="Street thug 1" distance="80"]`,
	} {
		if got := one(t, s, tg).String(); got != want[i] {
			t.Errorf("%s:\n got %s\nwant %s", tg, got, want[i])
		}
	}
	one(t, s, `[fight: op="round"]`)
	menu := fight.MenuText(s.State().Party, 0)
	for _, part := range []string{"- Blaster pistol (Action)", "at Street thug 1: 65.1% to hit (6.0% critical), 3.25 damage expected"} {
		if !strings.Contains(menu, part) {
			t.Fatalf("menu lacks %q:\n%s", part, menu)
		}
	}
}
