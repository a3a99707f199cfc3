package market_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/tag"
)

// In the 5e town, Ada (Arcana +0, Insight +1) buys and Corvin (Arcana
// +12: Int 18, expertise at proficiency 4; Insight +3: Wis 12, half
// proficiency; no poisoner's kit, knows_trade 0) looks on. The potion of
// poison's tells: the kit check (DC 13, carries the kit) and Arcana (DC
// 18); the fence's manner: Insight DC 13, advantage with knows_trade 1.

// scripted answers a tag on exactly these faces: every face drawn, no
// more.
func scripted(t testing.TB, p *items.Party, s string, faces ...int) record.Record {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	st := dice.Script(faces...)
	r := p.AnswerTurn(tg, items.Turn{Actor: items.GM, Dice: st})
	if err := record.Check(r); err != nil {
		t.Fatalf("%s: %v", r, err)
	}
	if st.Used() != len(faces) || st.Overrun > 0 {
		t.Fatalf("%s: drew %d faces (overrun %d), scripted %d", s, st.Used(), st.Overrun, len(faces))
	}
	return r
}

const (
	fenceBuy  = `[inventory: action="buy" item="Potion of Healing" seller="Fence" who="Ada"]`
	arcanaSaw = `[refused: action="buy" reason="held" item="Potion of Healing" who="Ada Quickhand" noticed="Corvin Vell: its magic does not feel like healing magic" note="play Corvin Vell warning the buyer in character, without accusing the seller to their face unless that is who they are, and let the buyer decide; asked again of this seller today, the purchase goes through"]`
	mannerSaw = `[refused: action="buy" reason="held" item="Potion of Healing" who="Ada Quickhand" noticed="Corvin Vell: something is wrong with what the Fence sells: their eyes slide away when you ask about it" note="play Corvin Vell warning the buyer in character, without accusing the seller to their face unless that is who they are, and let the buyer decide; asked again of this seller today, the purchase goes through"]`
	bought    = `[inventory: action="buy" item="Potion of Healing" count="1" price="50 gold pieces" level="fair" seller="Fence" who="Ada Quickhand" paidWith="gold pieces ×50" reply="Paid with gold pieces ×50."]`
)

// arcana is the potion of poison's Arcana tell in p's ruleset.
func arcana(p *items.Party) *itemrules.Tell {
	return &p.RS.Items.ItemByRef("magic_items/potion-of-poison").Market.Tells[1]
}

func fits(v valueref.Ref, atLeast float64) itemrules.Fits {
	return itemrules.Fits{Value: v, AtLeast: atLeast}
}

