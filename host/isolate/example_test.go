package isolate_test

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/isolate"
	"github.com/rulehost/rulehost/host/plugin"
)

// Running untrusted plugins in a worker process: the program calls
// isolate.ServeIfWorker first thing in main (this package's TestMain
// does), then loads the plugins with host.LoadIsolated instead of
// host.Load. Everything else is as in-process, record for record.
func Example() {
	h, errs, err := host.LoadIsolated([]string{"../../plugins/ironsworn"}, plugin.Options{},
		isolate.Options{MaxAddressSpace: 512 << 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer h.Close()
	for _, e := range errs {
		fmt.Println(e)
	}
	rs, err := ruleset.LoadFile("../../rulesets/ironsworn/ruleset.json", h.RulesetOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	sh, err := sheet.LoadFile("../../rulesets/ironsworn/sheets/kai.json", rs)
	if err != nil {
		fmt.Println(err)
		return
	}
	t, _ := tag.Parse(`[skill_check: ability="Edge" adds="1"]`)
	r := check.Resolve(&check.Env{RS: rs, Char: sheet.New(rs, sh), Dice: dice.New(2, 0, 0), Kinds: h.Resolvers}, t).Record
	fmt.Println(r)
	// Output:
	// [check: who="Kai" ability="Edge" resolution="ironsworn" dice="1d6" rolls="4" modifier="3" adds="1" total="8" challenge="7,2" hits="2" outcome="Strong hit" success="true"]
}
