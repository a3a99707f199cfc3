//go:build !rulehost_light

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/dirstore"
)

// TestServeUpgradeReanswersEveryStoredSession: after a plugin changed
// under a store, `rulehost serve upgrade` re-answers and re-pins every
// session (of every owner) with the plugins serve would load, says so per
// session, and a second run finds nothing to do.
func TestServeUpgradeReanswersEveryStoredSession(t *testing.T) {
	plugins, newRecord := pinnedRecords(t)
	pins := newRecord(0).Config.Plugins
	root := t.TempDir()
	st, err := dirstore.New(root)
	if err != nil {
		t.Fatal(err)
	}
	for i, owner := range []string{"alice", "bob"} {
		rec := newRecord(uint64(i))
		rec.Owner = owner
		if err := st.Create(context.Background(), owner, rec); err != nil {
			t.Fatal(err)
		}
		if err := st.Append(context.Background(), owner, 0, []session.Event{{Seq: 1, Kind: session.GMReply, Text: `[roll_dice: dice="1d20"]`}}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	lua := filepath.Join(plugins, "opposed-pool", "plugin.lua")
	b, _ := os.ReadFile(lua)
	if err := os.WriteFile(lua, append(b, "\n-- edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"serve", "upgrade", "--sessions", root, "--bundled", "../../rulesets", "--plugins", plugins}
	code, out, errs := runCLI(args...)
	if code != 0 || strings.Count(out, ": upgraded (1 replies, 1 records re-answered): plugin opposed-pool changed") != 2 || !strings.Contains(out, "2 sessions: 2 upgraded, 0 already current, 0 refused") {
		t.Fatalf("serve upgrade: exit %d\n%s\n%s", code, out, errs)
	}
	for _, id := range []string{"alice", "bob"} {
		cfg, err := session.ReadConfig(filepath.Join(root, id))
		if err != nil {
			t.Fatal(err)
		}
		if p := cfg.NamePins(); len(p) != 1 || p[0].Hash == pins[0].Hash {
			t.Errorf("%s pins %+v after the upgrade; want the edited plugin", id, p)
		}
	}
	if code, out, errs := runCLI(args...); code != 0 || !strings.Contains(out, "2 sessions: 0 upgraded, 2 already current, 0 refused") {
		t.Errorf("a second serve upgrade: exit %d\n%s\n%s", code, out, errs)
	}
}
