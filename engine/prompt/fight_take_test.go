package prompt_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// The fight section teaches op="move" in every fight and style="take"
// only where fighters have a number (Gravewatch's pool.hardness), and
// what it teaches is answered, never refused.
func TestFightTeachesMoveAndTake(t *testing.T) {
	g := find(t, "gravewatch")
	s := g.play(t, filepath.Join(g.dir, "transcripts", "06-the-grave-spade.txt"))
	text := fightText(t, g, s)
	for _, want := range []string{`- move: who="Name" distance="N"`, `style="take" for a strike that takes`} {
		if !strings.Contains(text, want) {
			t.Errorf("gravewatch's fight section lacks %q:\n%s", want, text)
		}
	}
	answerAll(t, s, "gravewatch", []string{
		`[fight: op="start" foes="Grave wight"]`,
		`[fight: op="move" who="Bram" distance="1"]`,
		`[fight: op="attack" who="Bram" weapon="Grave spade" target="Grave wight" style="take"]`,
	})
	e := find(t, "ember-roads")
	text = fightText(t, e, e.play(t, filepath.Join(e.dir, "transcripts", "01-the-ford.txt")))
	if !strings.Contains(text, `- move: who="Name"`) || strings.Contains(text, `style="take"`) {
		t.Errorf("ember-roads (no number) teaches move and never take:\n%s", text)
	}
}
