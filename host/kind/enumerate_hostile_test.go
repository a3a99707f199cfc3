package kind_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/plugin"
)

// TestEnumerationOfHostileKinds: kinds that defeat a walk of their throws
// (a die of 2^30 faces, draws that do not follow from the faces, a loop
// that swallows the host's stop with pcall) give sampled odds or an error
// naming the plugin, within a bounded time, and the host keeps serving.
func TestEnumerationOfHostileKinds(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "hostile")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(`
local calls = 0
local function res(c)
  local how = c.tag.attrs.how
  local die
  if how == "huge" then
    die = math.random(1, 1073741824) % 6 + 1
  elseif how == "shifty" then
    calls = calls + 1
    die = dice.roll(6 + calls % 2)
  elseif how == "stubborn" then
    die = dice.roll(6)
    while die == 6 do
      local ok, f = pcall(dice.roll, 6)
      if ok then die = f end
    end
  else
    die = dice.roll(6)
  end
  return { { "resolution", "hostile" }, { "rolls", { die } }, { "success", die >= 4 } }
end
return { name = "hostile", version = "1.0.0", api = 1,
  kinds = { hostile = { keys = {}, validate = function() return {} end, resolve = res } } }
`), 0o644)
	kinds, resolvers := testPlugins(t, plugin.Options{Deadline: 300 * time.Millisecond}, dir)
	rs, err := tiny(t, "hostile", "", ruleset.Options{Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.Load("s.json", []byte(`{"name": "Ada"}`), rs)
	if err != nil {
		t.Fatal(err)
	}
	ch := sheet.New(rs, sh)
	run := func(how string) (odds.Result, error) {
		tg, _ := tag.Parse(`[skill_check: skill="Climb" how="` + how + `"]`)
		return odds.ForCharacter(rs, ch, tg, odds.Options{Kinds: resolvers, Samples: 200})
	}
	if r, err := run("plain"); err != nil || r.Method != "enumerated" || r.Success != 0.5 {
		t.Fatalf("plain: %+v %v", r, err)
	}
	if r, err := run("huge"); err != nil || r.Method != "sampled" {
		t.Errorf("a die of 2^30 faces: %+v %v", r, err)
	}
	// state kept between calls to draw differently on the same faces:
	// the sandbox restores the plugin's state after every call, so the
	// walk sees a function of the faces (drawtree refuses one that is not)
	if r, err := run("shifty"); err != nil || r.Method != "enumerated" {
		t.Errorf("shifty: %+v %v", r, err)
	}
	began := time.Now()
	r, err := run("stubborn")
	// the 6s chain is cut below 1e-18; the stop the host raises is
	// swallowed by pcall, so those paths end at the call's deadline or
	// budget: either way the answer is exact, sampled, or an error
	var re *odds.RefusedError
	if errors.As(err, &re) {
		t.Errorf("stubborn: a refusal %v", err)
	}
	if err == nil && r.Method == "enumerated" && (r.Neglected <= 0 || r.Neglected >= 1e-12) {
		t.Errorf("stubborn: %+v", r)
	}
	t.Logf("stubborn: %s %v neglected %g leaves %d, in %s", r.Method, err, r.Neglected, r.Leaves, time.Since(began))
	if d := time.Since(began); d > 2*time.Minute {
		t.Errorf("stubborn took %s", d)
	}
	if r, err := run("plain"); err != nil || r.Method != "enumerated" {
		t.Fatalf("after the hostile ones: %+v %v", r, err)
	}
}
