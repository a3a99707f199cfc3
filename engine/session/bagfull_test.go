package session_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
)

// One reply adding more distinct items than a bag holds stacks: every add
// the bag takes says placed=, every one past the limit is refused with a
// reason and changes nothing; no record says placed= for a dropped item.
func TestBagStackLimit(t *testing.T) {
	rs, sheets := ember(t)
	s := session.New(rs, sheets, 1)
	var b strings.Builder
	for i := 0; i < items.MaxStacksPerBag+5; i++ {
		fmt.Fprintf(&b, `[inventory: action="add" item="Pebble %d" who="Tamsin"] `, i)
	}
	r, err := s.Append(session.GMReply, b.String())
	if err != nil {
		t.Fatal(err)
	}
	placed, refused := 0, 0
	for _, rec := range r.Records {
		if err := record.Check(rec); err != nil {
			t.Fatal(err)
		}
		switch {
		case rec.Name == "refused" && rec.Value("reason") == "bag-full":
			refused++
		case rec.Has("placed"):
			placed++
		default:
			t.Fatalf("unexpected record %s", rec)
		}
	}
	held := len(s.State().Party.Members[0].Bag)
	if held != items.MaxStacksPerBag || placed+refused != items.MaxStacksPerBag+5 {
		t.Fatalf("placed %d, refused %d, stacks held %d", placed, refused, held)
	}
	pebbles := 0
	for _, st := range s.State().Party.Members[0].Bag {
		if strings.HasPrefix(st.Name, "Pebble ") {
			pebbles++
		}
	}
	if pebbles != placed {
		t.Fatalf("%d records say placed, %d pebbles are in the bag", placed, pebbles)
	}
	// Giving to the full bag gives nothing rather than dropping it.
	r, _ = s.Append(session.GMReply, `[inventory: action="add" item="Odd stone" who="Orrin"] [inventory: action="give" item="Odd stone" who="Orrin" to="Tamsin"]`)
	if got := r.Records[1]; got.Name != "refused" || len(s.State().Party.Members[0].Bag) != items.MaxStacksPerBag {
		t.Fatalf("give to a full bag: %s", got)
	}
}
