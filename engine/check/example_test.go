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
