package serve

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// copyPlugins copies bundled plugins into a fresh plugin folder.
func copyPlugins(t *testing.T, names ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, n := range names {
		if err := os.CopyFS(filepath.Join(root, n), os.DirFS(filepath.Join("../../plugins", n))); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// pluginServer is a session server on st with the plugins of root (none
// for "").
func pluginServer(t *testing.T, st session.EventStore, root string) *httptest.Server {
	t.Helper()
	opts := Options{Bundled: "../../rulesets", Store: st}
	if root != "" {
		h, errs := host.Load([]string{root}, plugin.Options{Deadline: 10 * time.Second})
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		t.Cleanup(h.Close)
		opts.Host = h
	}
	ts := httptest.NewServer(New(opts).Handler())
	t.Cleanup(ts.Close)
	return ts
}

// TestSessionPinsItsPlugins: a stored session pins by name the plugins
// that could answer its log (a tag plugin; not a formatter, not a kind its
// ruleset does not use); another server whose plugins differ (one
// changed, gone, or added) refuses it 409 plugins-changed naming the
// plugin, keeps its events readable, and answers it again once POST
// .../upgrade has re-pinned it.
func TestSessionPinsItsPlugins(t *testing.T) {
	root := copyPlugins(t, "opposed-pool", "terse", "ironsworn")
	st := dirStore(t, t.TempDir())
	ts := pluginServer(t, st, root)
	if code, out := post(t, ts, "/v1/sessions", `{"id":"g","bundled":"d20-5e","bundledSheets":["ada"],"seed":7}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	if code, out := post(t, ts, "/v1/sessions/g/events", `{"kind":"gm","text":"`+adaAthletics+`"}`); code != 200 {
		t.Fatalf("append: %d %v", code, out)
	}
	rec, err := st.Record(context.Background(), "g")
	if err != nil {
		t.Fatal(err)
	}
	pins := rec.Config.NamePins()
	if len(pins) != 1 || pins[0].Name != "opposed-pool" || pins[0].Version != "1.0.0" || !strings.HasPrefix(pins[0].Hash, "sha256:") {
		t.Fatalf("the session pins %+v; want opposed-pool 1.0.0 alone (terse only formats; ironsworn's kind is not d20-5e's)", pins)
	}
	// The same plugins on a second server: answered.
	if code, out := get(t, pluginServer(t, st, root), "/v1/sessions/g"); code != 200 {
		t.Fatalf("a second server with the same plugins: %d %v", code, out)
	}

	// One changed under it.
	lua := filepath.Join(root, "opposed-pool", "plugin.lua")
	b, err := os.ReadFile(lua)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lua, append(b, "\n-- edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := pluginServer(t, st, root)
	for _, path := range []string{"/v1/sessions/g", "/v1/sessions/g/prompt"} {
		code, out := get(t, changed, path)
		if code != 409 || !strings.Contains(mustJSON(out), `"plugins-changed"`) || !strings.Contains(mustJSON(out), "plugin opposed-pool changed") || !strings.Contains(mustJSON(out), "/v1/sessions/g/upgrade") {
			t.Errorf("GET %s with a changed plugin: %d %v; want 409 plugins-changed naming opposed-pool and the upgrade", path, code, out)
		}
	}
	if code, out := post(t, changed, "/v1/sessions/g/events", `{"kind":"gm","text":"`+adaAthletics+`"}`); code != 409 {
		t.Errorf("an append with a changed plugin: %d %v; want 409", code, out)
	}
	if code, out := get(t, changed, "/v1/sessions/g/events"); code != 200 {
		t.Errorf("its events with a changed plugin: %d %v; want them readable", code, out)
	}
	// A server without it refuses it too, naming what is gone.
	if code, out := get(t, pluginServer(t, st, ""), "/v1/sessions/g"); code != 409 || !strings.Contains(mustJSON(out), "plugin opposed-pool 1.0.0") || !strings.Contains(mustJSON(out), "is not loaded here") {
		t.Errorf("a server without the plugin: %d %v; want 409 naming it", code, out)
	}

	code, out := post(t, changed, "/v1/sessions/g/upgrade", `{}`)
	if code != 200 {
		t.Fatalf("upgrade: %d %v", code, out)
	}
	var up UpgradeResult
	if err := json.Unmarshal([]byte(mustJSON(out)), &up); err != nil {
		t.Fatal(err)
	}
	if !up.Upgraded || len(up.Changes) != 1 || !strings.Contains(up.Changes[0], "plugin opposed-pool changed") || up.Replies != 1 {
		t.Errorf("upgrade answered %+v; want upgraded, naming the plugin, one reply re-answered", up)
	}
	if code, out := get(t, changed, "/v1/sessions/g"); code != 200 {
		t.Errorf("after the upgrade: %d %v", code, out)
	}
	rec2, _ := st.Record(context.Background(), "g")
	if p := rec2.Config.NamePins(); len(p) != 1 || p[0].Hash == pins[0].Hash {
		t.Errorf("after the upgrade the session pins %+v; want the edited plugin's hash", p)
	}
	if code, out := post(t, changed, "/v1/sessions/g/upgrade", `{}`); code != 200 || !strings.Contains(mustJSON(out), `"upgraded":false`) {
		t.Errorf("a second upgrade: %d %v; want nothing to do", code, out)
	}
	// The first server still holds the session folded with the plugin as
	// it was: once the other has upgraded it, it refuses it too, rather
	// than go on answering it with the old plugin.
	for _, try := range []struct{ method, path string }{{"GET", "/v1/sessions/g"}, {"POST", "/v1/sessions/g/events"}} {
		var code int
		var out map[string]any
		if try.method == "GET" {
			code, out = get(t, ts, try.path)
		} else {
			code, out = post(t, ts, try.path, `{"kind":"gm","text":"`+adaAthletics+`"}`)
		}
		if code != 409 || !strings.Contains(mustJSON(out), `"plugins-changed"`) {
			t.Errorf("%s %s on the server that folded it before the upgrade: %d %v; want 409 plugins-changed", try.method, try.path, code, out)
		}
	}

	// A session started without plugins, opened where a tag plugin is
	// loaded: that plugin would now answer its tags.
	bare := dirStore(t, t.TempDir())
	if code, out := post(t, pluginServer(t, bare, ""), "/v1/sessions", `{"id":"b","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
		t.Fatalf("create without plugins: %d %v", code, out)
	}
	if code, out := get(t, pluginServer(t, bare, root), "/v1/sessions/b"); code != 409 || !strings.Contains(mustJSON(out), "is loaded here and did not answer its log") {
		t.Errorf("a plugin added under a session: %d %v; want 409 naming it", code, out)
	}
}
