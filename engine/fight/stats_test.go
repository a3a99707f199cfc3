package fight

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// bundledParty is a bundled ruleset's party (the sheets in its folder).
func bundledParty(t testing.TB, name string) *items.Party {
	t.Helper()
	rs, err := ruleset.LoadFile(filepath.Join("..", "..", "rulesets", name, "ruleset.json"), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "rulesets", name, "sheets", "*.json"))
	var sheets []*sheet.Sheet
	for _, f := range files {
		sh, err := sheet.LoadFile(f, rs)
		if err != nil {
			t.Fatal(err)
		}
		sheets = append(sheets, sh)
	}
	return items.New(rs, sheets)
}

// started is a fight begun against foes, on the party.
func started(t testing.TB, p *items.Party, foes string) *fight {
	t.Helper()
	rec := Answer(p, tag.Tag{Name: "fight", Attrs: []tag.Attr{{Key: "op", Value: "start"}, {Key: "foes", Value: foes}}}, items.Turn{Actor: items.GM, Dice: dice.New(0, 0, 0)})
	if rec.Name != "fight" {
		t.Fatalf("start: %s", rec)
	}
	return &fight{p: p, st: Of(p)}
}

// sample strikes n times on consecutive seeds, restoring the target's
// health each time, and compares the hit and damage frequencies with the
// exact forecast: each within 4.5 standard errors.
func sample(t *testing.T, f *fight, w who, a *arm, tg who, n int) {
	t.Helper()
	want := f.forecast(w, a, nil, tg)
	hits, sum, sum2 := 0, 0.0, 0.0
	for seed := range n {
		f.turn = items.Turn{Actor: items.GM, Dice: dice.New(uint64(seed), 1, 0)}
		f.log = f.log[:0]
		if tg.IsFoe() {
			f.st.Foes[tg.Foe].Health = 1000
		} else if id := f.p.RS.HealthPool(); id != "" {
			f.p.SetPool(tg.Member, id, f.p.PoolMax(tg.Member, id))
			f.p.Members[tg.Member].Temporary = 0
		}
		f.st.Fallen = nil
		f.st.Timed = nil
		res := f.strike(w, a, nil, tg)
		if res.hit {
			hits++
		}
		d := float64(res.dealt)
		if !tg.IsFoe() {
			d = float64(min(res.dealt, 1000))
		}
		sum += d
		sum2 += d * d
	}
	N := float64(n)
	p := float64(hits) / N
	seHit := math.Sqrt(want.Hit * (1 - want.Hit) / N)
	if math.Abs(p-want.Hit) > 4.5*seHit {
		t.Errorf("%s: hit frequency %.4f, exact %.4f (SE %.4f)", a.Label, p, want.Hit, seHit)
	}
	mean := sum / N
	sd := math.Sqrt(sum2/N - mean*mean)
	seDmg := sd / math.Sqrt(N)
	if math.Abs(mean-want.Damage) > 4.5*seDmg {
		t.Errorf("%s: mean damage %.4f, exact %.4f (SE %.4f)", a.Label, mean, want.Damage, seDmg)
	}
	t.Logf("%s at %s: hit %.4f (exact %.4f), damage %.4f (exact %.4f) over %d seeds", a.Label, f.name(tg), p, want.Hit, mean, want.Damage, n)
}

func TestCreatureAttackFrequencies(t *testing.T) {
	p := bundledParty(t, "gravewatch")
	f := started(t, p, "Grave wight")
	w := creatureArm(f.creature(0).Attacks[0])
	sample(t, f, foeWho(0), w, memberWho(0), 20000)

	p = bundledParty(t, "ember-roads")
	f = started(t, p, "Ash wolf")
	sample(t, f, foeWho(0), creatureArm(f.creature(0).Attacks[0]), memberWho(0), 20000)
}

// wield puts member i's stack of the item on, as equip does.
func wield(t testing.TB, p *items.Party, who, item string) {
	t.Helper()
	rec := p.AnswerTurn(tag.Tag{Name: "inventory", Attrs: []tag.Attr{{Key: "action", Value: "equip"}, {Key: "item", Value: item}, {Key: "who", Value: who}}},
		items.Turn{Actor: items.GM, Dice: dice.New(0, 0, 0)})
	if rec.Name != "inventory" {
		t.Fatalf("equip %s: %s", item, rec)
	}
}

// Must show: hit and damage frequencies of a bundled weapon against a
// bundled creature over 20,000 seeds within 4.5 standard errors of the
// odds engine's exact values, in a summed fight (Wren's hunting bow at
// an ash wolf, Tamsin's hand axe at a cinder shade that resists cut)
// and a pool fight (Bram's grave spade at a grave wight).
func TestWeaponFrequencies(t *testing.T) {
	p := bundledParty(t, "ember-roads")
	wield(t, p, "Wren", "Hunting bow")
	wield(t, p, "Tamsin", "Hand axe")
	f := started(t, p, "Ash wolf, Cinder shade")
	wren, _ := p.Member("Wren")
	tamsin, _ := p.Member("Tamsin")
	sample(t, f, memberWho(wren), f.memberArms(wren)[0], foeWho(0), 20000)
	sample(t, f, memberWho(tamsin), f.memberArms(tamsin)[0], foeWho(1), 20000)

	p = bundledParty(t, "gravewatch")
	wield(t, p, "Bram", "Grave spade")
	f = started(t, p, "Grave wight")
	sample(t, f, memberWho(0), f.memberArms(0)[0], foeWho(0), 20000)
}

func tagOf(name string, kv ...string) tag.Tag {
	t := tag.Tag{Name: name}
	for i := 0; i+1 < len(kv); i += 2 {
		t.Attrs = append(t.Attrs, tag.Attr{Key: kv[i], Value: kv[i+1]})
	}
	return t
}

// Advantage on attacks (a worn item's): the exact forecast keeps the
// better of two throws, and 20,000 seeds agree with it.
func TestAdvantageFrequencies(t *testing.T) {
	p := bundledParty(t, "ember-roads")
	turn := items.Turn{Actor: items.GM, Dice: dice.New(0, 0, 0)}
	for _, tg := range []tag.Tag{
		tagOf("inventory", "action", "add", "item", "Lucky charm", "category", "charm", "slots", "arms", "worn", "advantage on attacks", "who", "Tamsin"),
		tagOf("inventory", "action", "equip", "item", "Lucky charm", "who", "Tamsin"),
	} {
		if rec := p.AnswerTurn(tg, turn); rec.Name != "inventory" {
			t.Fatal(rec)
		}
	}
	wield(t, p, "Tamsin", "Hand axe")
	f := started(t, p, "Road bandit")
	tamsin, _ := p.Member("Tamsin")
	if keep, _ := f.keep(memberWho(tamsin), foeWho(0), &arm{}); keep != 1 {
		t.Fatal("no advantage from the charm")
	}
	sample(t, f, memberWho(tamsin), f.memberArms(tamsin)[0], foeWho(0), 20000)
}
