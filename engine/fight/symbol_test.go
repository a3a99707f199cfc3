package fight

import (
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
)

// genesysFight is Kira with the blaster pistol in hand against two
// street thugs.
func genesysFight(t *testing.T) *fight {
	p := bundledParty(t, "genesys")
	p.Members[0].Bag = append(p.Members[0].Bag, items.Stack{Item: "armory/blaster-pistol", Name: "Blaster pistol", Count: 1, Equipped: true})
	return started(t, p, "2 Street thug")
}

// The symbol fight's hit, critical and damage frequencies over 20,000
// seeds agree with the exact forecast (within 4.5 standard errors), for
// Kira's pistol and for a thug's pipe at her.
func TestSymbolFrequencies(t *testing.T) {
	f := genesysFight(t)
	if !f.st.Symbol {
		t.Fatal("Genesys fights with symbols")
	}
	arms := f.memberArms(0)
	if len(arms) != 1 || arms[0].SymAbility != 3 || arms[0].SymRank != 1 || arms[0].ToHit != 0 {
		t.Fatalf("arms %+v", arms)
	}
	sample(t, f, memberWho(0), arms[0], foeWho(0), 20000)
	sample(t, f, foeWho(0), creatureArm(f.creature(0).Attacks[0]), memberWho(0), 20000)
}

// The pool is built as a check builds it: the larger of ability and
// rank, the smaller upgraded; boost for a positive add, setback for a
// negative one, each within its max; difficulty dice within theirs.
func TestBuildSymbols(t *testing.T) {
	f := genesysFight(t)
	sp := f.p.RS.Resolution.SymbolPool
	for _, c := range []struct {
		ability, rank, add, opp int
		want                    symbolPool
	}{
		{3, 1, 0, 2, symbolPool{Own: 3, Upgraded: 1, Opposing: 2}},
		{1, 4, 2, 0, symbolPool{Own: 4, Upgraded: 1, Boost: 2}},
		{9, 9, -9, 9, symbolPool{Own: 6, Upgraded: 6, Setback: 3, Opposing: 5}},
		{-1, 0, 0, -3, symbolPool{}},
	} {
		if got := buildSymbols(sp, c.ability, c.rank, c.add, c.opp); got != c.want {
			t.Errorf("%+v: got %+v", c, got)
		}
	}
}

// An empty pool against no difficulty never hits; one Proficiency die
// alone hits on 8 faces of 12 (every face with a success or the
// triumph), a critical on 1.
func TestSymbolOdds(t *testing.T) {
	f := genesysFight(t)
	sp := f.p.RS.Resolution.SymbolPool
	d := symbolOdds(sp, symbolPool{Own: 1, Upgraded: 1})
	hit, crit := 0.0, 0.0
	for k := range d.Plain {
		if d.Offset+k >= 1 {
			hit += d.Plain[k] + d.Crit[k]
			crit += d.Crit[k]
		}
	}
	if !near(hit, 8.0/12) || !near(crit, 1.0/12) {
		t.Fatalf("hit %.4f crit %.4f", hit, crit)
	}
	a := &arm{Label: "Bare hands", Stack: -1}
	if fc := f.symbolForecast(memberWho(0), a, nil, foeWho(0), 1, 0, 0); fc.Hit != 0 || fc.Damage != 0 {
		t.Fatalf("an empty pool: %+v", fc)
	}
}

func near(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }

// A save in a symbol fight: the saver's number as ability dice (at least
// one) against the difficulty as difficulty dice; the forecast's chance
// is exact (one Ability die against none: 4 faces of 8 succeed).
func TestSymbolSave(t *testing.T) {
	f := genesysFight(t)
	f.turn = items.Turn{Actor: items.GM, Dice: dice.Script(4, 2)}
	ok, line := f.rollSave(foeWho(0), "cool", 1)
	want := "Street thug 1 rolls cool: Ability (Success, Success), Difficulty (Failure): 1 net success against 1 difficulty die, saved"
	if !ok || line != want {
		t.Fatalf("%v %q", ok, line)
	}
	if p := f.saveChance(foeWho(0), "cool", 0); !near(p, 4.0/8) {
		t.Fatalf("chance %.4f", p)
	}
}
