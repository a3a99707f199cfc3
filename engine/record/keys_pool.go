package record

import "fmt"

// Keys of a dice-pool check ([check: ... resolution="pool" ...]) and of the
// spends and charms that change a roll (spec/checks.md, "dice-pool",
// "Spending to change a roll", "A charm that changes a roll").
func init() {
	RegisterKeys(
		Key{Name: "sides", Type: Int, Doc: "The number of faces of one pool die. Always present on a pool check (resolution=\"pool\"); every face in rolls and faces lies from 1 to it."},
		Key{Name: "bonus", Type: Signed, Doc: "The dice the Game Master added or removed with bonus=, after the ruleset's situationalDice bounds. Present on a pool check when bonus= was offered and given."},
		Key{Name: "boughtDice", Type: Int, Doc: "Dice a spend or a charm added to a pool, as many as the pool's max left room for. Present when at least one was added."},
		Key{Name: "use", Type: Text, Doc: "The label of the catalog entry (a charm: mechanics.check) the character used on the check. Present only when the entry was chosen, readable and paid for."},
		Key{Name: "paid", Type: Text, Doc: `What the check debited from live pools for spends and charms, as "pool:points" pairs, comma-separated ("blood:3,resolve:1"). Present when something was paid; the pools are debited in the same step that rolls.`},
		Key{Name: "unpaid", Type: Text, Doc: `spend= offers that bought nothing, as "pool:points" offered: the pool could not pay it all, the points made no whole purchase, or the character's perCheck is 0. Nothing was bought or paid for them.`},
		Key{Name: "faces", Type: IntList, Doc: "The faces a pool counted, when a reroll changed some: the starting dice as the reroll left them, then the extra dice from explosions. rolls keeps every face thrown, in order."},
		Key{Name: "reroll", Type: Text, Doc: "The id of the ruleset's reroll entry the Game Master named with reroll=. Present only when that reroll is the one the check rolled and it rerolled something."},
		Key{Name: "rerolled", Type: Int, Doc: "How many dice the check's reroll threw again (a die rerolled several times counts once). Present when at least one was, whoever granted the reroll."},
		Key{Name: "exploded", Type: Int, Doc: "Extra dice thrown by explode (at most pool.max). Present when at least one was; they are the last ones in rolls."},
		Key{Name: "target", Type: Int, Doc: "The face each pool die had to reach (or, on a stance check, to be below or above). Always present on a pool check."},
		Key{Name: "threshold", Type: Int, Doc: "The per-die target when the check moved it from the ruleset's default: threshold=, the target of the rung the check was at, or a charm's threshold. With target.from it is always present and is the character's own number as used."},
		Key{Name: "stance", Type: Text, Doc: "The label of the stance whose skill was rolled: its dice counted below or above the target. Present on a stance check."},
		Key{Name: "explode", Type: Int, Doc: "The face at and above which dice exploded, when the check moved it (explode= on the tag, or a charm) from the ruleset's explode.from. Absent when the rule was read as written."},
		Key{Name: "double", Type: Int, Doc: "The face at and above which successes counted twice, when the check moved it (double= on the tag, or a charm) from the ruleset's double.from. Absent when the rule was read as written."},
		Key{Name: "successes", Type: Int, Doc: "A pool's net successes: successes counted on the dice (doubles twice), minus cancellations (never below zero), plus bought successes. Always present on a pool check."},
		Key{Name: "cancelled", Type: Int, Doc: "Successes removed by cancel faces. Present when at least one was."},
		Key{Name: "bought", Type: Int, Doc: "Successes a spend or a charm added after counting, since nobody rolled them. Present when at least one was."},
		Key{Name: "exact", Type: Int, Doc: "How many dice showed exactly the target, when the ruleset declares exact (Lasers & Feelings' LASER FEELINGS). Present when at least one did."},
		Key{Name: "complication", Type: Bool, Doc: `"true" when a halfOrMore botch went wrong alongside a result: half or more of the starting dice showed a botch face, but some die succeeded, so the result stands and something goes wrong as well.`},
	)
	RegisterInvariant("check", checkPoolRolls)
}

// checkPoolRolls holds a pool's faces inside its die, its counted faces to
// the dice it had (starting dice plus exploded ones), and its numbers to
// what a pool can say.
func checkPoolRolls(r Record) error {
	if res, _ := r.Get("resolution"); res != "pool" {
		return nil
	}
	sides, ok := r.Int("sides")
	if !ok || sides < 2 || sides > 100 {
		return fmt.Errorf(`a pool check carries sides= from 2 to 100`)
	}
	rolls, _ := Ints(r.Value("rolls"))
	for _, f := range rolls {
		if f < 1 || f > sides {
			return fmt.Errorf("roll %d is not a face of a d%d", f, sides)
		}
	}
	counted := rolls
	if v, ok := r.Get("faces"); ok {
		counted, _ = Ints(v)
		for _, f := range counted {
			if f < 1 || f > sides {
				return fmt.Errorf("face %d is not a face of a d%d", f, sides)
			}
		}
		if len(counted) > len(rolls) {
			return fmt.Errorf("%d counted faces but only %d dice thrown", len(counted), len(rolls))
		}
	}
	n, _ := r.Int("dice")
	x, _ := r.Int("exploded")
	if _, thrown := r.Get("rolls"); thrown && len(counted) != n+x {
		return fmt.Errorf("%d counted faces for dice=%d and exploded=%d", len(counted), n, x)
	}
	if t, ok := r.Int("target"); ok && (t < 1 || t > sides) {
		return fmt.Errorf("target %d is not a face of a d%d", t, sides)
	}
	if s, ok := r.Int("successes"); ok && s < 0 {
		return fmt.Errorf("successes %d is below zero", s)
	}
	if dc, ok := r.Int("dc"); ok && dc < 1 {
		return fmt.Errorf("a pool's dc is at least one success; got %d", dc)
	}
	if s, ok := r.Get("success"); ok {
		if c, ok := r.Get("critical"); ok && (c == "success") != (s == "true") {
			return fmt.Errorf("critical=%q disagrees with success=%q", c, s)
		}
	}
	return nil
}
