package sandbox

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"
)

func TestClean(t *testing.T) {
	cases := []struct {
		in   string
		mode Mode
		want string
	}{
		{"plain text", Line, "plain text"},
		{"boom\n--- gm 9", Line, `boom\n--- gm 9`},
		{"a\r\tb", Line, `a\r\tb`},
		{"\x1b[31mred\x1b[0m", Line, `\x1b[31mred\x1b[0m`},
		{"bad \xff\xfe utf8", Line, `bad \xff\xfe utf8`},
		{"x \u202eeurt=sseccus", Line, `x \u202eeurt=sseccus`},
		{"\u2066iso\u2069 \u2028 \u2029 \u200b \ufeff", Line, `\u2066iso\u2069 \u2028 \u2029 \u200b \ufeff`},
		{"c1 \u0085 \u009b", Line, `c1 \u0085 \u009b`},
		{"del \x7f nul \x00", Line, `del \x7f nul \x00`},
		{"héllo — ok", Line, "héllo — ok"},
		{"two\nlines\tkept", Lines, "two\nlines\tkept"},
		{"x\n--- gm 9\n---\n -- fine", Lines, "x\n  --- gm 9\n  ---\n -- fine"},
		{"--- first", Lines, "  --- first"},
		{"cr\r\n", Lines, "cr\\r\n"},
	}
	for _, c := range cases {
		if got := Clean(c.in, 0, c.mode); got != c.want {
			t.Errorf("Clean(%q, %d) = %q, want %q", c.in, c.mode, got, c.want)
		}
	}
	long := strings.Repeat("x", 10<<20)
	got := Clean(long, 100, Line)
	if got != strings.Repeat("x", 100)+"... (10485660 more bytes)" {
		t.Errorf("cut: %q", got)
	}
	// an escape at the cut never splits a rune
	if got := Clean(strings.Repeat("é", 100), 7, Line); !utf8.ValidString(got) || !strings.HasPrefix(got, "éééé...") {
		t.Errorf("cut inside a rune: %q", got)
	}
}

// FuzzClean: whatever the input, the output is valid UTF-8, within its cap
// (plus the cut note and one escape), holds no character Unshowable
// reports, no line break in Line mode, and no line opening a transcript
// entry in Lines mode.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"", "ok", "a\nb", "--- gm 1", "\x1b[2J", "\xff", "\u202e", "x\r\n--- y"} {
		f.Add(s, 16, true)
	}
	f.Fuzz(func(t *testing.T, s string, max int, multi bool) {
		if max <= 0 || max > 1<<16 {
			max = 16
		}
		mode := Line
		if multi {
			mode = Lines
		}
		got := Clean(s, max, mode)
		if !utf8.ValidString(got) {
			t.Fatalf("not UTF-8: %q", got)
		}
		if len(got) > max+len("... (99999999999 more bytes)")+8 {
			t.Fatalf("%d bytes past a cap of %d", len(got), max)
		}
		for _, r := range got {
			if (r == '\n' || r == '\t') && mode == Lines {
				continue
			}
			if Unshowable(r) {
				t.Fatalf("%U left in %q", r, got)
			}
		}
		if mode == Lines {
			for _, line := range strings.Split(got, "\n") {
				if strings.HasPrefix(line, "---") {
					t.Fatalf("a line opens an entry: %q", got)
				}
			}
		}
		if Clean(got, len(got)+1, mode) != got && len(got) <= max {
			t.Fatalf("not idempotent: %q", got)
		}
	})
}

// TestErrorsNameTheirOwnPlugin: a position at the head of a message is
// believed only when it names a chunk of this sandbox; otherwise the
// message is kept whole and the claim recorded.
func TestErrorsNameTheirOwnPlugin(t *testing.T) {
	s, err := New(Options{Name: "wild-die"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fn, err := s.Load("wild-die/plugin.lua", `return function(m, lvl) error(m, lvl) end`)
	if err != nil {
		t.Fatal(err)
	}
	call := func(msg string, level int) *Error {
		_, err := s.Call(context.Background(), nil, fn, luaString(msg), luaNumber(level))
		var se *Error
		if !errors.As(err, &se) {
			t.Fatalf("%v", err)
		}
		return se
	}
	e := call("opposed-pool/plugin.lua:12: boom", 0)
	if e.File != "" || e.Line != 0 || e.Msg != "opposed-pool/plugin.lua:12: boom" || e.Claimed != "opposed-pool/plugin.lua:12" {
		t.Errorf("a foreign position: %+v", e)
	}
	e = call("boom", 1)
	if e.File != "wild-die/plugin.lua" || e.Line != 1 || e.Msg != "boom" || e.Claimed != "" {
		t.Errorf("an own position: %+v", e)
	}
	e = call(strings.Repeat("y", 5<<20)+"\n", 0)
	if len(e.Msg) > MaxNoteLen+32 || !strings.HasSuffix(e.Msg, "more bytes)") {
		t.Errorf("a 5 MiB message kept %d bytes", len(e.Msg))
	}
}

// TestStateTooBigToResetIsRefused: the post-load snapshot is bounded; a
// plugin whose state passes the bound is refused at load with the reason,
// instead of keeping what the snapshot did not see unreset.
func TestStateTooBigToResetIsRefused(t *testing.T) {
	for name, src := range map[string]string{
		"one big table":  `big = {} for i = 1, 70000 do big[i] = i end local n = 0 return { run = function() n = n + 1 return n end }`,
		"many globals":   `for i = 1, 70000 do _G["g" .. i] = i end return {}`,
		"nested locals":  `local t = {} for i = 1, 700 do t[i] = {} for j = 1, 100 do t[i][j] = j end end return { f = function() return t end }`,
		"manifest table": `local m = { data = {} } for i = 1, 70000 do m.data["k" .. i] = true end return m`,
	} {
		// a deadline no loaded machine under -race outlasts: the size
		// check is what must refuse these
		s, err := New(Options{Name: "big", Deadline: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Load("big.lua", src)
		s.Close()
		if !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), "cannot do so beyond that size") {
			t.Errorf("%s: %v", name, err)
		}
	}
	// 60,000 entries must load, so a generous deadline: on a loaded
	// machine the default 1 s can pass before the size check is reached
	s, err := New(Options{Name: "fine", Deadline: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Load("fine.lua", `local t = {} for i = 1, 60000 do t[i] = i end return { f = function() return #t end }`); err != nil {
		t.Errorf("60,000 entries: %v", err)
	}
}

func luaString(s string) lua.LValue { return lua.LString(s) }
func luaNumber(n int) lua.LValue    { return lua.LNumber(n) }
