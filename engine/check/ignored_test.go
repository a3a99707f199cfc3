package check_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestIgnoredOnEveryKind: every kind lists in ignored= each attribute it
// does not offer (docs/tags.md), whatever the dice.
func TestIgnoredOnEveryKind(t *testing.T) {
	cases := []struct {
		dir, sheet, tag, want string
	}{
		{"d20-5e", "ada.json", `[skill_check: skill="Athletics" dc="10" threshold="5" bonus="+2" setback="1" rolls="20"]`, "threshold,bonus,setback,rolls"},
		{"coc7e", "harvey.json", `[skill_check: skill="Spot Hidden" threshold="5" setback="1" upgrade="1" mode="advantage"]`, "threshold,setback,upgrade,mode"},
		{"blades", "cutter.json", `[skill_check: skill="Finesse" threshold="5" upgrade="2" mode="advantage" explode="6"]`, "threshold,upgrade,explode,mode"},
		{"genesys", "kira.json", `[skill_check: skill="Athletics" dc="2" threshold="5" dark="1" explode="6"]`, "threshold,dark,explode"},
		{"wod", "", `[skill_check: ability="Strength" dc="1" setback="1" dark="1" successes="9"]`, "setback,dark,successes"},
	}
	for _, c := range cases {
		t.Run(c.dir, func(t *testing.T) {
			rs, ch := loadFirst(t, c.dir, c.sheet)
			tg, err := tag.Parse(c.tag)
			if err != nil {
				t.Fatal(err)
			}
			faces := make([]int, 200)
			for i := range faces {
				faces[i] = 1
			}
			rec := check.Resolve(&check.Env{RS: rs, Char: ch, Dice: dice.Script(faces...)}, tg).Record
			if rec.Name != "check" {
				t.Fatalf("refused: %s", rec)
			}
			if got := rec.Value("ignored"); got != c.want {
				t.Errorf("ignored=%q, want %q in %s", got, c.want, rec)
			}
		})
	}
}

// TestExactlyOneTarget: skill= with save= (or ability=) is refused with a
// reason, not answered as the first one.
func TestExactlyOneTarget(t *testing.T) {
	rs, ch := loadFirst(t, "d20-5e", "ada.json")
	for _, text := range []string{
		`[skill_check: skill="Athletics" save="dex_save"]`,
		`[skill_check: ability="str" save="dex_save"]`,
		`[skill_check: skill="Athletics" ability="str" save="dex_save"]`,
	} {
		tg, _ := tag.Parse(text)
		rec := check.Resolve(&check.Env{RS: rs, Char: ch, Dice: dice.Script(10)}, tg).Record
		if rec.Name != "refused" || rec.Value("reason") != "several-targets" || !strings.Contains(rec.Value("note"), "exactly one of skill=, save= or ability=") {
			t.Errorf("%s: %s", text, rec)
		}
	}
}

// loadFirst loads a bundled ruleset and the named sheet, or its first.
func loadFirst(tb testing.TB, dir, sheetFile string) (*ruleset.Ruleset, *sheet.Character) {
	tb.Helper()
	if sheetFile == "" {
		files, _ := filepath.Glob("../../rulesets/" + dir + "/sheets/*.json")
		if len(files) == 0 {
			tb.Fatalf("no sheets in %s", dir)
		}
		sheetFile = filepath.Base(files[0])
	}
	return loadPair(tb, dir, sheetFile)
}

// TestSetbackNeeds1150: setback= on its own is Capability API 1.150; a
// symbol-pool ruleset declaring 1.141 lists it in ignored=.
func TestSetbackNeeds1150(t *testing.T) {
	rs, ch := loadFirst(t, "genesys", "kira.json")
	old := *rs
	old.CapabilityAPI = "1.141"
	tg, _ := tag.Parse(`[skill_check: skill="Athletics" dc="1" setback="1"]`)
	faces := make([]int, 50)
	for i := range faces {
		faces[i] = 1
	}
	rec := check.Resolve(&check.Env{RS: &old, Char: ch, Dice: dice.Script(faces...)}, tg).Record
	if rec.Value("ignored") != "setback" || rec.Has("setback") {
		t.Errorf("at 1.141: %s", rec)
	}
	rec = check.Resolve(&check.Env{RS: rs, Char: ch, Dice: dice.Script(faces...)}, tg).Record
	if rec.Has("ignored") || rec.Value("setback") != "1" {
		t.Errorf("at 1.150: %s", rec)
	}
}

// TestNoTargetTypo: a near miss of skill= is named in the refusal.
func TestNoTargetTypo(t *testing.T) {
	rs, ch := loadFirst(t, "d20-5e", "ada.json")
	tg, _ := tag.Parse(`[skill_check: skil="Athletics" dc="10"]`)
	rec := check.Resolve(&check.Env{RS: rs, Char: ch, Dice: dice.Script(10)}, tg).Record
	if rec.Value("reason") != "no-target" || !strings.Contains(rec.Value("note"), "did you mean skill=?") {
		t.Errorf("%s", rec)
	}
}