// TestWarnByRoll: with items.warnBy "roll" the companions' checks are
// rolled, in order (each tell they can make, then the seller's manner),
// instead of compared passively: Corvin, whose passive Arcana (22)
// always notices, misses on a low roll.
func TestWarnByRoll(t *testing.T) {
	cases := []struct {
		name  string
		faces []int
		want  string
	}{
		{"Arcana 5+12 and Insight 9+3 both miss: bought", []int{5, 9}, bought},
		{"Arcana 6+12 reaches 18: held", []int{6}, arcanaSaw},
		{"Arcana misses, Insight 10+3 reaches 13: held by the manner", []int{5, 10}, mannerSaw},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := town(t)
			p.RS.Items.WarnBy = "roll"
			if got := scripted(t, p, fenceBuy, c.faces...); got.String() != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// On a session's seeded stream (seed 7, the reply's index, ordinal
	// 0), the same purchase at reply 300 (d20s 4 and 3: 16 and 6, bought),
	// 301 (9: 21, held) and 302 (16: 28, held).
	want := []string{bought, arcanaSaw, arcanaSaw}
	for i, turn := range []int{300, 301, 302} {
		p := town(t)
		p.RS.Items.WarnBy = "roll"
		if got := say(t, p, turn, fenceBuy); got.String() != want[i] {
			t.Errorf("seed 7, reply %d:\n got %s\nwant %s", turn, got, want[i])
		}
	}
	// Passive, the same purchase is always held by Arcana.
	p := town(t)
	if got := say(t, p, 301, fenceBuy); got.String() != arcanaSaw {
		t.Errorf("passive: %s", got)
	}
}

// TestNeedsAny: a tell with needsAny can be made by whoever meets any one
// of its lines, and by nobody else; needs must all be met.
func TestNeedsAny(t *testing.T) {
	inspect := `[inventory: action="inspect" item="Potion of Healing" who="Corvin"]`
	cases := []struct {
		name     string
		needs    []itemrules.Fits
		needsAny []itemrules.Fits
		faces    []int
		want     string
	}{
		{"the second line met (level 9)", nil,
			[]itemrules.Fits{fits(valueref.Ref{AbilityScore: "int"}, 20), fits(valueref.Ref{Field: "level"}, 9)}, []int{8},
			`[inventory: action="inspect" item="Potion of Healing" who="Corvin Vell" verdict="suspect" said="its magic does not feel like healing magic" suspect="Corvin Vell thinks it is a fake"]`},
		{"no line met", nil,
			[]itemrules.Fits{fits(valueref.Ref{AbilityScore: "int"}, 20), fits(valueref.Ref{Field: "level"}, 10)}, nil,
			`[refused: action="inspect" reason="nothing-to-check" item="Potion of Healing" who="Corvin Vell" note="nothing could give Potion of Healing away, or Corvin Vell cannot check it in any way; no attempt is spent"]`},
		{"needs: one of two unmet", []itemrules.Fits{fits(valueref.Ref{Field: "level"}, 9), fits(valueref.Ref{AbilityScore: "wis"}, 13)}, nil, nil,
			`[refused: action="inspect" reason="nothing-to-check" item="Potion of Healing" who="Corvin Vell" note="nothing could give Potion of Healing away, or Corvin Vell cannot check it in any way; no attempt is spent"]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := town(t)
			tell := arcana(p)
			tell.Needs, tell.NeedsAny = c.needs, c.needsAny
			fake := p.RS.Items.ItemByRef("magic_items/potion-of-poison")
			p.Put(1, fake, "Potion of Healing", 1)
			if got := scripted(t, p, inspect, c.faces...); got.String() != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// Noticing reads the same lines: unmet, Corvin cannot make the Arcana
	// tell and the fence's manner (passive Insight 13) holds the purchase.
	p := town(t)
	arcana(p).NeedsAny = []itemrules.Fits{fits(valueref.Ref{Field: "level"}, 10)}
	if got := say(t, p, 301, fenceBuy); got.String() != mannerSaw {
		t.Errorf("noticing with needsAny unmet: %s", got)
	}
}

// TestAdvantageAndDisadvantageIf: a tell's advantageIf rolls it with
// advantage (the higher of two d20) and adds 5 to a passive value;
// disadvantageIf the lower, 5 less; both met cancel out.
func TestAdvantageAndDisadvantageIf(t *testing.T) {
	level9 := []itemrules.Fits{fits(valueref.Ref{Field: "level"}, 9)}
	level10 := []itemrules.Fits{fits(valueref.Ref{Field: "level"}, 10)}
	inspect := `[inventory: action="inspect" item="Potion of Healing" who="Corvin"]`
	identified := `[inventory: action="inspect" item="Potion of Healing" who="Corvin Vell" verdict="identified" said="its magic does not feel like healing magic" revealed="Potion of Poison"]`
	cannotTell := `[inventory: action="inspect" item="Potion of Healing" who="Corvin Vell" verdict="cannot-tell" note="Corvin Vell cannot tell"]`
	cases := []struct {
		name     string
		adv, dis []itemrules.Fits
		faces    []int
		want     string
	}{
		{"neither: 3+12 against 18", nil, nil, []int{3}, cannotTell},
		{"advantageIf met: the higher of 3 and 15, 27", level9, nil, []int{3, 15}, identified},
		{"advantageIf unmet: one die", level10, nil, []int{3}, cannotTell},
		{"disadvantageIf met: the lower of 15 and 3, 15", nil, level9, []int{15, 3}, cannotTell},
		{"disadvantageIf unmet: 15+12, by 9", nil, level10, []int{15}, identified},
		{"both met cancel out: one die", level9, level9, []int{15}, identified},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := town(t)
			tell := arcana(p)
			tell.AdvantageIf, tell.DisadvantageIf = c.adv, c.dis
			fake := p.RS.Items.ItemByRef("magic_items/potion-of-poison")
			p.Put(1, fake, "Potion of Healing", 1)
			if got := scripted(t, p, inspect, c.faces...); got.String() != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// Passive: Arcana DC 25 against 10+12; advantage (27) notices,
	// without it the manner (Insight 13) does; disadvantage on the
	// manner (8) lets the purchase through.
	passive := []struct {
		name   string
		adv    []itemrules.Fits
		manDis []itemrules.Fits
		want   string
	}{
		{"advantage: 27 against 25", level9, nil, arcanaSaw},
		{"no advantage: 22 against 25, then the manner", nil, nil, mannerSaw},
		{"no advantage, manner at disadvantage: 8 against 13", nil, level9, bought},
	}
	for _, c := range passive {
		t.Run("passive, "+c.name, func(t *testing.T) {
			p := town(t)
			tell := arcana(p)
			tell.DC, tell.Check.Difficulty, tell.AdvantageIf = 25, 25, c.adv
			p.RS.Items.Market.Seller("fence").Manner.DisadvantageIf = c.manDis
			if got := say(t, p, 301, fenceBuy); got.String() != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// The fence's own advantageIf (knows_trade 1): Corvin's passive
	// Insight 13 + 5 notices a manner at DC 17, without it not.
	for _, knows := range []float64{0, 1} {
		p := town(t)
		arcana(p).NeedsAny = level10 // keep Arcana out of it
		man := p.RS.Items.Market.Seller("fence").Manner
		man.DC, man.Check.Difficulty = 17, 17
		p.Members[1].Sheet.Fields = map[string]float64{"level": 9, "prof": 4, "knows_trade": knows}
		want := bought
		if knows == 1 {
			want = mannerSaw
		}
		if got := say(t, p, 301, fenceBuy); got.String() != want {
			t.Errorf("knows_trade %v: %s", knows, got)
		}
	}
}
