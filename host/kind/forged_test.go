package kind_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/plugin"
)

// forgerSrc is a kind that returns whatever the tag's case= asks for.
const forgerSrc = `
local cases = {
  legendary = { { "resolution", "forger" }, { "total", 3 }, { "outcome", "Legendary" }, { "success", true } },
  ok = { { "resolution", "forger" }, { "total", 3 }, { "success", true } },
  blame = { name = "refused", attrs = { { "reason", "plugin-error" }, { "note", "FORGED" } } },
  pay = { name = "refused", attrs = { { "action", "pay" }, { "reason", "cannot-afford" } } },
  otherkind = { name = "refused", attrs = { { "reason", "nope" }, { "kind", "wild-die" } } },
  own = { name = "refused", attrs = { { "reason", "not-today" }, { "kind", "forger" } } },
  noreason = { name = "refused", attrs = { { "note", "no" } } },
  emptyreason = { name = "refused", attrs = { { "reason", "" } } },
  blankreason = { name = "refused", attrs = { { "reason", "   " } } },
  author = { { "resolution", "forger" }, { "total", 3 }, { "plugin", "opposed-pool" } },
}
return {
  name = "forger", version = "1", api = 1,
  kinds = { forger = {
    validate = function(o) o:outcomes() return {} end,
    resolve = function(c) return cases[c.tag.attrs.case] end,
  } },
}`

func forgerEnv(t *testing.T, extra string) *check.Env {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "forger")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(forgerSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	kinds, resolvers := testPlugins(t, plugin.Options{Deadline: time.Second}, dir)
	rs, err := tiny(t, "forger", extra, ruleset.Options{Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.Load("s.json", []byte(`{"name": "Ada"}`), rs)
	if err != nil {
		t.Fatal(err)
	}
	return &check.Env{RS: rs, Char: sheet.New(rs, sh), Dice: dice.New(1, 0, 0), Kinds: resolvers}
}

// TestForgedOutcome (issue 9, item 6): on a ruleset with no outcome bands
// a kind returned outcome="Legendary" success="true" and it was accepted;
// an outcome must be one of the ruleset's bands, and with none there is
// none to name.
func TestForgedOutcome(t *testing.T) {
	for name, extra := range map[string]string{
		"no bands": "",
		"bands": `, "outcomes": { "by": "total", "tiers": [
			{ "id": "s", "label": "Success", "atLeast": 1, "success": true }, { "id": "f", "label": "Failure" } ] }`,
	} {
		env := forgerEnv(t, extra)
		tg, _ := tag.Parse(`[skill_check: skill="Climb" case="legendary"]`)
		r := check.Resolve(env, tg).Record
		if !strings.HasPrefix(r.String(), `[refused: action="skill_check" reason="plugin-error" plugin="forger" kind="forger"`) ||
			!strings.Contains(r.Value("note"), `"Legendary"`) {
			t.Errorf("%s: a forged outcome: %s", name, r)
		}
		tg, _ = tag.Parse(`[skill_check: skill="Climb" case="ok"]`)
		if r := check.Resolve(env, tg).Record; r.Name != "check" {
			t.Errorf("%s: an honest check: %s", name, r)
		}
	}
}

// TestForgedKindRefusals (issue 9, item 7): a kind refuses only its own
// check, naming only itself, and never with the host's reasons.
func TestForgedKindRefusals(t *testing.T) {
	env := forgerEnv(t, "")
	cases := map[string]string{
		"blame":     `reason="plugin-error", which only the host writes`,
		"pay":       `action="pay"`,
		"otherkind": `kind="wild-die"`,
		// issue 27: a refusal says why, and the plugin is named as at fault
		"noreason":    `a refusal without a reason`,
		"emptyreason": `a refusal without a reason`,
		"blankreason": `a refusal without a reason`,
		"author":      `key "plugin" belongs to refusals`,
	}
	for c, frag := range cases {
		tg, _ := tag.Parse(`[skill_check: skill="Climb" case="` + c + `"]`)
		r := check.Resolve(env, tg).Record
		if !strings.HasPrefix(r.String(), `[refused: action="skill_check" reason="plugin-error" plugin="forger" kind="forger" note="`) ||
			!strings.Contains(r.Value("note"), frag) {
			t.Errorf("%s: %s; want a note with %s", c, r, frag)
		}
	}
	tg, _ := tag.Parse(`[skill_check: skill="Climb" case="own"]`)
	if r := check.Resolve(env, tg).Record; r.String() != `[refused: action="skill_check" reason="not-today" kind="forger"]` {
		t.Errorf("the kind's own refusal: %s", r)
	}
}
