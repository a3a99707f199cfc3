package main

import "testing"

// TestPairsDoTheWork holds every case to doing what it claims once: the
// rulehost side answers with a record (checkWork and rollWork panic
// otherwise) and the peer parses its expression.
func TestPairsDoTheWork(t *testing.T) {
	pairs, err := buildPairs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) != 6 {
		t.Fatalf("%d cases, want 6", len(pairs))
	}
	plugins, done, err := pluginPairs("../..")
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	pairs = append(pairs, plugins...)
	for _, p := range pairs {
		if n := p.rulehost(1); n == 0 {
			t.Errorf("%s: rulehost printed nothing", p.name)
		}
		if n := p.peer(1); n == 0 {
			t.Errorf("%s: justinian printed nothing", p.name)
		}
	}
}
