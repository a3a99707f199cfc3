package prompt_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

// bigParty is Gravewatch with a party of 6 (its sample sheets renamed),
// 50 stacks in each bag (plain keepsakes), and its market grown to 6
// sellers (its three, twice), in a city where all of them sell, after a
// reply with a check and a loot roll, so every section is built.
func bigParty(t testing.TB) (game, *session.State) {
	var g game
	for _, x := range bundled(t) {
		if x.name == "gravewatch" {
			g = x
		}
	}
	data, err := os.ReadFile("../../rulesets/gravewatch/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	mk := m["items"].(map[string]any)["market"].(map[string]any)
	sellers := mk["sellers"].([]any)
	for _, s := range append([]any(nil), sellers...) {
		c := map[string]any{}
		for k, v := range s.(map[string]any) {
			c[k] = v
		}
		c["id"], c["label"] = c["id"].(string)+"_2", c["label"].(string)+" (second)"
		sellers = append(sellers, c)
	}
	mk["sellers"] = sellers
	data, _ = json.Marshal(m)
	if g.rs, err = ruleset.Load("ruleset.json", data, ruleset.Options{}); err != nil {
		t.Fatal(err)
	}
	var sheets []*sheet.Sheet
	for i := 0; len(sheets) < 6; i++ {
		s := *g.sheets[i%len(g.sheets)]
		s.Name = fmt.Sprintf("%s %d", s.Name, i+1)
		sheets = append(sheets, &s)
	}
	g.sheets = sheets
	s := g.session()
	var b strings.Builder
	for _, sh := range sheets {
		for n := len(s.State().Party.Members[0].Bag); n < 50; n++ {
			fmt.Fprintf(&b, "[inventory: action=\"add\" item=\"Keepsake %d\" who=\"%s\"]\n", n, sh.Name)
		}
	}
	for _, text := range []string{b.String(), `[place: name="Ashby" size="city"] [skill_check: skill="Ward" dc="2"] [loot: table="Grave goods"]`} {
		if _, err := s.Append(session.GMReply, text); err != nil {
			t.Fatal(err)
		}
	}
	for i, m := range s.State().Party.Members {
		if len(m.Bag) < 50 {
			t.Fatalf("member %d has %d stacks", i, len(m.Bag))
		}
	}
	if v, ok := market.Block(s.State().Party); !ok || len(v.Sellers) != 6 {
		t.Fatalf("want a MARKET block with 6 sellers, got %v %d", ok, len(v.Sellers))
	}
	return g, s.State()
}

// BenchmarkPromptNative is the whole prompt, built and joined, with the
// built-in text (issue 16: at most 1 ms).
func BenchmarkPromptNative(b *testing.B) {
	g, st := bigParty(b)
	in := prompt.Input{RS: g.rs, Sheets: g.sheets, State: st, Format: record.Plain{}}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		_ = prompt.Text(prompt.Build(in))
	}
	reportCPU(b, cpu)
}

// BenchmarkPromptPlugin is the same prompt through each bundled formatter
// plugin: every item (one call for the inventory), record, section and
// the whole prompt go through Lua (issue 16: at most 5 ms).
func BenchmarkPromptPlugin(b *testing.B) {
	g, st := bigParty(b)
	for _, form := range []string{"terse", "narrative", "xml"} {
		b.Run(form, func(b *testing.B) {
			in := prompt.Input{RS: g.rs, Sheets: g.sheets, State: st}
			_ = render(b, form, in) // warm the plugin's state pool
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				_ = render(b, form, in)
			}
			reportCPU(b, cpu)
		})
	}
}
