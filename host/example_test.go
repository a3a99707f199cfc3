package host_test

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// Loading plugins for the engine: their resolution kinds go to import
// validation (RulesetOptions) and to checks (Resolvers), their tags are
// answered through SessionTags, their formatters through Formatter. A
// plugin that fails to load is returned as an error naming it, its file
// and line, and the others still serve.
func Example() {
	h, errs := host.Load([]string{"../plugins"}, plugin.Options{})
	for _, err := range errs {
		fmt.Println(err)
	}
	defer h.Close()
	rs, err := ruleset.LoadFile("../rulesets/gravewatch/ruleset.json", h.RulesetOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	var party []*sheet.Character
	for _, f := range []string{"bram", "maud"} {
		sh, err := sheet.LoadFile("../rulesets/gravewatch/sheets/"+f+".json", rs)
		if err != nil {
			fmt.Println(err)
			return
		}
		party = append(party, sheet.New(rs, sh))
	}
	t, _ := tag.Parse(`[opposed_check: skill="Ward" who="Bram the Quiet" vs="Maud Hollin" vsSkill="Ward"]`)
	r := h.SessionTags().Answer(rs, party, dice.New(1, 0, 0), t)
	fmt.Println(r.Name, r.Value("winner"))
	// Output:
	// opposed Maud Hollin
}
