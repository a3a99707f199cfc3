package session_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
)

// A duplicated attribute, a tag over 64 KiB and one over 256 attributes
// inside a reply each get a refusal record, and change nothing.
func TestTagRefusalsInAReply(t *testing.T) {
	rs, sheets := ember(t)
	var many strings.Builder
	many.WriteString(`[inventory: action="add" item="Rope"`)
	for i := 0; i < 256; i++ {
		fmt.Fprintf(&many, ` k%d="v"`, i)
	}
	many.WriteString("]")
	cases := []struct{ text, want string }{
		{`Tamsin tries. [skill_check: skill="Sneak" skill="Sway" dc="8"]`, `[refused: action="skill_check" reason="duplicate-attribute" attribute="skill"`},
		{`[inventory: action="add" item="Rope" note="` + strings.Repeat("x", 70000) + `"]`, `[refused: action="inventory" reason="tag-too-long" attribute="note"`},
		{many.String(), `[refused: action="inventory" reason="too-many-attributes"`},
	}
	for _, c := range cases {
		s := session.New(rs, sheets, 1)
		before := s.State().Party.Block()
		r, err := s.Append(session.GMReply, c.text+` [roll_dice: dice="1d6"]`)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Records) != 2 || !strings.HasPrefix(r.Records[0].String(), c.want) {
			t.Fatalf("records: %v", r.Records)
		}
		if err := record.Check(r.Records[0]); err != nil {
			t.Fatal(err)
		}
		if s.State().Party.Block() != before {
			t.Fatal("a refused tag changed the party")
		}
	}
	// A tag the session does not answer stays text.
	s := session.New(rs, sheets, 1)
	if r, _ := s.Append(session.GMReply, `[mood: tone="grim" tone="dark"]`); len(r.Records) != 0 {
		t.Fatalf("records for a tag nobody answers: %v", r.Records)
	}
}
