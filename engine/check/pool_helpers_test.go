package check

import (
	"path/filepath"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// bundled loads rulesets/<name>/ruleset.json.
func poolBundled(t testing.TB, name string) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.LoadFile(filepath.Join("..", "..", "rulesets", name, "ruleset.json"), ruleset.Options{})
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return rs
}

// bundledChar loads rulesets/<name>/sheets/<file>.json.
func poolBundledChar(t testing.TB, rs *ruleset.Ruleset, name, file string) *sheet.Character {
	t.Helper()
	s, err := sheet.LoadFile(filepath.Join("..", "..", "rulesets", name, "sheets", file+".json"), rs)
	if err != nil {
		t.Fatalf("sheet %s/%s: %v", name, file, err)
	}
	return sheet.New(rs, s)
}

// inline loads a ruleset from JSON text.
func poolInline(t testing.TB, js string) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.Load("inline.json", []byte(js), ruleset.Options{})
	if err != nil {
		t.Fatalf("inline ruleset: %v", err)
	}
	return rs
}

// inlineChar makes a character from sheet JSON.
func poolInlineChar(t testing.TB, rs *ruleset.Ruleset, js string) *sheet.Character {
	t.Helper()
	s, err := sheet.Load("sheet.json", []byte(js), rs)
	if err != nil {
		t.Fatalf("inline sheet: %v", err)
	}
	return sheet.New(rs, s)
}

// roll answers a tag with scripted faces, checks the record against the
// schema and requires every scripted face (and no more) to be drawn.
func poolRoll(t testing.TB, env *Env, text string, faces ...int) Result {
	t.Helper()
	tg, err := tag.Parse(text)
	if err != nil {
		t.Fatalf("parse %s: %v", text, err)
	}
	s := dice.Script(faces...)
	e := *env
	e.Dice = s
	res := Resolve(&e, tg)
	if err := record.Check(res.Record); err != nil {
		t.Fatalf("%s\nrecord %s\nschema: %v", text, res.Record, err)
	}
	if s.Overrun > 0 || s.Used() != len(faces) {
		t.Fatalf("%s\nrecord %s\ndrew %d scripted faces (+%d past the script), scripted %d", text, res.Record, s.Used(), s.Overrun, len(faces))
	}
	return res
}

// expect checks attributes of a record: want is `key="value" ...` (tag
// attribute syntax); each key in absent must not appear.
func poolExpect(t testing.TB, r record.Record, want string, absent ...string) {
	t.Helper()
	w, err := tag.Parse("[want: " + want + "]")
	if err != nil {
		t.Fatalf("bad want %q: %v", want, err)
	}
	for _, a := range w.Attrs {
		got, ok := r.Get(a.Key)
		if !ok {
			t.Errorf("record %s\n  has no %s (want %q)", r, a.Key, a.Value)
			continue
		}
		if got != a.Value {
			t.Errorf("record %s\n  %s=%q, want %q", r, a.Key, got, a.Value)
		}
	}
	for _, k := range absent {
		if v, ok := r.Get(k); ok {
			t.Errorf("record %s\n  has %s=%q; want it absent", r, k, v)
		}
	}
}

// poolCase is one scripted check.
type poolCase struct {
	name   string
	tag    string
	faces  []int
	want   string
	absent []string
	debits map[string]int
}

func runPoolCases(t *testing.T, env *Env, cases []poolCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := poolRoll(t, env, tc.tag, tc.faces...)
			poolExpect(t, res.Record, tc.want, tc.absent...)
			if !poolSameDebits(res.Debits, tc.debits) {
				t.Errorf("debits %v, want %v\nrecord %s", res.Debits, tc.debits, res.Record)
			}
		})
	}
}

func poolSameDebits(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// ones returns n faces of f.
func poolOnes(n, f int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = f
	}
	return out
}

func poolCat(parts ...[]int) []int {
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// withPools returns a copy of a character with live pool values set.
func poolWithPools(ch *sheet.Character, pools map[string]int) *sheet.Character {
	c := *ch
	c.Pools = pools
	return &c
}
