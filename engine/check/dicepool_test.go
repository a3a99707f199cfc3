package check

import (
	"testing"
)

// Gravewatch is the spec's pool ruleset: d10, target 7 (5 to 9), tens
// explode (down to 8 on request), ones cancel and botch, five successes
// are exceptional, -3..+3 situational dice, a "careful" reroll of faces up
// to 6, and a ladder of Plain work (1 success at 6) and Grim (3 at 8).
// Bram: Sinew 3, Nerve 2, Warmth 1; Ward (Nerve) rating 2 -> 4 dice.
func TestGravewatchSpecTags(t *testing.T) {
	rs := poolBundled(t, "gravewatch")
	env := &Env{RS: rs, Char: poolBundledChar(t, rs, "gravewatch", "bram")}
	runPoolCases(t, env, []poolCase{
		{
			name:   "threshold bonus and with",
			tag:    `[skill_check: skill="Ward" dc="2" who="Bram the Quiet" threshold="8" bonus="-2" with="Sinew"]`,
			faces:  []int{8, 3, 10, 7}, // Sinew 3 + 2 - 2 = 3 dice; the 10 explodes into a 7
			want:   `who="Bram the Quiet" skill="Ward" with="Sinew" resolution="pool" sides="10" dice="3" bonus="-2" rolls="8,3,10,7" exploded="1" target="8" threshold="8" successes="2" dc="2" success="true"`,
			absent: []string{"explode", "cancelled", "critical", "ignored", "difficulty", "faces"},
		},
		{
			name:   "grim rung with explode moved",
			tag:    `[skill_check: skill="Ward" difficulty="Grim" explode="9"]`,
			faces:  []int{9, 8, 2, 1, 10, 4}, // 9 explodes into a 10, which explodes into a 4
			want:   `dice="4" rolls="9,8,2,1,10,4" exploded="2" target="8" threshold="8" explode="9" successes="2" cancelled="1" difficulty="Grim" dc="3" success="false"`,
			absent: []string{"critical", "with"},
		},
		{
			name:  "with replaces the ability; only success cancelled is no botch",
			tag:   `[skill_check: skill="Nerve" dc="1" with="Warmth"]`,
			faces: []int{7, 1}, // Warmth 1 + Nerve rating 1
			// dc="1" is what Plain work alone asks for, so the check counts at its 6.
			want:   `skill="Nerve" with="Warmth" dice="2" rolls="7,1" target="6" threshold="6" successes="0" cancelled="1" dc="1" success="false"`,
			absent: []string{"critical", "difficulty"},
		},
		{
			name:  "named reroll",
			tag:   `[skill_check: skill="Ward" dc="2" reroll="careful"]`,
			faces: []int{3, 7, 9, 6, 8, 2}, // 3 and 6 rerolled once: 8 and 2 (which stays)
			want:  `dice="4" rolls="3,7,9,6,8,2" faces="8,7,9,2" reroll="careful" rerolled="2" target="7" successes="3" dc="2" success="true"`,
		},
		{
			name:   "named reroll that rerolls nothing is not recorded",
			tag:    `[skill_check: skill="Ward" reroll="careful"]`,
			faces:  []int{7, 8, 9, 10, 3},
			want:   `rolls="7,8,9,10,3" exploded="1" successes="4" dc="1" success="true"`,
			absent: []string{"reroll", "rerolled", "faces", "ignored"},
		},
		{
			name:   "unknown reroll name is ignored",
			tag:    `[skill_check: skill="Ward" reroll="reckless"]`,
			faces:  []int{2, 3, 4, 5},
			want:   `successes="0" success="false" ignored="reroll"`,
			absent: []string{"reroll", "critical"},
		},
		{
			name:   "botch: no success and a one",
			tag:    `[skill_check: skill="Ward" dc="1"]`,
			faces:  []int{1, 4, 3, 2},
			want:   `successes="0" success="false" critical="failure"`,
			absent: []string{"cancelled"},
		},
		{
			name:  "exceptional on success",
			tag:   `[skill_check: skill="Ward" dc="2" bonus="+3"]`,
			faces: []int{7, 8, 9, 7, 8, 9, 7},
			want:  `dice="7" bonus="+3" successes="7" dc="2" success="true" critical="success"`,
		},
		{
			name:   "exceptional needs a success",
			tag:    `[skill_check: skill="Ward" dc="8" bonus="+3"]`,
			faces:  []int{7, 8, 9, 7, 8, 9, 7},
			want:   `successes="7" dc="8" success="false"`,
			absent: []string{"critical"},
		},
		{
			name:  "bonus kept within situationalDice",
			tag:   `[skill_check: skill="Ward" bonus="+9"]`,
			faces: []int{2, 2, 2, 2, 2, 2, 2},
			want:  `dice="7" bonus="+3" successes="0"`,
		},
		{
			name:  "threshold kept within target bounds",
			tag:   `[skill_check: skill="Ward" threshold="12"]`,
			faces: []int{9, 8, 10, 1, 5},
			want:  `target="9" threshold="9" rolls="9,8,10,1,5" exploded="1" successes="1" cancelled="1" success="true"`,
		},
		{
			name:  "dc kept within what a roll can count",
			tag:   `[skill_check: skill="Ward" dc="99"]`,
			faces: []int{2, 3, 4, 5},
			want:  `dc="30" success="false"`,
		},
		{
			name:   "dc that one rung asks for takes its target",
			tag:    `[skill_check: skill="Ward" dc="3"]`,
			faces:  []int{7, 7, 8, 9},
			want:   `target="8" threshold="8" successes="2" dc="3" success="false"`,
			absent: []string{"difficulty"},
		},
		{
			name:  "dc 1 is Plain work: target 6",
			tag:   `[skill_check: skill="Ward" dc="1"]`,
			faces: []int{6, 2, 3, 4},
			want:  `target="6" threshold="6" successes="1" success="true"`,
		},
		{
			name:  "dc beside difficulty wins for the number",
			tag:   `[skill_check: skill="Ward" difficulty="Grim" dc="2"]`,
			faces: []int{8, 9, 2, 3},
			want:  `target="8" successes="2" difficulty="Grim" dc="2" success="true"`,
		},
		{
			name:  "threshold beside difficulty wins for the target",
			tag:   `[skill_check: skill="Ward" difficulty="grim" threshold="6"]`,
			faces: []int{6, 6, 6, 2},
			want:  `target="6" threshold="6" successes="3" difficulty="Grim" dc="3" success="true"`,
		},
		{
			name:   "unknown rung is ignored",
			tag:    `[skill_check: skill="Ward" difficulty="Deadly"]`,
			faces:  []int{7, 2, 3, 4},
			want:   `target="7" dc="1" success="true" ignored="difficulty"`,
			absent: []string{"difficulty", "threshold"},
		},
		{
			name:  "explode= kept at the rule's min",
			tag:   `[skill_check: skill="Ward" explode="5"]`,
			faces: []int{8, 2, 3, 4, 2},
			want:  `explode="8" exploded="1" rolls="8,2,3,4,2" successes="1"`,
		},
		{
			name:   "explode= at the rule's own face is not a move",
			tag:    `[skill_check: skill="Ward" explode="10"]`,
			faces:  []int{10, 2, 3, 4, 2},
			want:   `exploded="1" successes="1"`,
			absent: []string{"explode"},
		},
		{
			name:  "extra dice capped at pool.max",
			tag:   `[skill_check: skill="Ward" explode="8"]`,
			faces: poolOnes(19, 10), // 4 dice, then 15 extra (pool.max), every one a 10
			want:  `dice="4" exploded="15" successes="19" explode="8"`,
		},
		{
			name:   "mode advantage is ignored",
			tag:    `[skill_check: skill="Ward" mode="advantage"]`,
			faces:  []int{7, 2, 3, 4},
			want:   `dice="4" successes="1" ignored="mode"`,
			absent: []string{"mode", "kept"},
		},
		{
			name:  "a result written by the model is replaced",
			tag:   `[skill_check: skill="Ward" successes="9" rolls="10,10" success="true"]`,
			faces: []int{2, 3, 4, 5},
			want:  `rolls="2,3,4,5" successes="0" success="false" ignored="successes,rolls,success"`,
		},
		{
			name:  "ability plus ability",
			tag:   `[skill_check: ability="Sinew" with="Warmth" dc="1"]`,
			faces: []int{7, 2, 3, 4},
			want:  `ability="Sinew" with="Warmth" dice="4" successes="1"`,
		},
		{
			name:  "save",
			tag:   `[skill_check: save="Steel"]`,
			faces: []int{7, 2, 3},
			want:  `save="Steel" dice="3" successes="1" success="true"`,
		},
		{
			name:   "spend resolve for a success",
			tag:    `[skill_check: skill="Nerve" dc="2" spend="resolve:1"]`,
			faces:  []int{7, 2, 3},
			want:   `paid="resolve:1" successes="2" bought="1" dc="2" success="true"`,
			debits: map[string]int{"resolve": 1},
		},
		{
			name:   "spend capped at perCheck 2",
			tag:    `[skill_check: skill="Nerve" dc="2" spend="Resolve:3"]`,
			faces:  []int{2, 2, 3},
			want:   `paid="resolve:2" successes="2" bought="2" success="true"`,
			absent: []string{"critical"},
			debits: map[string]int{"resolve": 2},
		},
		{
			name:   "bought successes prevent the botch",
			tag:    `[skill_check: skill="Nerve" dc="2" spend="resolve:1"]`,
			faces:  []int{1, 2, 3},
			want:   `successes="1" bought="1" success="false"`,
			absent: []string{"critical"},
			debits: map[string]int{"resolve": 1},
		},
		{
			name:   "charm moves explode over the tag",
			tag:    `[skill_check: skill="Ward" explode="9" use="Steady Hand"]`,
			faces:  []int{8, 2, 3, 4, 5},
			want:   `use="Steady Hand" paid="resolve:1" explode="8" exploded="1" successes="1"`,
			debits: map[string]int{"resolve": 1},
		},
		{
			name:   "scaling charm buys dice",
			tag:    `[skill_check: skill="Ward" use="lantern_vigil" spend="resolve:2"]`,
			faces:  []int{2, 3, 4, 5, 6, 7},
			want:   `dice="6" boughtDice="2" use="Lantern Vigil" paid="resolve:2" successes="1"`,
			debits: map[string]int{"resolve": 2},
		},
	})
}

