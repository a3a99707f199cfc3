package validate

import (
	"strings"
	"sync/atomic"
	"unicode/utf8"
)

// Suggest returns the option nearest to word by edit distance (case
// ignored), when it is near enough to be a typo: at most a third of the
// word's letters apart, and at least 1, and nearer than any other option.
// "" when nothing is that near or two options tie.
//
// A file can hold thousands of mistakes against thousands of names (a
// catalog of 5,000 items and 2,400 bad refs took 35 s to suggest for), so
// one call weighs at most MaxSuggestCompared options of a near length,
// and an option whose length alone puts it too far costs no distance.
func Suggest(word string, options []string) string {
	w := strings.ToLower(word)
	n := utf8.RuneCountInString(w)
	limit := max(1, n/3)
	best, bestD, tie := "", limit+1, false
	compared := 0
	for _, o := range options {
		if d := utf8.RuneCountInString(o) - n; d > limit || -d > limit {
			continue
		}
		if compared++; compared > MaxSuggestCompared {
			break
		}
		distances.Add(1)
		d := editDistance(w, strings.ToLower(o), limit)
		switch {
		case d < bestD:
			best, bestD, tie = o, d, false
		case d == bestD && o != best:
			tie = true
		}
	}
	if best == "" || tie || bestD == 0 && best == word {
		return ""
	}
	return best
}

// MaxSuggestCompared bounds the options one Suggest weighs by distance.
const MaxSuggestCompared = 256

// distances counts editDistance calls, for the test that bounds them.
var distances atomic.Int64

// DidYouMean is Suggest phrased for a message: `; did you mean "x"?` or "".
func DidYouMean(word string, options []string) string {
	if s := Suggest(word, options); s != "" {
		return `; did you mean "` + s + `"?`
	}
	return ""
}

// editDistance is the Damerau-Levenshtein (optimal string alignment)
// distance between a and b, counted in runes; a transposition of two
// neighbours counts one ("abilites" is 1 from "abilities"). It gives up
// past limit, returning limit+1, so long unrelated words cost little.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	if len(ra) > 256 || len(rb) > 256 {
		return limit + 1
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
