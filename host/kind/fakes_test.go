package kind_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	_ "github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/kind"
)

// TestFakeTellOnAPluginKind (issue 30 item 2): on d20-5e switched to the
// reference-sum plugin kind, inspecting a fake rolls its tell through the
// plugin, answering exactly as native dice-sum does on every seed; with
// the kind not loaded it is refused nothing-to-check and the try is not
// spent.
func TestFakeTellOnAPluginKind(t *testing.T) {
	set := loadBundled(t)
	kinds, resolvers := kind.FromSet(set)
	f := filepath.Join(root, "rulesets", "d20-5e", "ruleset.json")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	native, err := ruleset.Load(f, data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := ruleset.Load(f, withKind(t, data, "reference-sum"), ruleset.Options{Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	party := func(rs *ruleset.Ruleset) *items.Party {
		sheets, err := session.LoadParty(filepath.Join(root, "rulesets", "d20-5e", "sheets"), rs)
		if err != nil {
			t.Fatal(err)
		}
		p := items.New(rs, sheets)
		p.Put(1, rs.Items.ItemByRef("magic_items/potion-of-poison"), "Potion of Healing", 1)
		return p
	}
	inspect, _ := tag.Parse(`[inventory: action="inspect" item="Potion of Healing" who="Corvin"]`)
	verdicts := map[string]int{}
	const seeds = 400
	for seed := uint64(0); seed < seeds; seed++ {
		want := party(native).AnswerTurn(inspect, items.Turn{Actor: items.GM, Dice: dice.New(seed, 3, 0)})
		got := party(ref).AnswerTurn(inspect, items.Turn{Actor: items.GM, Dice: dice.New(seed, 3, 0), Kinds: resolvers})
		if got.String() != want.String() {
			t.Fatalf("seed %d: on the plugin kind %s\nnative %s", seed, got, want)
		}
		if err := record.Check(got); err != nil {
			t.Fatal(err)
		}
		verdicts[got.Value("verdict")]++
	}
	if verdicts["cannot-tell"] == seeds || verdicts["suspect"]+verdicts["identified"] == 0 {
		t.Fatalf("the tell never rolled: %v", verdicts)
	}
	t.Logf("over %d seeds: %v", seeds, verdicts)

	p := party(ref)
	r := p.AnswerTurn(inspect, items.Turn{Actor: items.GM, Dice: dice.New(1, 3, 0)})
	if r.Value("reason") != "nothing-to-check" {
		t.Fatalf("without the kind: %s", r)
	}
	r = p.AnswerTurn(inspect, items.Turn{Actor: items.GM, Dice: dice.New(1, 3, 0), Kinds: resolvers})
	if r.Tag.NameIs("refused") {
		t.Fatalf("the refused try was spent: %s", r)
	}
}
