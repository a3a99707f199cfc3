package session_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
)

// An invented item's carried="+0 Sneak" changes nothing and has no words:
// its line never reads "carried: ...,  on checks (Sneak)".
func TestInventedZeroModifierHasNoWords(t *testing.T) {
	rs, sheets := ember(t)
	s := session.New(rs, sheets, 1)
	r, err := s.Append(session.GMReply, `[inventory: action="add" item="Plain charm" category="charm" rarity="common" carried="+0 Sneak"]`)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(r.Records[0].String()+"\n"+s.State().Party.Block(), "\n") {
		if strings.Contains(line, "Plain charm") && strings.Contains(line, "on checks") {
			t.Fatalf("a +0 modifier got words: %s", line)
		}
	}
}
