package tag

import "testing"

// TestParseIntoReuses holds ParseInto to its promise: the same tags as
// Parse, no allocation once the storage is big enough, and no tag left
// behind on an error.
func TestParseIntoReuses(t *testing.T) {
	var dst Tag
	long := `[skill_check: skill="Athletics" dc="15" mode="advantage" who="Ada"]`
	if err := ParseInto(&dst, long); err != nil {
		t.Fatal(err)
	}
	short := `[roll_dice: dice="1d20+4"]`
	if err := ParseInto(&dst, short); err != nil {
		t.Fatal(err)
	}
	if want, _ := Parse(short); dst.String() != want.String() {
		t.Fatalf("ParseInto %q, Parse %q", dst.String(), want.String())
	}
	if err := ParseInto(&dst, `[a: b="`); err == nil || dst.Name != "" || len(dst.Attrs) != 0 {
		t.Fatalf("error %v left %q", err, dst.String())
	}
	if err := ParseInto(&dst, "  "); err != ErrNoTag || dst.Name != "" {
		t.Fatalf("blank: %v, %q", err, dst.String())
	}
	allocs := testing.AllocsPerRun(100, func() {
		if err := ParseInto(&dst, long); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("ParseInto allocates %.1f times with storage to reuse", allocs)
	}
}

// TestAppendEscapes prints quotes and backslashes escaped, as String does.
func TestAppendEscapes(t *testing.T) {
	tg := Tag{Name: "note", Attrs: []Attr{{"text", `a "q" \\ b`}, {"n", "1"}}}
	if got, want := string(tg.Append(nil)), tg.String(); got != want {
		t.Fatalf("Append %s, String %s", got, want)
	}
	buf := make([]byte, 0, 128)
	if a := testing.AllocsPerRun(100, func() { buf = tg.Append(buf[:0]) }); a != 0 {
		t.Fatalf("Append allocates %.1f times into a big enough buffer", a)
	}
}

func BenchmarkParseInto(b *testing.B) {
	s := `[skill_check: skill="Athletics" dc="15" mode="advantage" who="Ada Quickhand"]`
	var t Tag
	b.ReportAllocs()
	for b.Loop() {
		if err := ParseInto(&t, s); err != nil {
			b.Fatal(err)
		}
	}
}
