package prompt_test

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// Example runs one turn the way a host drives a language-model Game
// Master: build the prompt, send it with the story so far, take the
// model's reply, let the engine answer the reply's tags, and build the
// next prompt, whose last turn section carries the engine's answers.
func Example() {
	rs, err := ruleset.LoadFile("../../rulesets/ember-roads/ruleset.json", ruleset.Options{})
	if err != nil {
		panic(err)
	}
	sheets, err := session.LoadParty("../../rulesets/ember-roads/sheets", rs)
	if err != nil {
		panic(err)
	}
	s := session.New(rs, sheets, 1) // session.Start for one kept on disk

	first := prompt.Build(prompt.Input{RS: rs, Sheets: sheets, State: s.State()})
	for _, sec := range first {
		fmt.Println(sec.Name)
	}

	// The model's reply (here a fixed one) is answered by the engine.
	reply := `The reeds are thin. [skill_check: skill="Sneak" dc="8"] [inventory: action="add" item="Rope" count="2"]`
	if _, err := s.Append(session.GMReply, reply); err != nil {
		panic(err)
	}

	next := prompt.Build(prompt.Input{RS: rs, Sheets: sheets, State: s.State()})
	last, _ := prompt.Get(next, prompt.LastTurn)
	fmt.Println(len(last.Data.(*prompt.LastTurnData).Reply), "records in the last turn")
	// Output:
	// rules
	// items
	// money
	// fight
	// inventory
	// 2 records in the last turn
}
