package check_test

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// A host embeds the engine without the CLI: load and validate a ruleset
// and a sheet once, then answer each GM tag on the stream of (session seed,
// turn, ordinal of the tag in the reply). The same three numbers always
// give the same record.
func Example() {
	rs, err := ruleset.LoadFile("../../rulesets/d20-5e/ruleset.json", ruleset.Options{})
	if err != nil {
		fmt.Println(err) // every problem, as FILE: /json/pointer: message
		return
	}
	sh, err := sheet.LoadFile("../../rulesets/d20-5e/sheets/ada.json", rs)
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := tag.Parse(`[skill_check: skill="Athletics" dc="15" mode="advantage"]`)
	if err != nil {
		fmt.Println(err)
		return
	}
	env := &check.Env{RS: rs, Char: sheet.New(rs, sh), Dice: dice.New(7, 0, 0)}
	res := check.Resolve(env, t)
	if err := record.Check(res.Record); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Record)
	// Output:
	// [check: who="Ada Quickhand" skill="Athletics" resolution="sum" dice="1d20" mode="advantage" rolls="6,8" kept="8" modifier="5" total="13" dc="15" outcome="Failure" success="false"]
}

// A host that answers tag after tag (a server loop, a bot) keeps what the
// next check can reuse: the Env (and so the character's compiled plan), one
// seeded stream reset per tag, the parsed tag's storage (tag.ParseInto), a
// Checker's storage and one output buffer (Record.Append). A check then
// allocates nothing, against three allocations (680 bytes) through
// tag.Parse, check.Resolve and String (the example above), which is what
// makes it five to six times justinian/dice in `make bench-peers` where
// the simple path is one and a half times (docs/performance.md). The plan
// is not the difference: a new Env over sheet.New of the same sheet finds
// the plan the last one built. A Checker's record is valid until its next
// check: print or copy it first.
func Example_fastPath() {
	rs, err := ruleset.LoadFile("../../rulesets/d20-5e/ruleset.json", ruleset.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	sh, err := sheet.LoadFile("../../rulesets/d20-5e/sheets/ada.json", rs)
	if err != nil {
		fmt.Println(err)
		return
	}
	stream := &dice.Seeded{}
	env := &check.Env{RS: rs, Char: sheet.New(rs, sh), Dice: stream}
	var (
		t   tag.Tag
		k   check.Checker
		out []byte
	)
	for turn, text := range []string{
		`[skill_check: skill="Athletics" dc="15" mode="advantage"]`,
		`[skill_check: skill="Stealth" dc="12"]`,
	} {
		if err := tag.ParseInto(&t, text); err != nil {
			fmt.Println(err)
			return
		}
		stream.Reset(7, turn, 0) // (session seed, turn, ordinal)
		res := k.Resolve(env, t)
		out = res.Record.Append(out[:0])
		fmt.Println(string(out))
	}
	// Output:
	// [check: who="Ada Quickhand" skill="Athletics" resolution="sum" dice="1d20" mode="advantage" rolls="6,8" kept="8" modifier="5" total="13" dc="15" outcome="Failure" success="false"]
	// [check: who="Ada Quickhand" skill="Stealth" resolution="sum" dice="1d20" rolls="19" modifier="9" total="28" dc="12" outcome="Critical success" success="true" critical="success"]
}
