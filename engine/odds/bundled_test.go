package odds_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// bundledCase is one check on a bundled ruleset. The first case of each
// ruleset is its typical check: the one its odds page shows and its
// benchmark times.
type bundledCase struct {
	dir, sheet, tag string
	// effects, when set, stands for conditions and items on the check.
	effects *check.Effects
}

// bundledCases cover every bundled ruleset and, across them, every native
// kind and what a check reads: advantage, naturals, open-ended chains,
// overrides, ladders, bands by margin, total and fraction, tens dice,
// criticals, explosions (a charm's and the tag's), rerolls (named,
// bought by a spend and by a charm), cancels, botches, glitches, bought
// successes, stances, exact dice, dark dice, zero dice, boost, setback,
// upgrades, and effects (flat, dice, subtracting dice, advantage, a save
// failed without a roll).
var bundledCases = []bundledCase{
	{dir: "d20-5e", sheet: "ada.json", tag: `[skill_check: skill="Athletics" dc="15" mode="advantage"]`},
	{dir: "d20-5e", sheet: "ada.json", tag: `[skill_check: skill="Stealth" difficulty="Hard" mode="disadvantage"]`},
	{dir: "d20-5e", sheet: "corvin.json", tag: `[skill_check: skill="Arcana" dc="12"]`,
		effects: &check.Effects{Flat: 1, Dice: []dice.Notation{{Count: 1, Sides: 4}}, MinusDice: []dice.Notation{{Count: 1, Sides: 6}}, Advantage: true, From: []string{"Bless", "Bane"}}},
	{dir: "d20-5e", sheet: "corvin.json", tag: `[skill_check: save="dex_save" dc="12"]`, effects: &check.Effects{FailsSave: true, From: []string{"Paralyzed"}}},
	{dir: "ember-roads", sheet: "01-tamsin.json", tag: `[skill_check: skill="Sneak" difficulty="Hard"]`},
	{dir: "ember-roads", sheet: "02-orrin.json", tag: `[skill_check: skill="Haul" dc="10" mode="advantage"]`},
	{dir: "fate", sheet: "ren.json", tag: `[skill_check: skill="Notice" difficulty="Good"]`},
	{dir: "fate", sheet: "ren.json", tag: `[skill_check: skill="Will" dc="2"]`},
	{dir: "oldschool", sheet: "brunhild.json", tag: `[skill_check: skill="Athletics" difficulty="Normal"]`},
	{dir: "oldschool", sheet: "nim.json", tag: `[skill_check: skill="Open Locks" dc="101"]`},
	{dir: "oldschool", sheet: "nim.json", tag: `[skill_check: skill="Listen" dc="5"]`},
	{dir: "pbta", sheet: "keeler.json", tag: `[skill_check: skill="Act under fire"]`},
	{dir: "pbta", sheet: "marie.json", tag: `[skill_check: skill="Go aggro"]`},
	{dir: "rolemaster", sheet: "tarlen.json", tag: `[skill_check: skill="Climbing" difficulty="Medium"]`},
	{dir: "rolemaster", sheet: "tarlen.json", tag: `[skill_check: skill="Perception" difficulty="Hard"]`},
	{dir: "coc7e", sheet: "harvey.json", tag: `[skill_check: skill="Spot Hidden" bonus="1"]`},
	{dir: "coc7e", sheet: "harvey.json", tag: `[skill_check: skill="Occult" difficulty="Hard" bonus="-2"]`},
	{dir: "gurps", sheet: "dai.json", tag: `[skill_check: skill="Lockpicking" dc="-2"]`},
	{dir: "gurps", sheet: "dai.json", tag: `[skill_check: skill="Stealth"]`},
	{dir: "blades", sheet: "cutter.json", tag: `[skill_check: skill="Skirmish"]`},
	{dir: "blades", sheet: "cutter.json", tag: `[skill_check: skill="Hunt" bonus="-1"]`},
	{dir: "blades", sheet: "cutter.json", tag: `[skill_check: skill="Wreck" bonus="3"]`},
	{dir: "trophy-dark", sheet: "hunter.json", tag: `[skill_check: skill="Climb" dark="1"]`},
	{dir: "trophy-dark", sheet: "hunter.json", tag: `[skill_check: skill="Fight" dark="2" dc="8"]`},
	{dir: "trophy-dark-light", sheet: "hunter.json", tag: `[skill_check: skill="Climb" dark="2"]`},
	{dir: "genesys", sheet: "kira.json", tag: `[skill_check: skill="Ranged" dc="2"]`},
	{dir: "genesys", sheet: "kira.json", tag: `[skill_check: skill="Mechanics" difficulty="Hard" upgrade="1" bonus="1" setback="1"]`},
	{dir: "genesys", sheet: "kira.json", tag: `[skill_check: skill="Cool" dc="3" upgradeOwn="2"]`},
	{dir: "gravewatch", sheet: "bram.json", tag: `[skill_check: skill="Ward" difficulty="Grim"]`},
	{dir: "gravewatch", sheet: "bram.json", tag: `[skill_check: skill="Dig" reroll="careful" use="Steady Hand" spend="resolve:3"]`},
	{dir: "lasers-feelings", sheet: "ode.json", tag: `[skill_check: skill="Feelings" dc="2"]`},
	{dir: "lasers-feelings", sheet: "varga.json", tag: `[skill_check: skill="Lasers" bonus="2"]`},
	{dir: "shadowrun", sheet: "kestrel.json", tag: `[skill_check: skill="Perception" difficulty="Average"]`},
	{dir: "shadowrun", sheet: "kestrel.json", tag: `[skill_check: skill="Pistols" explode="6" spend="edge:1" dc="3"]`},
	{dir: "wod", sheet: "tomas.json", tag: `[skill_check: skill="Investigation"]`},
	{dir: "wod", sheet: "ilse.json", tag: `[skill_check: skill="Brawl" bonus="4" explode="10" threshold="8"]`}, // icepool's 10-die anchor
	{dir: "wod", sheet: "ilse.json", tag: `[skill_check: skill="Brawl" explode="10" threshold="8" bonus="4" use="Potence" spend="blood:2"]`},
	{dir: "wod", sheet: "ilse.json", tag: `[skill_check: skill="Occult" difficulty="Difficult" spend="willpower:1"]`},
}

// load reads a case's ruleset, sheet and tag and builds its environment.
func (bc bundledCase) load(tb testing.TB) (*check.Env, tag.Tag) {
	tb.Helper()
	rs, err := ruleset.LoadFile("../../rulesets/"+bc.dir+"/ruleset.json", ruleset.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	sh, err := sheet.LoadFile("../../rulesets/"+bc.dir+"/sheets/"+bc.sheet, rs)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := tag.Parse(bc.tag)
	if err != nil {
		tb.Fatal(err)
	}
	env := &check.Env{RS: rs, Char: sheet.New(rs, sh)}
	if bc.effects != nil {
		e := *bc.effects
		env.Effects = func(*check.Check) check.Effects { return e }
	}
	return env, t
}

func (bc bundledCase) name() string { return bc.dir + " " + bc.tag }
