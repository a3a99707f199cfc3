package odds_test

import (
	"encoding/json"
	"testing"

	"github.com/rulehost/rulehost/engine/odds"
)

// TestOddsDeterministic: the same check gives the same odds to the last
// bit, run after run (the enumerations never iterate a map).
func TestOddsDeterministic(t *testing.T) {
	for _, bc := range bundledCases {
		env, tg := bc.load(t)
		var first []byte
		for i := 0; i < 3; i++ {
			r, err := odds.ForCharacter(env.RS, env.Char, tg, odds.Options{Effects: env.Effects})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(r)
			if i == 0 {
				first = b
			} else if string(b) != string(first) {
				t.Fatalf("%s: run %d differs:\n%s\n%s", bc.name(), i, first, b)
			}
		}
	}
}