func TestGravewatchEffects(t *testing.T) {
	rs := poolBundled(t, "gravewatch")
	ch := poolBundledChar(t, rs, "gravewatch", "bram")
	bell := &Env{RS: rs, Char: ch, Effects: func(c *Check) Effects {
		if c.Target.ID == "ward" {
			return Effects{Flat: 1, From: []string{"Dawn bell"}}
		}
		return Effects{}
	}}
	res := poolRoll(t, bell, `[skill_check: skill="Ward"]`, 7, 2, 3, 4, 5)
	poolExpect(t, res.Record, `dice="5" effects="+1" from="Dawn bell" successes="1"`)

	failed := &Env{RS: rs, Char: ch, Effects: func(c *Check) Effects {
		return Effects{FailsSave: true, From: []string{"Grave chill"}}
	}}
	// Nothing is rolled and nothing is spent on a save an effect fails.
	res = poolRoll(t, failed, `[skill_check: save="Steel" dc="2" spend="resolve:1"]`)
	poolExpect(t, res.Record, `save="Steel" resolution="pool" automatic="true" from="Grave chill" dc="2" success="false"`, "rolls", "paid")
	if len(res.Debits) != 0 {
		t.Errorf("debits %v on a save failed without a roll", res.Debits)
	}
}

// Classic World of Darkness: d10 against a difficulty of 2 to 10 (6 by
// default), ones cancel, no success and a one is a botch, a specialty
// makes tens explode, Willpower buys one success.
// Ilse: Dexterity 3 + Athletics 2 = 5 dice; Strength 3 + Brawl 3 = 6.
func TestWorldOfDarkness(t *testing.T) {
	rs := poolBundled(t, "wod")
	ilse := poolBundledChar(t, rs, "wod", "ilse")
	env := &Env{RS: rs, Char: ilse}
	runPoolCases(t, env, []poolCase{
		{
			name:   "9,1,1,8,1 at difficulty 8 is a failure, not a botch",
			tag:    `[skill_check: skill="Athletics" threshold="8"]`,
			faces:  []int{9, 1, 1, 8, 1},
			want:   `dice="5" rolls="9,1,1,8,1" target="8" threshold="8" successes="0" cancelled="2" dc="1" success="false"`,
			absent: []string{"critical", "complication"},
		},
		{
			name:   "the same at the Difficult rung",
			tag:    `[skill_check: skill="Athletics" difficulty="Difficult"]`,
			faces:  []int{9, 1, 1, 8, 1},
			want:   `target="8" threshold="8" successes="0" cancelled="2" difficulty="Difficult" dc="1" success="false"`,
			absent: []string{"critical"},
		},
		{
			name:   "dc shared by every rung keeps the default target",
			tag:    `[skill_check: skill="Athletics" dc="1"]`,
			faces:  []int{6, 2, 3, 4, 5},
			want:   `target="6" successes="1" success="true"`,
			absent: []string{"threshold"},
		},
		{
			name:  "botch",
			tag:   `[skill_check: skill="Athletics"]`,
			faces: []int{5, 1, 3, 2, 4},
			want:  `successes="0" success="false" critical="failure"`,
		},
		{
			name:   "willpower buys a success and averts the botch",
			tag:    `[skill_check: skill="Athletics" spend="willpower:1"]`,
			faces:  []int{5, 1, 3, 2, 4},
			want:   `paid="willpower:1" successes="1" bought="1" success="true"`,
			absent: []string{"critical"},
			debits: map[string]int{"willpower": 1},
		},
		{
			name:   "willpower: one per check",
			tag:    `[skill_check: skill="Athletics" spend="willpower:3"]`,
			faces:  []int{6, 2, 3, 2, 4},
			want:   `paid="willpower:1" successes="2" bought="1"`,
			debits: map[string]int{"willpower": 1},
		},
		{
			name:  "specialty: tens explode on request",
			tag:   `[skill_check: skill="Athletics" explode="10"]`,
			faces: []int{10, 2, 3, 4, 5, 6},
			want:  `explode="10" exploded="1" rolls="10,2,3,4,5,6" successes="2"`,
		},
		{
			name:   "no specialty: tens do not explode",
			tag:    `[skill_check: skill="Athletics"]`,
			faces:  []int{10, 2, 3, 4, 5},
			want:   `successes="1"`,
			absent: []string{"exploded", "explode"},
		},
		{
			name:   "Potence: blood buys a reroll of ones and a success per point",
			tag:    `[skill_check: skill="Brawl" dc="3" use="Potence" spend="blood:3"]`,
			faces:  []int{1, 5, 7, 2, 1, 9, 6, 1}, // both ones rerolled once: 6 and 1
			want:   `dice="6" use="Potence" paid="blood:3" rolls="1,5,7,2,1,9,6,1" faces="6,5,7,2,1,9" rerolled="2" successes="5" cancelled="1" bought="3" dc="3" success="true" critical="success"`,
			absent: []string{"reroll"},
			debits: map[string]int{"blood": 3},
		},
		{
			name:   "Potence and willpower on one check",
			tag:    `[skill_check: skill="Brawl" dc="3" use="potence" spend="blood:1,willpower:1"]`,
			faces:  []int{6, 2, 3, 4, 5, 2},
			want:   `use="Potence" paid="blood:1,willpower:1" successes="3" bought="2" success="true"`,
			debits: map[string]int{"blood": 1, "willpower": 1},
		},
		{
			name:  "strength plus stamina",
			tag:   `[skill_check: ability="Strength" with="Stamina" threshold="7"]`,
			faces: []int{7, 2, 3, 4, 8},
			want:  `ability="Strength" with="Stamina" dice="5" target="7" successes="2"`,
		},
		{
			name:   "an empty pool fails without a roll and pays nothing",
			tag:    `[skill_check: skill="Athletics" bonus="-10" spend="willpower:1"]`,
			faces:  nil,
			want:   `dice="0" bonus="-10" successes="0" dc="1" success="false"`,
			absent: []string{"rolls", "paid", "critical"},
		},
	})

	t.Run("willpower spent out", func(t *testing.T) {
		e := &Env{RS: rs, Char: poolWithPools(ilse, map[string]int{"willpower": 0, "blood": 8})}
		res := poolRoll(t, e, `[skill_check: skill="Athletics" spend="willpower:1"]`, 5, 1, 3, 2, 4)
		poolExpect(t, res.Record, `unpaid="willpower:1" successes="0" critical="failure"`, "paid", "bought")
		if len(res.Debits) != 0 {
			t.Errorf("debits %v", res.Debits)
		}
	})
	t.Run("wounds take dice", func(t *testing.T) {
		tomas := poolBundledChar(t, rs, "wod", "tomas") // Perception 4 + Investigation 3 - 1 wound
		res := poolRoll(t, &Env{RS: rs, Char: tomas}, `[skill_check: skill="Investigation"]`, 6, 2, 3, 4, 5, 6)
		poolExpect(t, res.Record, `dice="6" successes="2"`)
	})
}

