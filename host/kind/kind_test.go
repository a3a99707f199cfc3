package kind_test

import (
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/kind"
	"github.com/rulehost/rulehost/host/plugin"
)

const tinyRuleset = `{
  "id": "tiny", "name": "Tiny",
  "abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
  "skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
  "resolution": {
    "kind": "%KIND%",
    "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }]
    %EXTRA%
  }
}`

func tiny(t testing.TB, kindName, extra string, opts ruleset.Options) (*ruleset.Ruleset, error) {
	t.Helper()
	src := strings.ReplaceAll(strings.ReplaceAll(tinyRuleset, "%KIND%", kindName), "%EXTRA%", extra)
	return ruleset.Load("tiny.json", []byte(src), opts)
}

func testPlugins(t testing.TB, opts plugin.Options, dirs ...string) (map[string]ruleset.Kind, map[string]check.Resolver) {
	t.Helper()
	set := plugin.NewSet(opts)
	for _, d := range dirs {
		p, err := plugin.Load(d, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := set.Add(p); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(set.Close)
	return kind.FromSet(set)
}

// TestBadResultsRefused: whatever a plugin kind returns passes the record
// checker, the host's head rule and the ruleset's bands, or the check
// becomes a plugin-error refusal naming the plugin and what was wrong; a
// plugin fault (an error, a loop past the deadline, a forbidden library)
// too, and the next call on the same host succeeds.
func TestBadResultsRefused(t *testing.T) {
	// one deadline for the plugin: the "loop" case waits it out once, and
	// the good calls around it must not miss it on a loaded machine
	kinds, resolvers := testPlugins(t, plugin.Options{Deadline: time.Second}, "../../testdata/plugins/bad-results")
	rs, err := tiny(t, "bad-results", `, "outcomes": { "by": "total", "tiers": [
		{ "id": "s", "label": "Success", "atLeast": 1, "success": true }, { "id": "f", "label": "Failure" } ] }`,
		ruleset.Options{Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.Load("s.json", []byte(`{"name": "Ada"}`), rs)
	if err != nil {
		t.Fatal(err)
	}
	env := &check.Env{RS: rs, Char: sheet.New(rs, sh), Dice: dice.New(1, 0, 0), Kinds: resolvers}
	cases := map[string]string{
		"unknown-key":   `unknown key "mystery"`,
		"bad-type":      `total="lots": want an integer`,
		"float":         "1.5 is not an integer",
		"wrong-band":    `outcome "Success" is a success, but success=false`,
		"unknown-band":  `outcome "Glorious" is not one of the ruleset's bands`,
		"critical":      "disagrees",
		"no-resolution": "no resolution=",
		"head":          `"who" belongs to the check head`,
		"twice":         "appears twice",
		"sum-face":      "roll 7 is not a face of 1d6",
		"other-record":  `resolve returned a "opposed" record`,
		"nothing":       "returned nothing",
		"string":        "returned a string",
		"error":         "runtime error: the plugin gave up",
		"loop":          "timeout",
		"forbidden":     "forbidden: the os library is not available",
	}
	for c, frag := range cases {
		tg, _ := tag.Parse(`[skill_check: skill="Climb" case="` + c + `"]`)
		r := check.Resolve(env, tg).Record
		want := `[refused: action="skill_check" reason="plugin-error" plugin="bad-results" kind="bad-results" note="`
		if !strings.HasPrefix(r.String(), want) || !strings.Contains(r.Value("note"), frag) {
			t.Errorf("case %s:\n got  %s\n want %s...%s", c, r, want, frag)
		}
		if err := record.Check(r); err != nil {
			t.Errorf("case %s: the refusal fails the schema: %v", c, err)
		}
		// the next call on the same host succeeds
		ok, _ := tag.Parse(`[skill_check: skill="Climb" case="ok"]`)
		if r := check.Resolve(env, ok).Record; r.String() != `[check: who="Ada" skill="Climb" resolution="bad-results" total="3" success="true" ignored="case"]` &&
			!strings.HasPrefix(r.String(), `[check: who="Ada" skill="Climb" resolution="bad-results" total="3"`) {
			t.Errorf("after %s: %s", c, r)
		}
	}
	tg, _ := tag.Parse(`[skill_check: skill="Climb" case="refuse"]`)
	if r := check.Resolve(env, tg).Record; r.String() != `[refused: action="skill_check" reason="not-today" note="the plugin refuses politely"]` {
		t.Errorf("a plugin's own refusal: %s", r)
	}
}

// TestPluginKindValidation reports a plugin kind's problems with JSON
// pointers like a native kind, including unknown keys, and refuses a
// plugin kind when no plugin provides it.
func TestPluginKindValidation(t *testing.T) {
	kinds, _ := testPlugins(t, plugin.Options{Deadline: correctnessDeadline}, "../../plugins/wild-die")
	_, err := tiny(t, "wild-die", `, "wild": { "complication": "maybe" }, "maxDice": 500, "bogus": 1,
		"difficultyLadder": [{ "label": "Easy" }, 7]`, ruleset.Options{Kinds: kinds})
	if err == nil {
		t.Fatal("accepted")
	}
	for _, frag := range []string{
		`/resolution/wild/complication: want one of "remove", "flag", "none", found "maybe"`,
		"/resolution/maxDice: 500 is out of range; allowed 1 to 100",
		`/resolution/bogus: unknown key "bogus"`,
		`/resolution/difficultyLadder/0: missing required key "dc"`,
		"/resolution/difficultyLadder/1: want an object",
	} {
		if !strings.Contains(err.Error(), frag) {
			t.Errorf("problems lack %q:\n%v", frag, err)
		}
	}
	if _, err := tiny(t, "wild-die", "", ruleset.Options{}); err == nil || !strings.Contains(err.Error(), `unknown resolution kind "wild-die"`) {
		t.Errorf("without the plugin: %v", err)
	}
}

// TestPooledStatesConcurrent resolves on many goroutines at once: each
// gets its own state, and every record equals the sequential one.
func TestPooledStatesConcurrent(t *testing.T) {
	kinds, resolvers := testPlugins(t, plugin.Options{Deadline: correctnessDeadline}, "../../testdata/plugins/bench-pool")
	rs, err := tiny(t, "bench-pool", "", ruleset.Options{Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	sh, _ := sheet.Load("s.json", []byte(`{"name": "Ada"}`), rs)
	ch := sheet.New(rs, sh)
	tg, _ := tag.Parse(`[skill_check: skill="Climb" dc="3"]`)
	const n = 200
	want := make([]string, n)
	for i := range want {
		want[i] = check.Resolve(&check.Env{RS: rs, Char: ch, Dice: dice.New(uint64(i), 0, 0), Kinds: resolvers}, tg).Record.String()
	}
	errs := make(chan string, 8*n)
	done := make(chan bool)
	for g := 0; g < 8; g++ {
		go func() {
			for i := 0; i < n; i++ {
				got := check.Resolve(&check.Env{RS: rs, Char: ch, Dice: dice.New(uint64(i), 0, 0), Kinds: resolvers}, tg).Record.String()
				if got != want[i] {
					errs <- got + " != " + want[i]
				}
			}
			done <- true
		}()
	}
	for g := 0; g < 8; g++ {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// correctnessDeadline is the per-call deadline of tests that check what a
// plugin answers, not how fast: generous, so that a loaded machine cannot
// turn a slow call into a failure. Timing is the red-team tests' business.
const correctnessDeadline = 10 * time.Second
