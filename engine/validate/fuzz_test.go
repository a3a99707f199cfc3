package validate

import (
	"strings"
	"testing"
)

// FuzzSuggest: a suggestion never panics, is always one of the options,
// and never the word itself.
func FuzzSuggest(f *testing.F) {
	f.Add("abilites", "abilities|skills|saves")
	f.Add("critcalSuccess", "criticalSuccess|criticalFailure")
	f.Add("", "|")
	f.Add("ééé", "éé|ééé")
	f.Fuzz(func(t *testing.T, word, list string) {
		options := strings.Split(list, "|")
		s := Suggest(word, options)
		if s == "" {
			return
		}
		found := false
		for _, o := range options {
			found = found || o == s
		}
		if !found || s == word {
			t.Fatalf("Suggest(%q, %q) = %q", word, options, s)
		}
	})
}
