package sheet

import (
	"strings"
	"unicode"
)

// FindName finds the character a Game Master's who= names among names,
// by one rule used everywhere (the check command, sessions, inventory):
//
//  1. the whole name, in any case ("Dr. Imani Ellis");
//  2. a whole word of the name (or whole words in a row), when exactly
//     one character's name has it ("Imani", "Dr", "Imani Ellis"; a
//     word's punctuation is ignored);
//  3. a prefix of the name or of one of its words, when exactly one
//     character's name has it ("Ima", "Dr. Im").
//
// A name two characters answer to at the same step finds no one: the
// GM is asked to say more rather than the Engine guessing. An empty
// who finds no one (callers decide what an absent who= means).
func FindName(names []string, who string) (int, bool) {
	who = strings.TrimSpace(who)
	if who == "" {
		return -1, false
	}
	steps := []func(name string) bool{
		func(name string) bool { return strings.EqualFold(strings.TrimSpace(name), who) },
		func(name string) bool { return hasWord(name, who) },
		func(name string) bool { return hasPrefix(name, who) },
	}
	for _, match := range steps {
		found, n := -1, 0
		for i, name := range names {
			if match(name) {
				found, n = i, n+1
			}
		}
		switch {
		case n == 1:
			return found, true
		case n > 1:
			return -1, false
		}
	}
	return -1, false
}

// nameWords splits a name into words without their punctuation.
func nameWords(name string) []string {
	var out []string
	for _, w := range strings.Fields(name) {
		if w = strings.TrimFunc(w, isPunct); w != "" {
			out = append(out, w)
		}
	}
	return out
}

func isPunct(r rune) bool { return unicode.IsPunct(r) }

// hasWord reports whether who is a whole word of name, or a run of
// whole words in order ("Imani Ellis" in "Dr. Imani Ellis").
func hasWord(name, who string) bool {
	want, words := nameWords(who), nameWords(name)
	if len(want) == 0 {
		return false
	}
	for start := 0; start+len(want) <= len(words); start++ {
		if sameWords(words[start:start+len(want)], want) {
			return true
		}
	}
	return false
}

func sameWords(a, b []string) bool {
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}

func hasPrefix(name, who string) bool {
	if hasFoldPrefix(strings.TrimSpace(name), who) {
		return true
	}
	for _, w := range nameWords(name) {
		if hasFoldPrefix(w, who) {
			return true
		}
	}
	return false
}

func hasFoldPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
