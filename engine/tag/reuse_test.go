package tag

import (
	"errors"
	"strings"
	"testing"
)

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

// TestEqualKeyIsEqualFold holds the ASCII fast path to strings.EqualFold,
// non-ASCII folds (the Kelvin sign folds to k) included.
func TestEqualKeyIsEqualFold(t *testing.T) {
	words := []string{"", "k", "K", "\u212a", "skill", "SKILL", "Skill", "skil", "skills", "dc", "DC",
		"mode", "m\u00f6de", "M\u00d6DE", "a-b", "A_B", "a.b", "sk\u212aill", "ſkill", "@", "`", "[", "{"}
	for _, a := range words {
		for _, b := range words {
			if got, want := EqualKey(a, b), strings.EqualFold(a, b); got != want {
				t.Errorf("EqualKey(%q, %q) = %v, EqualFold %v", a, b, got, want)
			}
		}
	}
}

func FuzzEqualKey(f *testing.F) {
	f.Add("skill", "SKILL")
	f.Add("k", "\u212a")
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := EqualKey(a, b), strings.EqualFold(a, b); got != want {
			t.Fatalf("EqualKey(%q, %q) = %v, EqualFold %v", a, b, got, want)
		}
	})
}

// TestNeedsEscapeEveryPosition: a quote or backslash at any position of
// values of every length up to 24 bytes needs an escape, and no other
// byte does.
func TestNeedsEscapeEveryPosition(t *testing.T) {
	for n := 0; n <= 24; n++ {
		plain := strings.Repeat("a", n)
		if needsEscape(plain) {
			t.Fatalf("%q needs no escape", plain)
		}
		for i := 0; i < n; i++ {
			for _, c := range []string{`"`, `\`} {
				v := plain[:i] + c + plain[i+1:]
				if !needsEscape(v) {
					t.Fatalf("%q needs an escape", v)
				}
			}
			// bytes next to the two in value, and high bytes, are not them
			for _, c := range []string{"!", "#", "[", "]", "\xa2", "\xdc", "\x00", "\xff"} {
				if v := plain[:i] + c + plain[i+1:]; needsEscape(v) {
					t.Fatalf("%q needs no escape", v)
				}
			}
		}
	}
}

// TestAppendIsString holds Append's unescaped first pass to String on
// tags a host may build by hand: quotes and backslashes in the name, a
// key or a value, and counts of quotes that could balance out.
func TestAppendIsString(t *testing.T) {
	for _, tg := range []Tag{
		{Name: `na"me`, Attrs: []Attr{{"k", "v"}}},
		{Name: "n", Attrs: []Attr{{`k"`, "v"}, {"k2", `"`}}},
		{Name: "n", Attrs: []Attr{{`k\`, "v"}}},
		{Name: "n", Attrs: []Attr{{"k", `a"b`}, {"k2", "c"}}},
		{Name: "n", Attrs: []Attr{{"k", `a\b`}}},
		{Name: "n", Attrs: []Attr{{"k", `""`}, {"k2", ""}}},
		{Name: "n", Attrs: []Attr{{"k", "plain"}, {"k2", "8,3,10"}}},
		{Name: "n"},
		{Name: `"`, Attrs: nil},
	} {
		// each case as it is, and with more attributes after it
		long := tg
		for i := 0; i < 8; i++ {
			long.Attrs = append(append([]Attr(nil), long.Attrs...), Attr{"pad", "xxxxxx"})
		}
		if got, want := string(long.Append([]byte("x"))), "x"+long.String(); got != want {
			t.Errorf("Append %q, String %q", got, want)
		}
		if got, want := string(tg.Append([]byte("x"))), "x"+tg.String(); got != want {
			t.Errorf("Append %q, String %q", got, want)
		}
	}
}

// TestDuplicateKeysEveryPair holds the parser's key set (which skips the
// comparisons for a key whose length and first letter no earlier key
// had) to the plain rule: a tag is refused exactly when two of its keys
// are equal ignoring case. Keys are drawn from a small alphabet, so
// lengths and first letters collide often, also past 64 keys.
func TestDuplicateKeysEveryPair(t *testing.T) {
	rng := uint64(1)
	next := func(n int) int {
		rng = rng*6364136223846793005 + 1442695040888963407
		return int(rng>>33) % n
	}
	letters := "abAB._-1"
	for round := 0; round < 3000; round++ {
		n := 1 + next(80)
		keys := make([]string, n)
		var b strings.Builder
		b.WriteString("[t:")
		for i := range keys {
			k := []byte{"abAB"[next(4)]}
			for j := next(4); j > 0; j-- {
				k = append(k, letters[next(len(letters))])
			}
			keys[i] = string(k)
			b.WriteString(" " + keys[i] + `="v"`)
		}
		b.WriteString("]")
		want := false
		for i := range keys {
			for j := 0; j < i; j++ {
				if strings.EqualFold(keys[i], keys[j]) {
					want = true
				}
			}
		}
		_, err := Parse(b.String())
		var se *SyntaxError
		got := errors.As(err, &se) && se.Reason == ReasonDuplicateAttribute
		if got != want || (err != nil && !got) {
			t.Fatalf("%s: refused as duplicate %v, want %v (err %v)", b.String(), got, want, err)
		}
	}
}
