package check_test

import (
	"sync"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/tag"
)

// fuzzPairs are one sheet of each kind's bundled rulesets, loaded once
// for FuzzCheckerAsResolve; fuzzEnvs keep one Env (and so its plan) each.
var (
	fuzzOnce  sync.Once
	fuzzEnvs  []*check.Env
	fuzzCheck check.Checker
)

func fuzzSetup(tb testing.TB) {
	fuzzOnce.Do(func() {
		for _, p := range [][2]string{
			{"d20-5e", "ada.json"}, {"gravewatch", "bram.json"}, {"blades", "cutter.json"},
			{"genesys", "kira.json"}, {"coc7e", "harvey.json"}, {"trophy-dark", "hunter.json"},
			{"shadowrun", "kestrel.json"}, {"gurps", "dai.json"},
		} {
			rs, ch := loadPair(tb, p[0], p[1])
			fuzzEnvs = append(fuzzEnvs, &check.Env{RS: rs, Char: ch})
		}
	})
}

// FuzzCheckerAsResolve: whatever attributes a skill_check or dice a
// roll_dice gives, a Checker kept from input to input (its storage, the
// kinds' working state, the text chunks, each Env's plan) answers
// exactly as Resolve and RollDice do on fresh storage, and never panics.
func FuzzCheckerAsResolve(f *testing.F) {
	for _, s := range []struct {
		which byte
		attrs string
		dice  string
	}{
		{0, `skill="Athletics" dc="15" mode="advantage"`, "1d20+4"},
		{1, `skill="Ward" dc="2" threshold="8" bonus="-2" with="Sinew" explode="9"`, "10d10>=8"},
		{2, `skill="Hunt" bonus="1"`, "4d6kh3+1d6!"},
		{3, `skill="Cool" upgrade="2" setback="1" difficulty="Hard"`, "2 ability 1 proficiency vs 2 difficulty"},
		{4, `skill="Spot Hidden" difficulty="Hard" bonus="1"`, "d%"},
		{5, `skill="Sneak" dark="1" SKILL="x"`, "3d6"},
		{6, `ability="Body" with="Agility" dc="3" spend="edge:1"`, "12d6>=5"},
		{7, `save="Will" bonus="+300" dc="-5"`, "1d20-1d4+100"},
	} {
		f.Add(s.which, s.attrs, s.dice, uint64(s.which))
	}
	f.Fuzz(func(t *testing.T, which byte, attrs, diceText string, seed uint64) {
		fuzzSetup(t)
		env := fuzzEnvs[int(which)%len(fuzzEnvs)]
		if tg, err := tag.Parse("[skill_check: " + attrs + "]"); err == nil {
			env.Dice = dice.New(seed, 0, 0)
			got := fuzzCheck.Resolve(env, tg).Record.String()
			if want := check.Resolve(&check.Env{RS: env.RS, Char: env.Char, Dice: dice.New(seed, 0, 0)}, tg).Record.String(); got != want {
				t.Fatalf("%s\nChecker %s\nResolve %s", tg, got, want)
			}
		}
		rt := tag.Tag{Name: "roll_dice", Attrs: []tag.Attr{{Key: "dice", Value: diceText}}}
		got := fuzzCheck.RollDice(env.RS, rt, dice.New(seed, 0, 0)).String()
		if want := check.RollDice(env.RS, rt, dice.New(seed, 0, 0)).String(); got != want {
			t.Fatalf("%s\nChecker %s\nRollDice %s", rt, got, want)
		}
	})
}
