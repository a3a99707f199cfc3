package ruleset_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// jsonTypes are one value of every JSON type, for type-confused members.
var jsonTypes = []any{nil, true, 1.5, 7.0, "oops", []any{}, map[string]any{}, []any{"oops"}}

// typeConfused is every bundled ruleset with one member replaced by each
// JSON type: every top-level member (topOnly), and besides, every member
// of a top-level object and the first and second element of every
// top-level array, and of those one level down. A reader that assumes a
// shape before the validator has checked it panics on one of them.
func typeConfused(tb testing.TB, topOnly bool) map[string][]byte {
	tb.Helper()
	paths, _ := filepath.Glob("../../rulesets/*/ruleset.json")
	out := map[string][]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			tb.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(p))
		var keys []string
		for k := range doc {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			for ti, v := range jsonTypes {
				put(tb, out, fmt.Sprintf("%s /%s <- %d", name, k, ti), doc, func() { doc[k] = v }, func(old any) { doc[k] = old }, doc[k])
			}
			if !topOnly {
				confuseInside(tb, out, name+" /"+k, doc, doc[k], 2)
			}
		}
	}
	return out
}

// confuseInside replaces the members of v (an object's members, an
// array's first two elements), depth levels down.
func confuseInside(tb testing.TB, out map[string][]byte, at string, doc map[string]any, v any, depth int) {
	if depth == 0 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		var keys []string
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			for ti, t := range jsonTypes {
				put(tb, out, fmt.Sprintf("%s/%s <- %d", at, k, ti), doc, func() { x[k] = t }, func(old any) { x[k] = old }, x[k])
			}
			confuseInside(tb, out, at+"/"+k, doc, x[k], depth-1)
		}
	case []any:
		for i := 0; i < min(2, len(x)); i++ {
			for ti, t := range jsonTypes {
				put(tb, out, fmt.Sprintf("%s/%d <- %d", at, i, ti), doc, func() { x[i] = t }, func(old any) { x[i] = old }, x[i])
			}
			confuseInside(tb, out, fmt.Sprintf("%s/%d", at, i), doc, x[i], depth-1)
		}
	}
}

func put(tb testing.TB, out map[string][]byte, name string, doc map[string]any, set func(), reset func(any), old any) {
	set()
	b, err := json.Marshal(doc)
	reset(old)
	if err != nil {
		tb.Fatal(err)
	}
	out[name] = b
}

// TestLoadTypeConfusedMembers: no type-confused member panics, and each
// is refused or loaded with a message (FuzzLoad starts from the same
// documents). Issue 30: "catalogs": ["oops", {...}] panicked in hasCharm.
func TestLoadTypeConfusedMembers(t *testing.T) {
	docs := typeConfused(t, false)
	if len(docs) < 5000 {
		t.Fatalf("only %d type-confused documents", len(docs))
	}
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	sort.Strings(names)
	// The top-level ones are FuzzLoad's seeds; of the ones further in,
	// every third, in name order, bounds the work on a loaded machine
	// (the fuzzer mutates from the rest).
	top := typeConfused(t, true)
	kept := names[:0]
	for i, n := range names {
		if top[n] != nil || i%3 == 0 {
			kept = append(kept, n)
		}
	}
	names = kept
	for _, n := range names {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", n, r)
				}
			}()
			if _, err := ruleset.Load("fuzz.json", docs[n], ruleset.Options{}); err != nil && strings.TrimSpace(err.Error()) == "" {
				t.Errorf("%s: an error without a message", n)
			}
		}()
	}
}

// TestFirstCatalogAString: the case the issue found, refused at its pointer.
func TestFirstCatalogAString(t *testing.T) {
	data, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	cats, _ := doc["catalogs"].([]any)
	doc["catalogs"] = append([]any{"oops"}, cats...)
	b, _ := json.Marshal(doc)
	_, err = ruleset.Load("r.json", b, ruleset.Options{})
	if err == nil || !strings.Contains(err.Error(), "/catalogs/0") {
		t.Fatalf("want a refusal at /catalogs/0, got %v", err)
	}
}
