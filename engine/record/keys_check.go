package record

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/dice"
)

func init() {
	RegisterTag("check", "the answer to [skill_check: ...]: one roll of a skill, save or ability")
	RegisterTag("refused", "an input the engine would not act on; reason= is the spec's code verbatim")
	RegisterKeys(
		Key{Name: "who", Type: Text, Doc: "The character who rolled or acted (their sheet's name). Always present on a check."},
		Key{Name: "skill", Type: Text, Doc: "The skill rolled, by its label. Present on a skill check."},
		Key{Name: "save", Type: Text, Doc: "The save rolled, by its label. Present on a save."},
		Key{Name: "ability", Type: Text, Doc: "The ability rolled, by its label. Present on an ability check."},
		Key{Name: "override", Type: Text, Doc: "The label of the resolution override this check rolled with. Present only when one applied."},
		Key{Name: "with", Type: Text, Doc: "The ability rolled instead of the usual one (or, for a pool ability check, added to it). Present only when with= replaced or added an ability."},
		Key{Name: "resolution", Type: Text, Doc: `How the check was read: "sum" (dice-sum, dice-highest, symbol-pool), "pool" (dice-pool), "against" (roll-against), or a plugin kind's name.`},
		Key{Name: "dice", Type: Text, Doc: `What was thrown: notation for a sum ("1d20", "4d3"), the number of dice for a pool or dice-highest.`},
		Key{Name: "mode", Type: Text, Doc: `"advantage" or "disadvantage" when the check was thrown twice and one throw kept. Absent when sources cancelled or the ruleset has no advantage.`},
		Key{Name: "rolls", Type: IntList, Doc: "Every die face thrown, in the order thrown (both throws with advantage; an open-ended chain in order)."},
		Key{Name: "kept", Type: IntList, Doc: "The faces of the throw that was kept. Present with mode=."},
		Key{Name: "openEnded", Type: Text, Doc: `"high" or "low" when an open-ended die chained; the extra dice are in rolls after the first.`},
		Key{Name: "modifier", Type: Int, Doc: "The sheet number added to the dice: ability modifier, tier bonus, per-skill bonus and adjustments (before item and condition effects)."},
		Key{Name: "effects", Type: Signed, Doc: "What conditions and items added to the check (a number for a sum, dice for a pool). Present only when that is not zero; from= names what changed it."},
		Key{Name: "from", Type: Text, Doc: "The labels of what changed the check (conditions, levels, items), comma-separated. Present whenever something changed the check: with effects=, with automatic=, or alone when a source only gave advantage or disadvantage."},
		Key{Name: "automatic", Type: Bool, Doc: `"true" when a save failed without a roll because a condition or item fails it.`},
		Key{Name: "total", Type: Int, Doc: "The result compared to the difficulty: the dice (kept throw) plus modifier plus effects."},
		Key{Name: "difficulty", Type: Text, Doc: "The label of the ladder rung the GM named with difficulty=. Present only when a rung was found."},
		Key{Name: "dc", Type: Int, Doc: "The number the check had to reach (a sum), the successes needed (a pool), or the number read against (roll-against). Absent when no difficulty was given."},
		Key{Name: "natural", Type: Text, Doc: `"max" or "min" when the first die showed its highest or lowest face and a naturals rule or band shift read it.`},
		Key{Name: "unmodified", Type: Int, Doc: "The face of the first die when it is one the ruleset's unmodified list flags."},
		Key{Name: "outcome", Type: Text, Doc: "The label of the outcome band the check landed in. Present when the ruleset declares bands and the band could be read."},
		Key{Name: "success", Type: Bool, Doc: "Whether the check succeeded; follows the band when there are bands. Absent when nothing said what success was (no dc, no bands)."},
		Key{Name: "critical", Type: Text, Doc: `"success" or "failure" when the check was a critical of that kind.`},
		Key{Name: "ignored", Type: Text, Doc: "Tag attributes the check did not use (not offered by the ruleset, or unreadable), comma-separated. The check still rolled."},
		Key{Name: "action", Type: Text, Doc: "On a refusal: what was refused (skill_check, pay, add, ...)."},
		Key{Name: "reason", Type: Text, Doc: "On a refusal: the reason code, verbatim from the spec where it names one (cannot-afford, not-ruleset-item, plugin-error, ...)."},
		Key{Name: "kind", Type: Text, Doc: "On a refusal: the resolution kind that could not answer."},
		Key{Name: "note", Type: Text, Doc: "On a refusal: what to do about it, in words."},
		Key{Name: "plugin", Type: Text, Doc: "On a plugin-error refusal: the plugin at fault."},
	)
	RegisterInvariant("check", checkSumRolls)
	RegisterInvariant("check", checkCritical)
}

// checkSumRolls holds a summed check's faces inside its dice and its kept
// faces to faces actually thrown.
func checkSumRolls(r Record) error {
	res, _ := r.Get("resolution")
	if res != "sum" {
		return nil
	}
	rolls, _ := Ints(r.Value("rolls"))
	if d, ok := r.Get("dice"); ok {
		if n, err := dice.ParseNotation(d); err == nil {
			for _, f := range rolls {
				if f < 1 || f > n.Sides {
					return fmt.Errorf("roll %d is not a face of %s", f, d)
				}
			}
		}
	}
	if k, ok := r.Get("kept"); ok {
		kept, _ := Ints(k)
		left := map[int]int{}
		for _, f := range rolls {
			left[f]++
		}
		for _, f := range kept {
			if left[f] == 0 {
				return fmt.Errorf("kept face %d was not thrown", f)
			}
			left[f]--
		}
	}
	return nil
}

// checkCritical holds critical= to success=.
func checkCritical(r Record) error {
	c, ok := r.Get("critical")
	if !ok {
		return nil
	}
	if c != "success" && c != "failure" {
		return fmt.Errorf(`critical=%q: want "success" or "failure"`, c)
	}
	if s, ok := r.Get("success"); ok && (c == "success") != (s == "true") {
		return fmt.Errorf("critical=%q disagrees with success=%q", c, s)
	}
	return nil
}

// CheckOutcome holds a check's success= to its outcome band: bands maps
// each band label to whether it is a success. Plugins' records pass this
// too, with the ruleset's bands.
func CheckOutcome(r Record, bands map[string]bool) error {
	label, ok := r.Get("outcome")
	if !ok {
		return nil
	}
	want, known := bands[label]
	if !known {
		return fmt.Errorf("record %s: outcome %q is not one of the ruleset's bands", r.Name, label)
	}
	if s, ok := r.Bool("success"); ok && s != want {
		return fmt.Errorf("record %s: outcome %q is %s, but success=%v", r.Name, label, map[bool]string{true: "a success", false: "a failure"}[want], s)
	}
	return nil
}
