package market_test

import (
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestHostileCounts: a buy or sell whose count= is huge, negative, zero,
// past an int or not a number is refused as bad-count and changes
// nothing; the largest count allowed (itemrules.MaxStack) is answered at
// once (refused for want of coins or stock, not looped over).
func TestHostileCounts(t *testing.T) {
	base := town(t)
	for _, action := range []string{"buy", "sell"} {
		for _, n := range []string{"1000000", "99999999999999999999999", "-1", "0", "1e3", "2.5", " "} {
			if strings.TrimSpace(n) == "" {
				continue // no count is one
			}
			p := base.Clone()
			before := state(t, p)
			r := say(t, p, 1, `[inventory: action="`+action+`" item="Potion of Healing" seller="Fence" count="`+n+`"]`)
			if reason, _ := r.Get("reason"); r.Name != "refused" || reason != market.BadCount {
				t.Errorf("%s count=%q: %s", action, n, r)
			}
			if state(t, p) != before {
				t.Errorf("%s count=%q changed the party", action, n)
			}
		}
		p := base.Clone()
		before := state(t, p)
		start := time.Now()
		r := say(t, p, 1, `[inventory: action="`+action+`" item="Potion of Healing" seller="Fence" count="999999"]`)
		if r.Name != "refused" || state(t, p) != before {
			t.Errorf("%s count=999999: %s", action, r)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s count=999999 took %v", action, d)
		}
	}
}

// TestHostilePlace: a [place:] tag the Game Master writes badly is
// answered within the record schema: a name as long as a tag value may
// be, many new days in one reply (each its own, the last in force), and
// an attribute given twice (read as the tag parser reads it, the same on
// every replay).
func TestHostilePlace(t *testing.T) {
	t.Run("a name as long as a tag value", func(t *testing.T) {
		p := base(t)
		long := strings.Repeat("M", tag.MaxTagLen-64)
		r := say(t, p, 1, `[place: name="`+long+`" size="town"]`)
		if r.Name != "place" || market.State(p).Place != long {
			t.Fatalf("a long name: %.80s", r)
		}
	})
	t.Run("many new days in one reply", func(t *testing.T) {
		var text strings.Builder
		for i := 0; i < 200; i++ {
			text.WriteString(`[place: name="Saltmarsh" size="town" day="new"] `)
		}
		s := session.New(base(t).RS, sheetsOf(base(t)), 5)
		reply, err := s.Append(session.GMReply, text.String())
		if err != nil {
			t.Fatal(err)
		}
		if n := len(reply.Records); n != 200 {
			t.Fatalf("%d records for 200 tags", n)
		}
		if st := market.State(s.State().Party); st.Day != 200 {
			t.Fatalf("day %d after 200 new days", st.Day)
		}
	})
	t.Run("an attribute given twice", func(t *testing.T) {
		text := `[place: name="Saltmarsh" name="Waterdeep" size="town" size="city"]`
		if _, err := tag.Parse(text); err == nil || !strings.Contains(err.Error(), "given twice") {
			t.Fatalf("the parser took it: %v", err)
		}
		s := session.New(base(t).RS, sheetsOf(base(t)), 5)
		if _, err := s.Append(session.GMReply, text); err != nil {
			t.Fatal(err)
		}
		if st := market.State(s.State().Party); st != nil && (st.Place != "" || st.Day != 0) {
			t.Fatalf("a place from a tag the parser refuses: %+v", st)
		}
	})
}

// TestSellerNamedTwice: a buy that names its seller twice never reaches
// the market (the tag parser refuses it); one that names a seller in
// another case, or a list of sellers, is answered the same way on every
// replay and within the schema, and a refusal changes nothing.
func TestSellerNamedTwice(t *testing.T) {
	if _, err := tag.Parse(`[inventory: action="buy" item="Potion of Healing" seller="Fence" seller="apothecary"]`); err == nil {
		t.Fatal("the parser took seller= twice")
	}
	base := town(t)
	for _, tg := range []string{
		`[inventory: action="buy" item="Potion of Healing" seller="FENCE"]`,
		`[inventory: action="buy" item="Potion of Healing" seller="Fence, Fence"]`,
		`[inventory: action="buy" item="Potion of Healing" seller="Fence" who="Corvin, Corvin"]`,
	} {
		a, b := base.Clone(), base.Clone()
		ra, rb := say(t, a, 1, tg), say(t, b, 1, tg)
		if ra.String() != rb.String() || state(t, a) != state(t, b) {
			t.Errorf("%s: answered two ways:\n%s\n%s", tg, ra, rb)
		}
		if ra.Name == "refused" {
			if reason, _ := ra.Get("reason"); reason != market.Held && state(t, a) != state(t, base) {
				t.Errorf("%s: a refusal changed the party: %s", tg, ra)
			}
		}
	}
}

// TestTwoUnmaskingsInOneReply: one reply in which two changes each bring
// a fake out on the sheet says each on its own change's answer, once; a
// later change says nothing more of them.
func TestTwoUnmaskingsInOneReply(t *testing.T) {
	s, recs := foldOdd(t, `[inventory: action="buy" item="Warding mitt" seller="glover"]`,
		`[inventory: action="equip" item="Warding mitt"] [inventory: action="buy" item="Lucky charm" seller="pedlar"]`,
		`[inventory: action="earn" amount="1 shilling"]`)
	if len(recs[1]) != 2 {
		t.Fatalf("the reply's records: %v", recs[1])
	}
	if !strings.HasSuffix(recs[1][0], ` unmasked="Warding mitt: really Biting mitt"]`) {
		t.Errorf("the equip: %s", recs[1][0])
	}
	if !strings.HasSuffix(recs[1][1], ` unmasked="Lucky charm: really False charm"]`) {
		t.Errorf("the purchase: %s", recs[1][1])
	}
	if strings.Contains(strings.Join(recs[2], " "), "unmasked") {
		t.Errorf("found out again: %v", recs[2])
	}
	bag := bagText(s.State().Party, 0)
	if !strings.Contains(bag, "Biting mitt×1") || !strings.Contains(bag, "False charm×1") {
		t.Errorf("the bag: %s", bag)
	}
}

// base is the bundled 5e party, with no place yet.
func base(t testing.TB) *items.Party { return party(t, "d20-5e") }

// sheetsOf is a party's sheets, to start a session with.
func sheetsOf(p *items.Party) []*sheet.Sheet {
	out := make([]*sheet.Sheet, len(p.Members))
	for i, m := range p.Members {
		out[i] = m.Sheet
	}
	return out
}

// TestInspectUnknownMeans: with= naming none of items.revealsFakes
// (spec/items.md "Unmasking fakes") is refused with unknown-means, lists
// the means there are, changes nothing and spends no attempt.
func TestInspectUnknownMeans(t *testing.T) {
	p := town(t)
	fake := p.RS.Items.ItemByRef("magic_items/potion-of-poison")
	p.Put(1, fake, "Potion of Healing", 1)
	before := state(t, p)
	r := rolled(t, p, `[inventory: action="inspect" item="Potion of Healing" who="Corvin" with="True Seeing"]`)
	want := `[refused: action="inspect" reason="unknown-means" with="True Seeing" note="means of unmasking fakes: Identify, Detect Poison and Disease"]`
	if r.String() != want {
		t.Fatalf("got  %s\nwant %s", r, want)
	}
	if state(t, p) != before {
		t.Fatal("an unknown means changed the party")
	}
	if r := rolled(t, p, `[inventory: action="inspect" item="Potion of Healing" who="Corvin"]`, 19); r.Name != "inventory" {
		t.Fatalf("an unknown means spent the try: %s", r)
	}
}
