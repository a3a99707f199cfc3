package validate

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// ptrByReplace is Ptr as it was before issue 31 (a growing builder and
// two ReplaceAll per token): the reference FuzzPtr holds Ptr to.
func ptrByReplace(base string, tokens ...any) string {
	var b strings.Builder
	if base != "/" {
		b.WriteString(base)
	}
	for _, t := range tokens {
		b.WriteByte('/')
		var s string
		switch t := t.(type) {
		case string:
			s = t
		case int:
			s = strconv.Itoa(t)
		default:
			s = fmt.Sprint(t)
		}
		s = strings.ReplaceAll(s, "~", "~0")
		s = strings.ReplaceAll(s, "/", "~1")
		b.WriteString(s)
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

// FuzzPtr: Ptr writes every pointer as the ReplaceAll writing did, with
// keys, indexes and other tokens, after any base ("/" included).
func FuzzPtr(f *testing.F) {
	f.Add("/", "skills", 3, "a/b~c", true)
	f.Add("", "", 0, "", false)
	f.Add("/items/0", "~1", -12, "/", true)
	f.Fuzz(func(t *testing.T, base, key string, i int, more string, three bool) {
		cases := [][]any{nil, {key}, {key, i}, {i, more}}
		if three {
			cases = append(cases, []any{key, i, more}, []any{key, 1.5, more})
		}
		for _, toks := range cases {
			if got, want := Ptr(base, toks...), ptrByReplace(base, toks...); got != want {
				t.Fatalf("Ptr(%q, %#v) = %q, want %q", base, toks, got, want)
			}
		}
		o := Obj{At: base}
		if got, want := o.Ptr(key), ptrByReplace(base, key); got != want {
			t.Fatalf("Obj.Ptr(%q) under %q = %q, want %q", key, base, got, want)
		}
	})
}

// TestPtrAllocatesOnce: a member's pointer is one allocation (validating
// a ruleset builds one for every member it reads; it was two, and a
// builder grown from nothing).
func TestPtrAllocatesOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	o := Obj{At: "/resolution/tiers/2"}
	if n := testing.AllocsPerRun(100, func() { _ = o.Ptr("label") }); n != 1 {
		t.Fatalf("Obj.Ptr allocates %v times, want 1", n)
	}
	// Ptr's tokens pass through ...any: a string token is boxed too.
	if n := testing.AllocsPerRun(100, func() { _ = Ptr("/skills", 12, "tier") }); n > 2 {
		t.Fatalf("Ptr allocates %v times, want at most 2", n)
	}
}
