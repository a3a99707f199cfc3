package record

import "fmt"

func init() {
	RegisterKeys(
		Key{Name: "against", Type: Text, Doc: `"at-most" or "at-least": how a roll-against check read its total against dc= (the target after difficulty). Present on every roll-against check, with resolution="against".`},
		Key{Name: "tens", Type: Signed, Doc: `Bonus ("+N") or penalty ("-N") tens dice a roll-against d100 rolled (Call of Cthulhu's bonus and penalty dice, from bonus= within tens.max). rolls then lists every candidate d100 result, the first die's first, and total is the one kept. Present only when not zero.`},
	)
	RegisterInvariant("check", checkAgainst)
}

// checkAgainst holds a roll-against record to its dice and its plain
// comparison: faces within the dice, the total from them, and success
// agreeing with total against dc when no band or critical decided it.
func checkAgainst(r Record) error {
	against, ok := r.Get("against")
	if !ok {
		return nil
	}
	if against != "at-most" && against != "at-least" {
		return fmt.Errorf(`against=%q: want "at-most" or "at-least"`, against)
	}
	count, sides, err := countSides(r.Value("dice"))
	if err != nil || count < 1 {
		return fmt.Errorf("dice=%q: want NdS", r.Value("dice"))
	}
	if r.Value("automatic") == "true" {
		// A save failed without a roll throws nothing.
		if r.Has("rolls") || r.Has("total") || r.Value("success") == "true" {
			return fmt.Errorf(`automatic="true" with rolls, a total or a success`)
		}
		return nil
	}
	rolls, _ := Ints(r.Value("rolls"))
	for _, f := range rolls {
		if f < 1 || f > sides {
			return fmt.Errorf("roll %d is not a face of a d%d", f, sides)
		}
	}
	total, _ := r.Int("total")
	if _, tens := r.Get("tens"); tens {
		found := false
		for _, f := range rolls {
			found = found || f == total
		}
		if !found {
			return fmt.Errorf("total=%d is none of the tens candidates %v", total, rolls)
		}
	} else {
		if len(rolls) != count {
			return fmt.Errorf("%d faces in rolls for %s", len(rolls), r.Value("dice"))
		}
		sum := 0
		for _, f := range rolls {
			sum += f
		}
		if sum != total {
			return fmt.Errorf("total=%d, but the dice add up to %d", total, sum)
		}
	}
	s, hasSuccess := r.Bool("success")
	c, hasCrit := r.Get("critical")
	if hasSuccess && hasCrit && (c == "success") != s {
		return fmt.Errorf("critical=%q disagrees with success=%v", c, s)
	}
	if _, banded := r.Get("outcome"); hasSuccess && !hasCrit && !banded {
		dc, _ := r.Int("dc")
		want := total <= dc
		if against == "at-least" {
			want = total >= dc
		}
		if s != want {
			return fmt.Errorf("success=%v, but %d read %s %d says %v", s, total, against, dc, want)
		}
	}
	return nil
}
