package session_test

import (
	"fmt"
	"path/filepath"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// A host keeps a game as a session: every GM reply and player action is
// appended to the log and folded into the state (bags, pools); its tags
// are answered in order. Start writes the log to a folder (fsynced on each
// append); New keeps it in memory.
func Example() {
	rs, err := ruleset.LoadFile("../../rulesets/ember-roads/ruleset.json", ruleset.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	party, err := session.LoadParty(filepath.Join("..", "..", "rulesets", "ember-roads", "sheets"), rs)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := session.New(rs, party, 42)
	reply, err := s.Append(session.GMReply, `The ford is cold. [inventory: action="add" item="Rope" count="2"]`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range reply.Records {
		fmt.Println(r.Name, r.Value("action"), r.Value("item"), r.Value("count"))
	}
	// Output:
	// inventory add Rope 2
}
