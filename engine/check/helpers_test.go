package check_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// The helpers every external test of the check package shares. (The
// pool tests live inside the package and keep their own, in
// pool_helpers_test.go: an in-package test cannot use these.)

// inlineRuleset loads a ruleset made of a vocabulary (top-level keys,
// ending in a comma) and a resolution body written inline.
func inlineRuleset(tb testing.TB, vocab, resolution string) *ruleset.Ruleset {
	tb.Helper()
	rs, err := ruleset.Load("test.json", []byte("{"+vocab+`"resolution": {`+resolution+"}}"), ruleset.Options{})
	if err != nil {
		tb.Fatalf("ruleset does not load:\n%v", err)
	}
	return rs
}

// loadChar loads a sheet written as JSON against rs.
func loadChar(tb testing.TB, rs *ruleset.Ruleset, sheetJSON string) *sheet.Character {
	tb.Helper()
	s, err := sheet.Load("sheet.json", []byte(sheetJSON), rs)
	if err != nil {
		tb.Fatalf("sheet does not load:\n%v", err)
	}
	return sheet.New(rs, s)
}

// loadPair loads a bundled ruleset and one of its sample sheets.
func loadPair(tb testing.TB, dir, sheetFile string) (*ruleset.Ruleset, *sheet.Character) {
	tb.Helper()
	rs, err := ruleset.LoadFile("../../rulesets/"+dir+"/ruleset.json", ruleset.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	s, err := sheet.LoadFile("../../rulesets/"+dir+"/sheets/"+sheetFile, rs)
	if err != nil {
		tb.Fatal(err)
	}
	return rs, sheet.New(rs, s)
}

// rollEnv answers a tag in env with exactly the scripted faces: it fails
// when the check draws fewer or more dice than scripted, or when the
// record fails the schema.
func rollEnv(tb testing.TB, env *check.Env, tagText string, faces ...int) check.Result {
	tb.Helper()
	tg, err := tag.Parse(tagText)
	if err != nil {
		tb.Fatalf("tag %s: %v", tagText, err)
	}
	s := dice.Script(faces...)
	env.Dice = s
	res := check.Resolve(env, tg)
	if s.Overrun > 0 || s.Used() != len(faces) {
		tb.Errorf("%s: drew %d dice (%d past the script), scripted %d; record %s", tagText, s.Used()+s.Overrun, s.Overrun, len(faces), res.Record)
	}
	if err := record.Check(res.Record); err != nil {
		tb.Errorf("%s: record fails the schema: %v\n%s", tagText, err, res.Record)
	}
	return res
}

// rollFaces is rollEnv for a character outside a game.
func rollFaces(tb testing.TB, rs *ruleset.Ruleset, ch *sheet.Character, tagText string, faces ...int) record.Record {
	tb.Helper()
	return rollEnv(tb, &check.Env{RS: rs, Char: ch}, tagText, faces...).Record
}

// wantAttrs checks attributes: "key=value" must be present with that
// value, "-key" must be absent.
func wantAttrs(tb testing.TB, rec record.Record, wants ...string) {
	tb.Helper()
	for _, w := range wants {
		if strings.HasPrefix(w, "-") {
			if v, ok := rec.Get(w[1:]); ok {
				tb.Errorf("want no %s, got %s=%q in %s", w[1:], w[1:], v, rec)
			}
			continue
		}
		k, v, _ := strings.Cut(w, "=")
		got, ok := rec.Get(k)
		switch {
		case !ok:
			tb.Errorf("want %s=%q, missing in %s", k, v, rec)
		case got != v:
			tb.Errorf("want %s=%q, got %q in %s", k, v, got, rec)
		}
	}
}
