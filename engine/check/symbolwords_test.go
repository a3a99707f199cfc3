package check

import (
	"strings"
	"testing"
)

// TestSymbolWordsAsFieldsFunc holds symbolWords to strings.FieldsFunc
// with the same separators, on texts built from separators, letters and
// bytes of longer UTF-8 characters in every order up to five bytes.
func TestSymbolWordsAsFieldsFunc(t *testing.T) {
	sep := func(r rune) bool { return r == ' ' || r == '\t' || r == ',' || r == '+' || r == '\n' }
	alphabet := []string{" ", "\t", ",", "+", "\n", "a", "Z", "2", "é", "\u212a", "\xff", "vs"}
	var texts []string
	var build func(prefix string, n int)
	build = func(prefix string, n int) {
		texts = append(texts, prefix)
		if n == 0 {
			return
		}
		for _, a := range alphabet {
			build(prefix+a, n-1)
		}
	}
	build("", 4)
	texts = append(texts, "2 ability 1 proficiency vs 2 difficulty", "1 boost, 2 setback+1 challenge")
	for _, text := range texts {
		got := symbolWords(nil, text)
		want := strings.FieldsFunc(text, sep)
		if len(got) != len(want) {
			t.Fatalf("%q: %q, FieldsFunc %q", text, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%q: %q, FieldsFunc %q", text, got, want)
			}
		}
	}
}
