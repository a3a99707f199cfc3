package tag

import (
	"runtime"
	"strings"
	"testing"
)

// TestParseAllocatesTheTagOnly: Parse's one allocation is the tag's own
// attribute list, of its size (three attributes: 96 bytes), not a list
// with room for eight (256 bytes, before issue 31's work): on the simple
// API path what a check allocates is what its collections cost. A tag
// longer than Parse's room on the stack still parses, the same.
func TestParseAllocatesTheTagOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	const text = `[skill_check: skill="Athletics" dc="15" mode="advantage"]`
	if n := testing.AllocsPerRun(200, func() { _, _ = Parse(text) }); n != 1 {
		t.Fatalf("Parse allocates %v times, want once", n)
	}
	const runs = 2000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		tg, err := Parse(text)
		if err != nil || len(tg.Attrs) != 3 || cap(tg.Attrs) != 3 {
			t.Fatalf("Parse: %v, %d attributes with room for %d", err, len(tg.Attrs), cap(tg.Attrs))
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / runs; per > 128 {
		t.Fatalf("Parse allocates %d bytes a tag of three attributes, want 96", per)
	}
	var b strings.Builder
	b.WriteString("[t:")
	for i := range 21 { // past Parse's room of 16
		b.WriteString(" k")
		b.WriteString(strings.Repeat("x", i+1))
		b.WriteString(`="v"`)
	}
	b.WriteString("]")
	long, err := Parse(b.String())
	var into Tag
	if err2 := ParseInto(&into, b.String()); err != nil || err2 != nil || len(long.Attrs) != 21 || long.String() != into.String() {
		t.Fatalf("a long tag: %v %v, %d attributes\n%s\n%s", err, err2, len(long.Attrs), long, into)
	}
	if tg, err := Parse(`[roll]`); err != nil || tg.Attrs != nil {
		t.Fatalf("a tag without attributes: %v, %#v", err, tg.Attrs)
	}
}