// Shadowrun-style: d6, hits on 5+, a glitch when half or more of the
// starting dice show 1, a critical glitch with no hits. Kestrel: Agility 5
// + Pistols 5 = 10 dice; Sneaking 4 -> 9; Blades 2 -> 7.
func TestShadowrun(t *testing.T) {
	rs := poolBundled(t, "shadowrun")
	env := &Env{RS: rs, Char: poolBundledChar(t, rs, "shadowrun", "kestrel")}
	runPoolCases(t, env, []poolCase{
		{
			name:   "hits",
			tag:    `[skill_check: skill="Pistols" dc="3"]`,
			faces:  []int{5, 6, 5, 1, 2, 3, 4, 2, 3, 4},
			want:   `dice="10" sides="6" target="5" successes="3" dc="3" success="true"`,
			absent: []string{"complication", "critical", "cancelled"},
		},
		{
			name:   "glitch beside hits",
			tag:    `[skill_check: skill="Pistols" difficulty="Average"]`,
			faces:  []int{1, 1, 1, 1, 1, 5, 2, 3, 4, 6},
			want:   `successes="2" difficulty="Average" dc="2" success="true" complication="true"`,
			absent: []string{"critical"},
		},
		{
			name:   "critical glitch",
			tag:    `[skill_check: skill="Pistols"]`,
			faces:  []int{1, 1, 1, 1, 1, 2, 2, 3, 4, 4},
			want:   `successes="0" success="false" critical="failure"`,
			absent: []string{"complication"},
		},
		{
			name:   "four ones in ten is no glitch",
			tag:    `[skill_check: skill="Pistols"]`,
			faces:  []int{1, 1, 1, 1, 2, 2, 3, 4, 4, 4},
			want:   `successes="0" success="false"`,
			absent: []string{"complication", "critical"},
		},
		{
			name:   "fixed target: threshold is not offered",
			tag:    `[skill_check: skill="Pistols" threshold="4"]`,
			faces:  []int{4, 4, 4, 4, 4, 4, 4, 4, 4, 5},
			want:   `target="5" successes="1" ignored="threshold"`,
			absent: []string{"threshold"},
		},
		{
			name:   "edge buys a second chance",
			tag:    `[skill_check: skill="Sneaking" dc="3" spend="edge:1"]`,
			faces:  []int{5, 1, 2, 6, 3, 4, 4, 2, 1, 5, 6, 1, 2, 3, 4, 5},
			want:   `dice="9" paid="edge:1" faces="5,5,6,6,1,2,3,4,5" rerolled="7" successes="5" success="true"`,
			absent: []string{"reroll", "complication"},
			debits: map[string]int{"edge": 1},
		},
		{
			name:  "pushing the limit: sixes explode",
			tag:   `[skill_check: skill="Blades" explode="6"]`,
			faces: []int{6, 6, 2, 3, 4, 5, 1, 6, 2, 1},
			want:  `dice="7" rolls="6,6,2,3,4,5,1,6,2,1" exploded="3" explode="6" successes="4"`,
		},
		{
			name:   "the glitch counts the starting dice only",
			tag:    `[skill_check: skill="Blades" explode="6" bonus="-4"]`,
			faces:  []int{1, 6, 2, 1}, // 1 one in 3 starting dice; the extra die's 1 does not count
			want:   `dice="3" bonus="-4" exploded="1" successes="1"`,
			absent: []string{"complication", "critical"},
		},
		{
			name:  "defaulting",
			tag:   `[skill_check: skill="Hacking"]`,
			faces: []int{5, 2},
			want:  `dice="2" successes="1"`,
		},
	})
}

