package serve

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// slowKindSrc is a kind without an odds function (so its odds are
// sampled) that spends a few milliseconds on every check.
const slowKindSrc = `return { name = "slow", version = "1", api = 1,
  kinds = { slow = {
    validate = function() return {} end,
    resolve = function(c)
      local x = 0
      for i = 1, 200000 do x = x + i end
      return { { "resolution", "slow" }, { "total", dice.roll(6) } }
    end,
  } } }`

// TestOddsSamplingHonoursDeadline (issue 27): POST /v1/odds on a slow
// plugin kind ignored --deadline (422 after 11.7 s, or the connection
// dropped, with a 2 s deadline). Sampling now stops at the deadline and
// the answer is 503 deadline, soon after it.
func TestOddsSamplingHonoursDeadline(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "slow")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(slowKindSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	h, errs := host.Load([]string{dir}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(h.Close)
	const deadline = time.Second
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Host: h, Deadline: deadline}).Handler())
	t.Cleanup(ts.Close)
	rs := `{"id": "tiny", "name": "Tiny",
  "abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
  "skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
  "resolution": { "kind": "slow", "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }}`
	start := time.Now()
	code, body := raw(t, ts, "POST", "/v1/odds", `{"ruleset":`+rs+`,"sheets":[{"name":"Ada"}],"tag":"[skill_check: skill=\"Climb\"]","samples":100000}`)
	took := time.Since(start)
	t.Logf("%d after %v: %s", code, took.Round(time.Millisecond), body)
	if code != 503 || !strings.Contains(body, `"deadline"`) {
		t.Errorf("%d: %s; want 503 deadline", code, body)
	}
	// a check takes milliseconds, so the answer comes a few of them after
	// the deadline; the margin is for a loaded machine
	if took > deadline+5*time.Second {
		t.Errorf("answered after %v with a %v deadline", took, deadline)
	}
	// a few samples still answer, exactly as before (on a server whose
	// deadline a loaded machine cannot outlast); the kind draws one d6,
	// so the walk of its throws (host/drawtree) may give the exact odds
	// first when it finishes within its own bound
	roomy := httptest.NewServer(New(Options{Bundled: "../../rulesets", Host: h, Deadline: time.Minute}).Handler())
	t.Cleanup(roomy.Close)
	code, body = raw(t, roomy, "POST", "/v1/odds", `{"ruleset":`+rs+`,"sheets":[{"name":"Ada"}],"tag":"[skill_check: skill=\"Climb\"]","samples":3}`)
	if code != 200 || !(strings.Contains(body, `"method":"sampled"`) || strings.Contains(body, `"method":"enumerated"`)) || strings.Contains(body, `"partial"`) {
		t.Errorf("3 samples: %d %s", code, body)
	}
}
