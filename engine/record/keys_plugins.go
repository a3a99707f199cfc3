package record

import (
	"fmt"
	"strconv"
)

// Keys of the records bundled plugins write: the opposed-pool plugin's
// [opposed: ...] record and the wild-die kind's check attributes. Plugin
// records pass the same schema as native ones, so every key a bundled
// plugin writes is declared here.
func init() {
	RegisterTag("opposed", "the answer to [opposed_check: ...] (opposed-pool plugin): two characters roll pools at once and compare net successes")
	RegisterKeys(
		Key{Name: "vs", Type: Text, Doc: "The opposing character (their sheet's name). Always present on an opposed record.", Tags: []string{"opposed"}},
		Key{Name: "vsSkill", Type: Text, Doc: "What the opposing character rolled (skill, save or ability label). Always present on an opposed record.", Tags: []string{"opposed"}},
		Key{Name: "vsDice", Type: Text, Doc: "The number of dice the opposing character threw. Always present on an opposed record.", Tags: []string{"opposed"}},
		Key{Name: "vsRolls", Type: IntList, Doc: "The opposing character's faces, in the order thrown (after the roller's). Always present on an opposed record.", Tags: []string{"opposed"}},
		Key{Name: "vsSuccesses", Type: Int, Doc: "The opposing character's successes (faces at or above target). Always present on an opposed record.", Tags: []string{"opposed"}},
		Key{Name: "target", Type: Int, Doc: "The face a pool die must reach to count as a success.", Tags: []string{"opposed"}},
		Key{Name: "successes", Type: Int, Doc: "How many dice reached the target.", Tags: []string{"opposed"}},
		Key{Name: "net", Type: Signed, Doc: "The roller's successes minus the opposing character's. Always present on an opposed record.", Tags: []string{"opposed"}},
		Key{Name: "winner", Type: Text, Doc: `Who won the opposed roll: the roller's or the opponent's name, or "tie" when the plugin's config leaves ties standing. Always present on an opposed record.`, Tags: []string{"opposed"}},
		Key{Name: "tie", Type: Text, Doc: `How a tie was settled: "defender" (the opponent wins), "attacker" (the roller wins) or "standoff" (nobody does). Present only when net successes were equal.`, Tags: []string{"opposed"}},
		Key{Name: "wild", Type: IntList, Doc: `The wild die's faces on a wild-die (OpenD6) check: its first throw, then each re-roll after a 6, in order. Present on every wild-die check.`},
		Key{Name: "wildRemoved", Type: IntList, Doc: `The faces a wild-die complication took out of the total: the wild die's 1 and the highest other die. Present only when the ruleset's wild.complication is "remove" and the wild die's first throw was a 1.`},
		Key{Name: "complication", Type: Bool, Doc: `"true" when something goes wrong alongside the result: a wild die's first throw of 1 (wild-die), a halfOrMore botch that let the result stand (dice-pool).`},
	)
	RegisterInvariant("opposed", checkOpposed)
}

// checkOpposed holds an opposed record's net to its two success counts and
// its winner to the net.
func checkOpposed(r Record) error {
	a, okA := r.Int("successes")
	b, okB := r.Int("vsSuccesses")
	if !okA || !okB {
		return fmt.Errorf("an opposed record needs successes= and vsSuccesses=")
	}
	if net, ok := r.Get("net"); ok {
		n, err := strconv.Atoi(net)
		if err != nil || n != a-b {
			return fmt.Errorf("net=%q is not successes %d minus vsSuccesses %d", net, a, b)
		}
	}
	w, ok := r.Get("winner")
	if !ok {
		return fmt.Errorf("an opposed record names its winner=")
	}
	who, vs := r.Value("who"), r.Value("vs")
	switch {
	case a > b && w != who:
		return fmt.Errorf("winner=%q but %q has more successes", w, who)
	case a < b && w != vs:
		return fmt.Errorf("winner=%q but %q has more successes", w, vs)
	case a == b && !r.Has("tie"):
		return fmt.Errorf("equal successes without tie=")
	}
	return nil
}
