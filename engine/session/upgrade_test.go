package session_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// copyTree copies the ember-roads ruleset and party into dir, so a test
// may change them under a session.
func copyEmber(t *testing.T, dir string) (rulesetFile, partyDir string) {
	t.Helper()
	rulesetFile = filepath.Join(dir, "ruleset.json")
	partyDir = filepath.Join(dir, "sheets")
	data, err := os.ReadFile(emberRuleset)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(rulesetFile, data, 0o644)
	os.MkdirAll(partyDir, 0o755)
	files, _ := filepath.Glob(filepath.Join(emberParty, "*.json"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		os.WriteFile(filepath.Join(partyDir, filepath.Base(f)), b, 0o644)
	}
	return rulesetFile, partyDir
}

func readCfg(t *testing.T, dir string) session.Config {
	t.Helper()
	c, err := session.ReadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func writeCfg(t *testing.T, dir string, c session.Config) {
	t.Helper()
	b, _ := json.MarshalIndent(c, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, session.ConfigFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAnsweringVersionAndUpgrade (issue 30 item 8): session.json records
// the engine's answering version; a session answered by another version,
// or on a ruleset that changed (Rope's bulk 1 to 0), is refused by name
// unless AcceptChanged, and Upgrade re-answers it under the current rules,
// says what changed and records the current files and version.
func TestAnsweringVersionAndUpgrade(t *testing.T) {
	root := t.TempDir()
	rf, pd := copyEmber(t, root)
	dir := filepath.Join(root, "s")
	c, err := session.NewConfig(dir, rf, pd, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	if c.Answers != session.AnswerVersion {
		t.Fatalf("a new config records answers %d", c.Answers)
	}
	rs, err := ruleset.LoadFile(rf, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheets, _ := session.LoadParty(pd, rs)
	s, err := session.Start(dir, c, rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(session.GMReply, `You find rope. [inventory: action="add" item="Rope" count="2" who="Tamsin"]`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	load := session.FileLoader(ruleset.Options{})
	if _, err := session.Read(dir, load, session.Options{}); err != nil {
		t.Fatalf("a session of this version: %v", err)
	}

	// Answered by another version.
	old := readCfg(t, dir)
	old.Answers = session.AnswerVersion - 1
	writeCfg(t, dir, old)
	_, err = session.Read(dir, load, session.Options{})
	if err == nil || !strings.Contains(err.Error(), "answered by version 1") || !strings.Contains(err.Error(), "session upgrade") {
		t.Fatalf("another version: %v", err)
	}
	if _, err := session.Read(dir, load, session.Options{AcceptChanged: true}); err != nil {
		t.Fatalf("--accept-changed: %v", err)
	}
	up, err := session.Upgrade(dir, load, session.Options{}, 0)
	if err != nil || len(up.Changes) != 1 || !strings.Contains(up.Changes[0], "version 1") || up.Events != 1 {
		t.Fatalf("upgrade: %+v %v", up, err)
	}
	if got := readCfg(t, dir).Answers; got != session.AnswerVersion {
		t.Fatalf("after upgrade answers=%d", got)
	}
	if _, err := session.Read(dir, load, session.Options{}); err != nil {
		t.Fatalf("after upgrade: %v", err)
	}

	// The ruleset changed under it: Rope's bulk 1 to 0.
	data, _ := os.ReadFile(rf)
	changed := strings.Replace(string(data), `"bulk": 1`, `"bulk": 0`, 1)
	if changed == string(data) {
		t.Fatal("no bulk to change")
	}
	os.WriteFile(rf, []byte(changed), 0o644)
	if _, err := session.Read(dir, load, session.Options{}); err == nil || !strings.Contains(err.Error(), "ruleset") {
		t.Fatalf("a changed ruleset: %v", err)
	}
	up, err = session.Upgrade(dir, load, session.Options{}, 0)
	if err != nil || len(up.Changes) != 1 || !strings.Contains(up.Changes[0], "ruleset") {
		t.Fatalf("upgrade: %+v %v", up, err)
	}
	if _, err := session.Read(dir, load, session.Options{}); err != nil {
		t.Fatalf("after upgrade: %v", err)
	}
	if up, err := session.Upgrade(dir, load, session.Options{}, 0); err != nil || len(up.Changes) != 0 {
		t.Fatalf("a second upgrade: %+v %v", up, err)
	}
}

// TestUpgradeFormat1: a format-1 session without hashes is upgraded to
// the current format, its log rewritten with integrity checks, and can be
// appended to after.
func TestUpgradeFormat1(t *testing.T) {
	data, err := os.ReadFile("../../testdata/sessions/ember-torn-v1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c := cfg(t)
	conf, _ := json.Marshal(map[string]any{"ruleset": c.Ruleset, "party": c.Party, "seed": c.Seed})
	os.WriteFile(filepath.Join(dir, session.ConfigFile), conf, 0o644)
	os.WriteFile(filepath.Join(dir, session.LogFile), data, 0o644)
	load := session.FileLoader(ruleset.Options{})
	before, err := session.Read(dir, load, session.Options{AcceptChanged: true})
	if err != nil {
		t.Fatal(err)
	}
	up, err := session.Upgrade(dir, load, session.Options{}, 0)
	if err != nil || up.Events != 3 || len(up.Changes) != 3 {
		t.Fatalf("upgrade: %+v %v", up, err)
	}
	after, err := session.Read(dir, load, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, after) != stateJSON(t, before) {
		t.Fatal("the upgraded log folds to another state on the same files")
	}
	w, err := session.Open(dir, load)
	if err != nil {
		t.Fatalf("append after upgrade: %v", err)
	}
	if _, err := w.Append(session.GMReply, "More rope."); err != nil {
		t.Fatal(err)
	}
	w.Close()
}