// Lasers & Feelings: one die, +1 prepared, +1 expert; Lasers counts under
// the character's number, Feelings over it, exactly on it is LASER
// FEELINGS; 1, 2 and 3 successes are three bands.
func TestLasersAndFeelings(t *testing.T) {
	rs := poolBundled(t, "lasers-feelings")
	varga := &Env{RS: rs, Char: poolBundledChar(t, rs, "lasers-feelings", "varga")} // number 4
	ode := &Env{RS: rs, Char: poolBundledChar(t, rs, "lasers-feelings", "ode")}     // number 2
	runPoolCases(t, varga, []poolCase{
		{
			name: "lasers under the number", tag: `[skill_check: skill="Lasers"]`, faces: []int{2},
			want:   `dice="1" sides="6" target="4" threshold="4" stance="Lasers" successes="1" dc="1" outcome="You barely manage it" success="true"`,
			absent: []string{"exact", "critical"},
		},
		{
			name: "laser feelings", tag: `[skill_check: skill="science"]`, faces: []int{4},
			want: `stance="Lasers" successes="1" exact="1" outcome="You barely manage it" success="true"`,
		},
		{
			name: "lasers over the number fails", tag: `[skill_check: skill="Lasers"]`, faces: []int{5},
			want: `successes="0" outcome="It goes wrong" success="false"`,
		},
		{
			name: "prepared expert feelings", tag: `[skill_check: skill="Diplomacy" bonus="+2"]`, faces: []int{5, 6, 4},
			want: `dice="3" bonus="+2" stance="Feelings" successes="3" exact="1" outcome="Critical success" success="true" critical="success"`,
		},
		{
			name: "two successes", tag: `[skill_check: skill="Feelings" bonus="+1"]`, faces: []int{5, 6},
			want: `successes="2" outcome="You do it well" success="true"`, absent: []string{"critical"},
		},
		{
			name: "the number is the character's: threshold is not offered", tag: `[skill_check: skill="Feelings" threshold="2"]`, faces: []int{3},
			want: `target="4" threshold="4" successes="0" success="false" ignored="threshold"`,
		},
		{
			name: "dice kept within situationalDice", tag: `[skill_check: skill="Feelings" bonus="+5"]`, faces: []int{1, 1, 1},
			want: `dice="3" bonus="+2"`,
		},
		{
			name: "no dice removed", tag: `[skill_check: skill="Feelings" bonus="-1"]`, faces: []int{6},
			want: `dice="1" bonus="0" successes="1"`,
		},
		{
			name: "no explode rule", tag: `[skill_check: skill="Feelings" explode="6"]`, faces: []int{6},
			want: `successes="1" ignored="explode"`, absent: []string{"exploded", "explode"},
		},
	})
	runPoolCases(t, ode, []poolCase{
		{name: "number 2: lasers on a 1", tag: `[skill_check: skill="Lasers"]`, faces: []int{1}, want: `target="2" successes="1"`},
		{name: "number 2: feelings on a 3", tag: `[skill_check: skill="Feelings"]`, faces: []int{3}, want: `successes="1"`, absent: []string{"exact"}},
		{name: "number 2: feelings fails on a 1", tag: `[skill_check: skill="Feelings"]`, faces: []int{1}, want: `successes="0" success="false"`},
		{name: "number 2: exact", tag: `[skill_check: skill="Lasers"]`, faces: []int{2}, want: `exact="1" successes="1"`},
	})
}

