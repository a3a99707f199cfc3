package format_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/format"
	"github.com/rulehost/rulehost/host/plugin"
)

// sameLua reports where a and b differ: tables entry by entry in next()
// order (the order pairs walks), so a plugin iterating the data sees the
// same thing both ways.
func sameLua(a, b lua.LValue, path string) error {
	ta, okA := a.(*lua.LTable)
	tb, okB := b.(*lua.LTable)
	if !okA || !okB {
		if a != b {
			return fmt.Errorf("%s: %v (%s) vs %v (%s)", path, a, a.Type(), b, b.Type())
		}
		return nil
	}
	ka, va := ta.Next(lua.LNil)
	kb, vb := tb.Next(lua.LNil)
	for ka != lua.LNil || kb != lua.LNil {
		if ka != kb {
			return fmt.Errorf("%s: key %v vs %v", path, ka, kb)
		}
		if err := sameLua(va, vb, path+"/"+ka.String()); err != nil {
			return err
		}
		ka, va = ta.Next(ka)
		kb, vb = tb.Next(kb)
	}
	return nil
}

// TestDataViewIsJSON: the data a section formatter reads, built straight
// from the Go values, is its JSON form, key order included, for every
// section of every bundled ruleset at the start of a game and after each
// bundled transcript, and for the odd values JSON has rules for.
func TestDataViewIsJSON(t *testing.T) {
	h, errs := host.Load([]string{"../../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	defer h.Close()
	p := h.Set.Formatters["terse"]
	st, err := p.Acquire()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Release()
	check := func(what string, data any) {
		t.Helper()
		want, err := format.DataViewJSON(st, data)
		if err != nil {
			want = st.SB.L().NewTable() // what does not convert is an empty table
		}
		if err := sameLua(format.DataView(st, data), want, what); err != nil {
			t.Error(err)
		}
	}
	files, _ := filepath.Glob("../../rulesets/*/ruleset.json")
	if len(files) < 10 {
		t.Fatalf("bundled rulesets: %v", files)
	}
	n := 0
	for _, f := range files {
		dir := filepath.Dir(f)
		rs, err := ruleset.LoadFile(f, h.RulesetOptions())
		if err != nil {
			t.Fatal(err)
		}
		sheets, err := session.LoadParty(filepath.Join(dir, "sheets"), rs)
		if err != nil {
			t.Fatal(err)
		}
		states := []*session.State{nil}
		transcripts, _ := filepath.Glob(filepath.Join(dir, "transcripts", "*.txt"))
		for _, tf := range transcripts {
			in, err := os.Open(tf)
			if err != nil {
				t.Fatal(err)
			}
			entries, err := session.ParseTranscript(in)
			in.Close()
			if err != nil {
				t.Fatal(err)
			}
			s := session.FoldWith(rs, sheets, 1, nil, session.Hooks{Kinds: h.Resolvers, Tags: h.SessionTags()})
			if _, err := s.AppendAll(entries); err != nil {
				t.Fatal(err)
			}
			states = append(states, s.State())
		}
		for i, state := range states {
			for _, sec := range prompt.Build(prompt.Input{RS: rs, Sheets: sheets, State: state}) {
				check(fmt.Sprintf("%s %d %s", filepath.Base(dir), i, sec.Name), sec.Data)
				n++
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d sections compared", n)
	}
	bad, _ := record.Parse(`[item: name="x" count="1"]`)
	bad.Attrs[0].Value = "a\xffb\xc3"
	type inner struct {
		A int `json:"a,omitempty"`
		B string
	}
	type odd struct {
		Nil   []string `json:"nil"`
		Empty []string `json:"empty"`
		Omit  []string `json:"omit,omitempty"`
		Skip  string   `json:"-"`
		//lint:ignore SA5008 the field named "-" is the case tested
		Dash     string            `json:"-,"`
		Map      map[string]int    `json:"map"`
		Ptr      *inner            `json:"ptr"`
		Any      any               `json:"any"`
		Raw      json.RawMessage   `json:"raw"`
		Bytes    []byte            `json:"bytes"`
		Records  []record.Record   `json:"records"`
		Zero     inner             `json:"zero,omitempty"`
		Float    float64           `json:"float"`
		Text     string            `json:"text"`
		Keys     map[string]string `json:"keys"`
		unexport int
	}
	check("odd", &odd{Empty: []string{}, Skip: "x", Dash: "y", Map: map[string]int{"b": 2, "a": 1}, Ptr: &inner{B: "b"},
		Any: []any{1, "x", nil, map[string]any{"z": 1, "y": true}}, Raw: json.RawMessage(`{"q":[1,2]}`), Bytes: []byte("hi"),
		Records: []record.Record{bad}, Float: 1.5, Text: "\xffok", Keys: map[string]string{"\xff": "v"}, unexport: 1})
	check("nan", map[string]any{"n": math.NaN()})
	check("nil", nil)
}
