package sheet_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/sheet"
)

// TestFindName: the whole name, then a whole word of exactly one name,
// then a unique prefix; anything two characters answer to finds no one.
func TestFindName(t *testing.T) {
	names := []string{"Dr. Imani Ellis", "Bram the Quiet", "Maud Hollin", "Maude Ellis"}
	cases := []struct {
		who  string
		want int
	}{
		{"Dr. Imani Ellis", 0}, {"dr. imani ellis", 0}, {"Imani", 0}, {"imani", 0}, {"Dr.", 0}, {"Dr", 0},
		{"Bram", 1}, {"Quiet", 1}, {"the", 1}, {"Maud", 2}, {"Hollin", 2}, {"Maude", 3},
		{"Ima", 0}, {"Dr. Im", 0}, {"Br", 1}, {"Holl", 2},
		{"Ellis", -1}, // two characters have the word
		{"Mau", -1},   // a prefix of two names
		{"Imani Ellis", 0}, {"the quiet", 1}, {"Zed", -1}, {"", -1}, {"  ", -1}, {"...", -1},
	}
	for _, c := range cases {
		got, ok := sheet.FindName(names, c.who)
		if (c.want < 0 && ok) || (c.want >= 0 && (!ok || got != c.want)) {
			t.Errorf("FindName(%q) = %d, %v; want %d", c.who, got, ok, c.want)
		}
	}
}
