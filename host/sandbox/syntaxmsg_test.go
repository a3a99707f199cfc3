package sandbox

import (
	"errors"
	"strings"
	"testing"
)

// TestSyntaxMessages: a syntax error names the line and says what to look
// for, without "syntax error" twice.
func TestSyntaxMessages(t *testing.T) {
	cases := map[string]string{
		"return {\n  a = 1\n  b = 2\n}":    ":3: syntax error: unexpected 'b': look just before it",
		"local function f()\n  return 1\n": ":2: syntax error: the file ends too early",
		"if x then\n  y = 1\nend end":      ":3: syntax error: unexpected 'end'",
	}
	for src, want := range cases {
		_, err := Compile("plugin.lua", src)
		if !errors.Is(err, ErrSyntax) {
			t.Fatalf("%q: want a syntax error, got %v", src, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, want) || strings.Count(msg, "syntax error") != 1 {
			t.Errorf("%q:\n got %s\nwant %s (and \"syntax error\" once)", src, msg, want)
		}
	}
}
