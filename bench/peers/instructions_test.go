package main

import (
	"os"
	"strconv"
	"testing"
)

// TestInstructions runs one side of one case PEERS_N times, for counting
// instructions under valgrind, which no load on a shared machine changes
// (docs/performance.md, "Instructions"). PEERS_CASE is r or j (rulehost
// or justinian) then the case: 5e, pool, 1d20, 3d6, 10d10; or r or j
// (plugin or native) then ref (reference-sum against native dice-sum) or
// opp (opposed-pool against two native pool checks). Without it the test
// is skipped.
func TestInstructions(t *testing.T) {
	c := os.Getenv("PEERS_CASE")
	if c == "" {
		t.Skip("set PEERS_CASE and PEERS_N (see docs/performance.md)")
	}
	n, _ := strconv.Atoi(os.Getenv("PEERS_N"))
	idx, ok := map[string]int{"5e": 0, "pool": 1, "1d20": 2, "3d6": 3, "10d10": 4, "ref": 100, "opp": 101}[c[1:]]
	if !ok || (c[0] != 'r' && c[0] != 'j') {
		t.Fatalf("PEERS_CASE=%q: want r or j, then 5e, pool, 1d20, 3d6, 10d10, ref or opp", c)
	}
	var pairs []pair
	var err error
	if idx >= 100 {
		var done func()
		pairs, done, err = pluginPairs("../..")
		if err == nil {
			defer done()
		}
		idx -= 100
	} else {
		pairs, err = buildPairs("../..")
	}
	if err != nil {
		t.Fatal(err)
	}
	f := pairs[idx].rulehost
	if c[0] == 'j' {
		f = pairs[idx].peer
	}
	for i := 0; i < n; i++ {
		sink += f(i)
	}
}
