package mcp_test

import (
	"os"
	"strings"
	"testing"
)

// TestVocabularyInDocs: every argument of the engine's tools is an
// attribute docs/tags.md documents for that tag (in the tag's section;
// for the inventory actions of a market, in "place and the market"), so
// the tools' vocabulary and the tags' reference cannot drift apart.
func TestVocabularyInDocs(t *testing.T) {
	doc, err := os.ReadFile("../docs/tags.md")
	if err != nil {
		t.Fatal(err)
	}
	section := func(heading string) string {
		s := string(doc)
		i := strings.Index(s, "\n## "+heading)
		if i < 0 {
			t.Fatalf("docs/tags.md has no section %q", heading)
		}
		rest := s[i+4:]
		if j := strings.Index(rest, "\n## "); j >= 0 {
			rest = rest[:j]
		}
		return rest
	}
	headings := map[string][]string{
		"skill_check": {"`skill_check`"}, "roll_dice": {"`roll_dice`"}, "inventory": {"`inventory`", "`place` and the market"},
		"place": {"`place` and the market"}, "loot": {"`loot`"}, "fight": {"`fight`"}, "gear": {"`gear`"}, "sheet": {"`sheet`"},
	}
	checked := 0
	for _, dir := range []string{"../rulesets/gravewatch", "../rulesets/ember-roads", "../rulesets/d20-5e", "../rulesets/genesys"} {
		for _, tl := range openBundled(t, dir).Tools(false) {
			hs, ok := headings[tl.Tag]
			if !ok {
				continue // a plugin's tag: plugins.md, from its manifest
			}
			var text string
			for _, h := range hs {
				text += section(h)
			}
			for _, a := range tl.Args {
				name := strings.TrimRight(a.Name, "0123456789")
				if name != a.Name {
					name += "1" // choice1=, choice2=, ...: documented by the first
				}
				if !strings.Contains(text, "`"+name+"=") && !strings.Contains(text, " "+name+"=") && !strings.Contains(text, "`"+name+"`") {
					t.Errorf("%s (tag %s): argument %s is not in docs/tags.md's section for it", tl.Name, tl.Tag, a.Name)
				}
				checked++
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d arguments checked", checked)
	}
}
