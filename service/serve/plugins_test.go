package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// TestPluginCallsCounted: with the bundled plugins loaded once at start,
// a plugin kind's check, its odds and a plugin tag are answered, each
// call counted in rulehost_plugin_calls_total, and a plugin kind's odds
// stay exact (the counting wrapper keeps its odds function).
func TestPluginCallsCounted(t *testing.T) {
	h, errs := host.Load([]string{"../../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(h.Close)
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Host: h}).Handler())
	t.Cleanup(ts.Close)
	edge := `[skill_check: ability=\"Edge\" adds=\"1\"]`
	code, out := post(t, ts, "/v1/odds", `{"bundled":"ironsworn","bundledSheets":["kai"],"tag":"`+edge+`"}`)
	if code != 200 {
		t.Fatalf("odds: %d %v", code, out)
	}
	if o := out["odds"].(map[string]any); o["method"] != "plugin" || o["exact"] != true {
		t.Errorf("plugin odds: %v", o)
	}
	if code, out := post(t, ts, "/v1/check", `{"bundled":"ironsworn","bundledSheets":["kai"],"tag":"`+edge+`","repeat":3}`); code != 200 {
		t.Fatalf("check: %d %v", code, out)
	}
	opposed := `[opposed_check: skill=\"Nerve\" who=\"Bram the Quiet\" vs=\"Maud Hollin\" vsSkill=\"Nerve\"]`
	code, out = post(t, ts, "/v1/check", `{"bundled":"gravewatch","bundledSheets":["bram","maud"],"tag":"`+opposed+`"}`)
	if code != 200 {
		t.Fatalf("plugin tag: %d %v", code, out)
	}
	if rec := out["records"].([]any)[0].(map[string]any)["record"].(map[string]any); rec["tag"] != "opposed" {
		t.Errorf("plugin tag answered %v", rec)
	}
	resp, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for call, least := range map[string]int{"resolve": 3, "odds": 1, "tag": 1} {
		m := regexp.MustCompile(`rulehost_plugin_calls_total\{call="` + call + `"\} (\d+)`).FindSubmatch(body)
		if m == nil {
			t.Errorf("no count of %s calls in /metrics", call)
			continue
		}
		if n, _ := strconv.Atoi(string(m[1])); n < least {
			t.Errorf("%s calls: %d; want at least %d", call, n, least)
		}
	}
}
