package serve

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// TestDeclaredPluginRefusedOverHTTP (issue 29): a service without the
// plugin a ruleset declares refuses it as a problem at the entry's
// pointer (with its line), bundled or sent inline; with the plugin
// loaded, the same ruleset answers.
func TestDeclaredPluginRefusedOverHTTP(t *testing.T) {
	ts := testServer(t) // no plugins at all
	check := `[skill_check: skill=\"Face danger\"]`
	_, out := post(t, ts, "/v1/check", `{"bundled":"ironsworn","bundledSheets":["kai"],"tag":"`+check+`"}`)
	if got := mustJSON(out); !strings.Contains(got, `"pointer":"/plugins/0/name"`) || !strings.Contains(got, `not on the plugin path`) || !strings.Contains(got, `"line":`) {
		t.Errorf("bundled ironsworn without its plugin: %s", got)
	}
	_, out = post(t, ts, "/v1/check", `{"ruleset":{"id":"t","name":"T","plugins":[{"name":"ironsworn","version":"^7"}],
	  "resolution":{"kind":"dice-sum","dice":{"count":1,"sides":20},"proficiencyTiers":[{"id":"none","label":"None"}]}},"tag":"[roll_dice: dice=\"1d6\"]"}`)
	if got := mustJSON(out); !strings.Contains(got, `"pointer":"/plugins/0/version"`) {
		t.Errorf("inline ruleset with a bad constraint: %s", got)
	}

	h, errs := host.Load([]string{"../../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(h.Close)
	withPlugins := httptest.NewServer(New(Options{Bundled: "../../rulesets", Host: h}).Handler())
	t.Cleanup(withPlugins.Close)
	status, out := post(t, withPlugins, "/v1/check", `{"bundled":"ironsworn","bundledSheets":["kai"],"tag":"`+check+`","seed":3}`)
	if status != 200 || !strings.Contains(mustJSON(out), `resolution=\"ironsworn\"`) {
		t.Errorf("with the plugin loaded: %d %s", status, mustJSON(out))
	}
}
