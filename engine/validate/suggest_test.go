package validate

import "testing"

func TestSuggest(t *testing.T) {
	keys := []string{"abilities", "skills", "saves", "fields", "resolution", "criticalSuccess", "criticalFailure"}
	cases := map[string]string{
		"abilites": "abilities", "abilties": "abilities", "skils": "skills", "Skills": "skills",
		"critcalSuccess": "criticalSuccess", "resolutoin": "resolution", "sves": "saves",
		"zzz": "", "criticalFailures": "criticalFailure", "": "", "abilities": "",
	}
	for word, want := range cases {
		if got := Suggest(word, keys); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", word, got, want)
		}
	}
	// Two equally near options: no guess.
	if got := Suggest("cat", []string{"bat", "hat"}); got != "" {
		t.Errorf("tie: %q", got)
	}
	if got := DidYouMean("computr", []string{"computers", "computer"}); got != `; did you mean "computer"?` {
		t.Errorf("DidYouMean: %q", got)
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"abc", "acb", 1}, {"kitten", "sitting", 3}, {"abilites", "abilities", 1}} {
		if got := editDistance(c.a, c.b, 10); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}
