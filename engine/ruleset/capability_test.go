package ruleset_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

const capabilityDir = "../../testdata/refused/capability"

var needsRe = regexp.MustCompile(`^needs capabilityApi ([0-9.]+); this ruleset declares ([0-9.]+)$`)

// TestCapabilityLevelAccepted loads each ruleset of testdata/refused/capability
// (refused one level below, see TestRefused) at the level its feature
// needs: there it is accepted. A feature whose keys the engine does not
// read yet (PENDING) is held only to raising no capability problem.
func TestCapabilityLevelAccepted(t *testing.T) {
	pending := readPending(t)
	files, _ := filepath.Glob(filepath.Join(capabilityDir, "*.json"))
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".want.json") {
			continue
		}
		n++
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			wants := readWants(t, strings.TrimSuffix(f, ".json")+".want.json")
			m := needsRe.FindStringSubmatch(wants[0].Contains)
			if m == nil {
				t.Fatalf("first want %q is not the capability message", wants[0].Contains)
			}
			level := m[1]
			raw := readRaw(t, f)
			raw["capabilityApi"] = level
			data, _ := json.Marshal(raw)
			rs, err := ruleset.Load(name+".json", data, ruleset.Options{})
			if pending[name] && err == nil {
				t.Errorf("%s now loads at its level: remove it from PENDING (testdata/capability/gen_refused.py)", name)
			}
			if pending[name] {
				if verr, ok := err.(*validate.Error); ok {
					for _, p := range verr.Problems {
						if strings.Contains(p.Message, "capabilityApi") {
							t.Errorf("at %s: %s: %s", level, p.Pointer, p.Message)
						}
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("at capabilityApi %s the ruleset is refused:\n%v", level, err)
			}
			if rs.CapabilityAPI != level {
				t.Errorf("CapabilityAPI = %q, want %q", rs.CapabilityAPI, level)
			}
		})
	}
	if n == 0 {
		t.Fatal("no capability rulesets")
	}
}

// TestCapabilityTableCovered holds every row of the table to a ruleset
// in testdata/refused/capability that is refused for it.
func TestCapabilityTableCovered(t *testing.T) {
	var messages []string
	files, _ := filepath.Glob(filepath.Join(capabilityDir, "*.json"))
	for _, f := range files {
		if strings.HasSuffix(f, ".want.json") {
			continue
		}
		data, _ := os.ReadFile(f)
		_, err := ruleset.Load(filepath.Base(f), data, ruleset.Options{})
		if err != nil {
			messages = append(messages, err.Error())
		}
	}
	all := strings.Join(messages, "\n")
	for _, c := range ruleset.Capabilities() {
		if !strings.Contains(all, "needs capabilityApi "+c.Level+"; this ruleset declares") ||
			!strings.Contains(all, "("+c.Feature+", ") {
			t.Errorf("no ruleset in %s is refused for %q (%s, %s)", capabilityDir, c.Feature, c.Pointer, c.Level)
		}
	}
}

// TestEngineCapabilityAPI: the engine's own level is the table's highest,
// and every level in the table is a well-formed version.
func TestEngineCapabilityAPI(t *testing.T) {
	engine, err := ruleset.ParseVersion(ruleset.EngineCapabilityAPI)
	if err != nil {
		t.Fatal(err)
	}
	var top ruleset.Version
	for _, c := range ruleset.Capabilities() {
		v, err := ruleset.ParseVersion(c.Level)
		if err != nil {
			t.Fatalf("%s: %v", c.Feature, err)
		}
		if top == nil || v.Compare(top) > 0 {
			top = v
		}
	}
	if engine.Compare(top) != 0 {
		t.Errorf("EngineCapabilityAPI %s, the table's highest level is %s", engine, top)
	}
}

func TestVersionCompare(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"1.137", "1.38", 1}, {"1.38", "1.137", -1}, {"1.150", "1.150", 0}, {"1.5", "1.5.0", 0},
		{"1.813", "1.382", 1}, {"1.54", "1.135", -1}, {"2.0", "1.999", 1}, {"1.101", "1.99", 1},
	}
	for _, c := range cases {
		a, err1 := ruleset.ParseVersion(c.a)
		b, err2 := ruleset.ParseVersion(c.b)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if got := a.Compare(b); got != c.want {
			t.Errorf("%s vs %s = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	for _, bad := range []string{"", "1", "abc", "1.", ".1", "1.x", "1.050", "+1.2", "1.2.3.4.5", "1 .2", "1.1234567"} {
		if _, err := ruleset.ParseVersion(bad); err == nil {
			t.Errorf("ParseVersion(%q) accepted", bad)
		}
	}
}

// TestCapabilityUndeclared: a ruleset without capabilityApi is read at
// the engine's level, so no feature is refused for its level.
func TestCapabilityUndeclared(t *testing.T) {
	raw := readRaw(t, filepath.Join(capabilityDir, "v1_150_symbols_allow_own_upgrade.json"))
	delete(raw, "capabilityApi")
	data, _ := json.Marshal(raw)
	rs, err := ruleset.Load("x.json", data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rs.CapabilityAPI != "" {
		t.Errorf("CapabilityAPI = %q for a ruleset that declares none", rs.CapabilityAPI)
	}
}

// TestCapabilityAboveEngine: a level above the engine's is accepted with
// a warning, since what it may use beyond is refused key by key anyway.
func TestCapabilityAboveEngine(t *testing.T) {
	raw := readRaw(t, filepath.Join(capabilityDir, "v1_150_symbols_allow_own_upgrade.json"))
	raw["capabilityApi"] = "1.999"
	data, _ := json.Marshal(raw)
	rs, err := ruleset.Load("x.json", data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.Warnings) != 1 || rs.Warnings[0].Pointer != "/capabilityApi" || !strings.Contains(rs.Warnings[0].Message, "above this engine's "+ruleset.EngineCapabilityAPI) {
		t.Errorf("warnings = %v", rs.Warnings)
	}
}

// TestBundledCapabilityAPI: each bundled ruleset declares exactly the
// level of the features it uses, so the number says what it needs.
func TestBundledCapabilityAPI(t *testing.T) {
	files, _ := filepath.Glob("../../rulesets/*/ruleset.json")
	for _, f := range files {
		raw := readRaw(t, f)
		need := ruleset.NeededCapabilityAPI(raw)
		if raw["capabilityApi"] != need {
			t.Errorf("%s declares capabilityApi %v; it uses features up to %s: declare %q", f, raw["capabilityApi"], need, need)
		}
	}
}

func readPending(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(capabilityDir, "PENDING"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out[line] = true
		}
	}
	return out
}

func readRaw(t testing.TB, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

var updateDocs = flag.Bool("update", false, "rewrite docs/capability.md from the capability table")

// TestCapabilityDocCurrent keeps docs/capability.md equal to the table.
// Run `go test ./engine/ruleset -run CapabilityDoc -update` after a change.
func TestCapabilityDocCurrent(t *testing.T) {
	path := "../../docs/capability.md"
	doc := ruleset.CapabilityDoc()
	if *updateDocs {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != doc {
		t.Fatalf("docs/capability.md is out of date with the capability table; run: go test ./engine/ruleset -run CapabilityDoc -update")
	}
}
