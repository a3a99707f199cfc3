package main

import (
	"os"
	"strconv"
	"testing"
)

func TestZIR(t *testing.T) {
	c := os.Getenv("ZIR_CASE")
	if c == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("ZIR_N"))
	pairs, err := buildPairs("../..")
	if err != nil {
		t.Fatal(err)
	}
	idx := map[string]int{"5e": 0, "pool": 1, "1d20": 2, "3d6": 3, "10d10": 4}[c[1:]]
	f := pairs[idx].rulehost
	if c[0] == 'j' {
		f = pairs[idx].peer
	}
	for i := 0; i < n; i++ {
		sink += f(i)
	}
}
