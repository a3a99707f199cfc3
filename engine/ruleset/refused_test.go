package ruleset_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

type want struct {
	Pointer  string `json:"pointer"`
	Contains string `json:"contains"`
}

// TestRefused loads every ruleset under testdata/refused and checks that
// it is refused with the problems its .want.json names. In the areas of
// isolatedAreas it also holds each file to the refusal it is named for:
// every problem it raises sits at a pointer its .want.json names, so a
// file cannot pass by tripping over some other rule.
func TestRefused(t *testing.T) {
	files, err := filepath.Glob("../../testdata/refused/*/*.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".want.json") {
			continue
		}
		n++
		f := f
		name := strings.TrimPrefix(f, "../../testdata/refused/")
		t.Run(name, func(t *testing.T) {
			wants := readWants(t, strings.TrimSuffix(f, ".json")+".want.json")
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ruleset.Load(filepath.Base(f), data, ruleset.Options{})
			var verr *validate.Error
			if !errors.As(err, &verr) {
				t.Fatalf("want a refusal, got %v", err)
			}
			for _, w := range wants {
				if !hasProblem(verr, w) {
					t.Errorf("no problem at %s containing %q; got:\n%v", w.Pointer, w.Contains, verr)
				}
			}
			if isolatedAreas[filepath.Base(filepath.Dir(f))] {
				for _, p := range verr.Problems {
					if !wantsPointer(wants, p.Pointer) {
						t.Errorf("unexpected problem %s: %s", p.Pointer, p.Message)
					}
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no refused rulesets found")
	}
}

// isolatedAreas are the refused-ruleset folders whose files each raise
// only the problems their .want.json names.
var isolatedAreas = map[string]bool{
	"dicesum": true, "capability": true, "messages": true, "outcomes": true, "overrides": true, "sheetvocab": true, "items": true, "combat": true, "audit-items": true, "bestiary": true,
}

func wantsPointer(wants []want, ptr string) bool {
	for _, w := range wants {
		if w.Pointer == ptr {
			return true
		}
	}
	return false
}

func hasProblem(e *validate.Error, w want) bool {
	for _, p := range e.Problems {
		if p.Pointer == w.Pointer && strings.Contains(p.Message, w.Contains) {
			return true
		}
	}
	return false
}

func readWants(t *testing.T, path string) []want {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("every refused ruleset needs a .want.json: %v", err)
	}
	var one want
	if json.Unmarshal(data, &one) == nil && one.Pointer != "" {
		return []want{one}
	}
	var many []want
	if err := json.Unmarshal(data, &many); err != nil || len(many) == 0 {
		t.Fatalf("%s: want {pointer, contains} or a list of them: %v", path, err)
	}
	return many
}