// A pool ruleset built to exercise what the bundled ones leave out.
const poolLab = `{
  "id": "lab", "name": "Pool lab",
  "abilities": [{ "id": "sinew", "label": "Sinew", "max": 10 }, { "id": "warmth", "label": "Warmth", "max": 10 }],
  "skills": [{ "id": "athletics", "label": "Athletics", "ability": "sinew" }, { "id": "climb", "label": "Climb", "ability": "sinew" }],
  "fields": [{ "id": "favored_athletics", "label": "Favored athletics", "min": 0, "max": 1 }, { "id": "number", "label": "Number", "min": 1, "max": 10, "default": 4 }],
  "live": { "pools": [{ "id": "grit", "label": "Grit", "max": { "const": 5 } }] },
  "catalogs": [{ "id": "knacks", "label": "Knacks", "holds": "knacks", "entries": [
    { "id": "keen", "label": "Keen", "mechanics": { "kind": "utility", "check": { "threshold": 5, "double": 8 } } },
    { "id": "dogged", "label": "Dogged", "mechanics": { "kind": "utility", "cost": [{ "pool": "grit", "amount": 2 }], "check": { "reroll": { "upTo": 3, "mode": "until" }, "successes": 1 } } }
  ] }],
  "resolution": {
    "kind": "dice-pool",
    "die": { "sides": 10 },
    "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [{ "id": "r0", "label": "0" }, { "id": "r2", "label": "2", "flat": 2 }],
    "pool": { "min": 0, "max": 10 },
    "target": { "default": 7, "min": 3, "max": 9 },
    "double": { "from": 10, "min": 8 },
    "cancel": { "upTo": 1 },
    "botch": { "upTo": 1 },
    "exceptional": { "successes": 3 },
    "reroll": [{ "id": "steady", "upTo": 3, "mode": "once" }, { "id": "stubborn", "upTo": 2, "mode": "until" }],
    "outcomes": { "by": "margin", "tiers": [
      { "id": "great", "label": "Great", "atLeast": 2, "success": true },
      { "id": "ok", "label": "Done", "atLeast": 0, "success": true },
      { "id": "miss", "label": "Missed", "atLeast": -1 },
      { "id": "bad", "label": "Bad miss" }
    ] },
    "overrides": [
      { "id": "favored", "label": "Favored", "skills": ["athletics"], "when": { "field": "favored_athletics" }, "set": { "cancel": null } },
      { "id": "d6", "label": "Six-sided climb", "skills": ["climb"], "set": { "die": { "sides": 6 }, "target": { "default": 4, "min": 3, "max": 5 }, "double": null } }
    ],
    "spend": [{ "pool": "grit", "amount": 1, "dice": 1, "perCheck": { "abilityScore": "warmth" } }]
  }
}`

