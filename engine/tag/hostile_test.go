package tag

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// attrsTag is a tag of n attributes named key(i) with value v.
func attrsTag(n int, key func(i int) string, v string) string {
	var b strings.Builder
	b.WriteString("[t:")
	for i := 0; i < n; i++ {
		b.WriteString(" " + key(i) + `="` + v + `"`)
	}
	b.WriteString("]")
	return b.String()
}

// TestParseIntoHostile parses hostile tags one after another into one
// reused Tag (as a server loop does) and holds each to Parse: the same
// tag or the same refusal, and nothing of an earlier tag left behind.
// Every accepted tag prints with Append exactly as String does, and
// parses back from it.
func TestParseIntoHostile(t *testing.T) {
	num := func(i int) string { return fmt.Sprintf("k%03d", i) }
	huge := strings.Repeat("x", MaxTagLen-len(`[t: k=""]`))
	cases := []struct {
		name, text string
		reason     string // "" accepted; "syntax" refused without a reason
	}{
		{"256 attributes", attrsTag(MaxAttrs, num, "v"), ""},
		{"257 attributes", attrsTag(MaxAttrs+1, num, "v"), ReasonTooManyAttributes},
		{"small after many", `[roll_dice: dice="1d20"]`, ""},
		// every key has the same length and first letter: the key set
		// sends each to the full comparison
		{"256 colliding keys, last repeats the first in upper case", attrsTag(MaxAttrs, func(i int) string {
			if i == MaxAttrs-1 {
				return "K000"
			}
			return num(i)
		}, "v"), ReasonDuplicateAttribute},
		{"same length and letter, different keys", `[t: ab="1" aB.="2" Ab-="3" a.b="4" a_b="5"]`, ""},
		{"duplicate with dot in other case", `[t: a.B="1" x="2" A.b="3"]`, ReasonDuplicateAttribute},
		{"duplicate after 64 keys", attrsTag(70, func(i int) string {
			if i == 69 {
				return "Q005"
			}
			return fmt.Sprintf("q%03d", i)
		}, "v"), ReasonDuplicateAttribute},
		{"non-ASCII key", `[t: ké="1"]`, "syntax"},
		{"non-ASCII first letter", `[t: Ünder="1"]`, "syntax"},
		{"non-ASCII values", `[t: who="Zoë Ångström" note="火"]`, ""},
		{"value at the tag limit", `[t: k="` + huge + `"]`, ""},
		{"value past the tag limit", `[t: k="` + huge + `x"]`, ReasonTagTooLong},
		{"value past the value limit", `[t: k="` + strings.Repeat("y", MaxValueLen+1) + `"]`, "any"},
		{"escapes", `[t: a="say \"hi\"" b="back\\slash" c="\\\"" d=""]`, ""},
		{"256 attributes of escapes", attrsTag(MaxAttrs, num, `\"\\`), ""},
		{"unclosed value after many", attrsTag(100, num, "v")[:500], "syntax"},
		{"text after", `[t: a="1"] more`, "syntax"},
	}
	var dst Tag
	for _, c := range cases {
		want, wantErr := Parse(c.text)
		err := ParseInto(&dst, c.text)
		if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
			t.Fatalf("%s: ParseInto %v, Parse %v", c.name, err, wantErr)
		}
		var se *SyntaxError
		switch {
		case c.reason == "" && err != nil:
			t.Fatalf("%s: refused: %v", c.name, err)
		case c.reason != "" && err == nil:
			t.Fatalf("%s: accepted, want refused (%s)", c.name, c.reason)
		case c.reason == "syntax" && (!errors.As(err, &se) || se.Reason != ""):
			t.Fatalf("%s: %v, want a syntax error", c.name, err)
		case c.reason != "" && c.reason != "syntax" && c.reason != "any" && (!errors.As(err, &se) || se.Reason != c.reason):
			t.Fatalf("%s: %v, want reason %s", c.name, err, c.reason)
		}
		if err != nil {
			if dst.Name != "" || len(dst.Attrs) != 0 {
				t.Fatalf("%s: refused, but the tag holds %q with %d attributes", c.name, dst.Name, len(dst.Attrs))
			}
			continue
		}
		if got := dst.String(); got != want.String() {
			t.Fatalf("%s: ParseInto %.200q, Parse %.200q", c.name, got, want.String())
		}
		printed := dst.Append([]byte("x"))
		if string(printed) != "x"+dst.String() {
			t.Fatalf("%s: Append %.200q, String %.200q", c.name, printed, dst.String())
		}
		back, err := Parse(string(printed[1:]))
		if err != nil || back.String() != dst.String() {
			t.Fatalf("%s: printed %.200q parses back as %.200q (%v)", c.name, printed[1:], back.String(), err)
		}
	}
}
