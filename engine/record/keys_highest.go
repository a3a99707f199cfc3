package record

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

func init() {
	RegisterKeys(
		Key{Name: "highest", Type: Int, Doc: `How many of the highest dice were kept and added up for the total (the ruleset's keep: 1 for Blades, 2 for Trophy Dark's fights); with zeroDice="true" the lower of the two fallback dice was kept instead. Present on every dice-highest check; the record otherwise keeps the shape of a sum (resolution="sum", modifier="0", total= the kept dice).`},
		Key{Name: "zeroDice", Type: Bool, Doc: `"true" when the roller had no dice (no light dice, with darkOutcome="light"): either two were rolled and the lower kept (never a critical), or, with zeroDice "fail", the check failed without rolling them (no total). Present only then.`},
		Key{Name: "dark", Type: Int, Doc: "How many dark dice the GM added with dark=N (after dark.max). They are the last dark= faces of rolls. Present only when dark dice were rolled."},
		Key{Name: "darkOutcome", Type: Text, Doc: `"light" when only the light dice decided the kept dice, the total, the band and the critical (dark.outcome "light"), so the card highlights only the kept light dice. Present only with dark=.`},
		Key{Name: "darkHighest", Type: Bool, Doc: `"true" when a dark die strictly beat every light die (fallback light dice included; with no light die rolled, any dark die). The cost (Trophy Dark's Ruin) is for the GM to apply. Present only when true.`},
		Key{Name: "bonus", Type: Signed, Doc: "The situational dice the GM added or removed with bonus= on a dice-highest check, after situationalDice's bounds. Present only when not zero."},
	)
	RegisterInvariant("check", checkHighest)
}

// checkHighest holds a dice-highest record to its dice: faces within the
// die, the dark dice among the faces, and the total equal to the kept dice.
func checkHighest(r Record) error {
	keep, ok := r.Int("highest")
	if !ok {
		return nil
	}
	if keep < 1 || keep > 3 {
		return fmt.Errorf("highest=%d: a dice-highest check keeps 1 to 3 dice", keep)
	}
	count, sides, err := countSides(r.Value("dice"))
	if err != nil {
		return fmt.Errorf("dice=%q: %v", r.Value("dice"), err)
	}
	rolls, _ := Ints(r.Value("rolls"))
	for _, f := range rolls {
		if f < 1 || f > sides {
			return fmt.Errorf("roll %d is not a face of a d%d", f, sides)
		}
	}
	dark, _ := r.Int("dark")
	zero := r.Value("zeroDice") == "true"
	_, hasTotal := r.Get("total")
	light := count
	switch {
	case zero && !hasTotal:
		light = 0
	case zero:
		light = 2
	}
	if dark < 0 || len(rolls) != light+dark {
		return fmt.Errorf("%d faces in rolls, want %d light and %d dark", len(rolls), light, dark)
	}
	if !hasTotal {
		return nil
	}
	total, _ := r.Int("total")
	deciding := rolls
	if r.Value("darkOutcome") == "light" {
		deciding = rolls[:light]
	}
	want := 0
	if zero {
		want = min(rolls[0], rolls[1])
	} else {
		sorted := append([]int(nil), deciding...)
		sort.Sort(sort.Reverse(sort.IntSlice(sorted)))
		for i := 0; i < keep && i < len(sorted); i++ {
			want += sorted[i]
		}
	}
	if total != want {
		return fmt.Errorf("total=%d, but the kept dice add up to %d", total, want)
	}
	return nil
}

// countSides reads "NdS" allowing N = 0 (a dice-highest roller with no dice).
func countSides(s string) (int, int, error) {
	c, sd, ok := strings.Cut(strings.ToLower(s), "d")
	if !ok {
		return 0, 0, fmt.Errorf("want NdS")
	}
	n, err1 := strconv.Atoi(c)
	m, err2 := strconv.Atoi(sd)
	if err1 != nil || err2 != nil || n < 0 || m < 1 {
		return 0, 0, fmt.Errorf("want NdS")
	}
	return n, m, nil
}