func TestPoolOverridesAndBands(t *testing.T) {
	rs := poolInline(t, poolLab)
	plain := poolInlineChar(t, rs, `{"name": "Ren", "abilities": {"sinew": 4, "warmth": 2}, "skills": {"athletics": "r0", "climb": "r0"}, "entries": ["knacks/keen", "knacks/dogged"]}`)
	favored := poolInlineChar(t, rs, `{"name": "Fen", "abilities": {"sinew": 4, "warmth": 0}, "fields": {"favored_athletics": 1}}`)
	runPoolCases(t, &Env{RS: rs, Char: plain}, []poolCase{
		{
			name: "ones cancel", tag: `[skill_check: skill="Athletics"]`, faces: []int{7, 1, 2, 3},
			want: `successes="0" cancelled="1" dc="1" outcome="Missed" success="false"`, absent: []string{"override"},
		},
		{
			name: "a botch lands in the worst band", tag: `[skill_check: skill="Athletics" dc="2"]`, faces: []int{1, 2, 3, 4},
			want: `successes="0" outcome="Bad miss" success="false" critical="failure"`,
		},
		{
			name: "bands set exceptional aside", tag: `[skill_check: skill="Athletics"]`, faces: []int{7, 8, 9, 7},
			want: `successes="4" outcome="Great" success="true"`, absent: []string{"critical"},
		},
		{
			name: "double counts twice", tag: `[skill_check: skill="Athletics" dc="2"]`, faces: []int{10, 2, 3, 4},
			want: `successes="2" outcome="Done" success="true"`, absent: []string{"double"},
		},
		{
			name: "double moved by the tag", tag: `[skill_check: skill="Athletics" double="8" dc="3"]`, faces: []int{8, 9, 2, 3},
			want: `double="8" successes="4" outcome="Done"`,
		},
		{
			name: "override on a six-sided die without double", tag: `[skill_check: skill="Climb" double="8"]`, faces: []int{4, 6, 1, 2},
			want: `override="Six-sided climb" sides="6" target="4" successes="1" cancelled="1" ignored="double"`,
		},
		{
			name: "charm threshold and double", tag: `[skill_check: skill="Athletics" threshold="9" use="Keen" dc="2"]`, faces: []int{5, 8, 2, 3},
			want: `use="Keen" target="5" threshold="5" double="8" successes="3" outcome="Done"`, absent: []string{"paid"},
		},
		{
			name: "until beats once at the same faces; bought reroll hides reroll=", tag: `[skill_check: skill="Athletics" reroll="steady" use="Dogged"]`,
			faces:  []int{3, 7, 2, 9, 2, 1, 8, 9}, // 3 -> 2 -> 1 -> 8 (until), 2 -> 9
			want:   `use="Dogged" paid="grit:2" rolls="3,7,2,9,2,1,8,9" faces="8,7,9,9" rerolled="2" successes="5" bought="1" outcome="Great"`,
			absent: []string{"reroll"}, debits: map[string]int{"grit": 2},
		},
	})
	runPoolCases(t, &Env{RS: rs, Char: favored}, []poolCase{
		{
			name: "favored: ones do not cancel", tag: `[skill_check: skill="Athletics"]`, faces: []int{7, 1, 2, 3},
			want: `override="Favored" successes="1" success="true"`, absent: []string{"cancelled"},
		},
		{
			name: "perCheck from the sheet at 0 buys nothing", tag: `[skill_check: skill="Athletics" spend="grit:1"]`, faces: []int{7, 2, 3, 4},
			want: `dice="4" unpaid="grit:1"`, absent: []string{"paid", "boughtDice"},
		},
	})
}
