package jsonin

import (
	"strconv"
	"strings"
	"testing"
)

// TestPositions: every member starts at its name's quote, every element
// at its value, the root at its value, on the lines and columns a reader
// counts (from 1); a missing member is found at its nearest enclosing one.
func TestPositions(t *testing.T) {
	doc := "\n  {\"a\": 1,\n \"b/c\": [true,\n   {\"d~\": null}],\n\"e\": {}}"
	idx := Positions([]byte(doc))
	for ptr, want := range map[string]Pos{
		"/":           {2, 3},
		"/a":          {2, 4},
		"/b~1c":       {3, 2},
		"/b~1c/0":     {3, 10},
		"/b~1c/1":     {4, 4},
		"/b~1c/1/d~0": {4, 5},
		"/e":          {5, 1},
	} {
		if got := idx[ptr]; got != want {
			t.Errorf("%s: %v, want %v", ptr, got, want)
		}
	}
	for ptr, want := range map[string]Pos{"/e/missing": {5, 1}, "/b~1c/1/x/y": {4, 4}, "/zz": {2, 3}} {
		if got, ok := idx.Find(ptr); !ok || got != want {
			t.Errorf("Find(%s): %v, want %v", ptr, got, want)
		}
	}
	if Positions([]byte(`{"a": 1, "a": 2}`)) != nil {
		t.Error("a document Decode refuses has positions")
	}
	if _, ok := Index(nil).Find("/"); ok {
		t.Error("an empty index finds something")
	}
}

// FuzzPositions: never panics; on a document Decode accepts, every
// member's position is inside the text and an object member's is at its
// name's opening quote.
func FuzzPositions(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":"c"}]}`, "{\n\"x\": {\"y\": [1,\n2]}}", `[]`, `"s"`, `{"a":1,"a":2}`, "{\"\xff\":1}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		idx := Positions(data)
		if _, err := Decode(data); err != nil {
			if idx != nil {
				t.Fatalf("positions for a refused document")
			}
			return
		}
		lines := strings.Split(string(data), "\n")
		for ptr, p := range idx {
			if p.Line < 1 || p.Line > len(lines) || p.Col < 1 || p.Col > len(lines[p.Line-1])+1 {
				t.Fatalf("%s at %v: outside the text", ptr, p)
			}
			seg := ptr[strings.LastIndexByte(ptr, '/')+1:]
			if _, err := strconv.Atoi(seg); err != nil && ptr != "/" && lines[p.Line-1][p.Col-1] != '"' {
				t.Fatalf("%s at %v: not at a member name", ptr, p)
			}
		}
	})
}
