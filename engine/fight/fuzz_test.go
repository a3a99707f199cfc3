package fight_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/session"
)

// FuzzFightTags: any [fight:] tag, in a Gravewatch (pool) or Ember Roads
// (summed) fight with the bundled weapons at hand, never panics, never
// gives a record the schema refuses (an engine-error), and a refusal
// changes neither the bags nor the fight.
func FuzzFightTags(f *testing.F) {
	for _, s := range []string{
		`[fight: op="attack" who="Bram" weapon="Grave spade" target="Grave wight 1"]`,
		`[fight: op="attack" who="Maud" weapon="Watch pistol" target="Grave wight 2"]`,
		`[fight: op="attack" who="Maud" weapon="Silver coffin nail, off hand" target="Grave wight 2"]`,
		`[fight: op="attack" who="Grave wight 1" attack="claws" target="Bram"]`,
		`[fight: op="reload" who="Maud" weapon="Watch pistol"]`,
		`[fight: op="use" who="Maud" item="Dawn bell" target="Grave wight 1"]`,
		`[fight: op="toggle" who="Maud" item="Storm lantern"]`,
		`[fight: op="round"]`,
		`[fight: op="end" outcome="won"]`,
		`[fight: op="start" foes="3 Marsh hound, Grave wight"]`,
		`[fight: op="attack" who="Wren" weapon="Hunting bow" mode="volley" target="Ash wolf, Road bandit" from="Arrows" counted="3"]`,
		`[fight: op="attack" who="Tamsin" hand="off" target="Cinder shade"]`,
		`[fight: op="attack" who="Orrin" weapon="Boar spear" target="Ash wolf"]`,
		`[fight: op="move" who="Wren" distance="4"] [fight: op="move" who="Wren" distance="3"]`,
		`[fight: op="move" who="Ash wolf" distance="1e6"]`,
		`[fight: op="move" who="Bram" distance="-0"]`,
		`[fight: op="attack" who="Maud" weapon="Silver coffin nail" target="Grave wight 1" style="take"] [fight: op="attack" who="Bram" style=" TAKE "]`,
		`[fight: op="auto" who="Wren"] [fight: op="auto" who="Wren" target="Ash wolf"] [fight: op="auto" who="Ash wolf"]`,
		`[fight: op="auto" who="Bram" target="Grave wight 9"] [fight: op="auto" who="Maud" target=""]`,
		`[fight: op="start" foes="1000000000 Ash wolf"]`,
		`[fight: op="attack" who="Wren" who="Tamsin" weapon="Hunting bow" weapon="Hand axe" target="Ash wolf"]`,
		`[fight: op="end" outcome="fled"] [fight: op="start" foes="Marsh hound, 9223372036854775807 Grave wight, Ash wolf, 9223372036854775807 Ash wolf"]`,
		`[fight: op="end" outcome="fled"] [fight: op="start" foes="Grave wight, grave WIGHT, 2 Grave wight, Ash wolf, Ash wolf"]`,
		`[fight: op="attack" who="Wren" target="Ash wolf" distance="NaN"] [fight: op="move" who="Bram" distance="Inf"]`,
		`[fight: op="use" who="Maud" item="Dawn bell" target="Grave wight 1, Grave wight 1, grave wight 1"]`,
		`[fight: op="use" who="Tamsin" item="Poultice" target="Orrin, Orrin"] [fight: op="reload" who="Grave wight 1" weapon="claws"]`,
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, text string, pool bool) {
		var s *session.Session
		if pool {
			s = game(t, "gravewatch", 9)
			gm(t, s, `[inventory: action="equip" item="Grave spade" who="Bram"] [inventory: action="add" item="Watch pistol" who="Maud"] [inventory: action="add" item="Shot and powder" count="2" who="Maud"] [inventory: action="equip" item="Watch pistol" who="Maud"] [inventory: action="add" item="Silver coffin nail" who="Maud"] [inventory: action="equip" item="Silver coffin nail" who="Maud"]`)
			gm(t, s, `[fight: op="start" foes="2 Grave wight"]`)
		} else {
			s = game(t, "ember-roads", 9)
			gm(t, s, `[inventory: action="equip" item="Hunting bow" who="Wren"] [inventory: action="add" item="Arrows" count="3" who="Wren"] [inventory: action="equip" item="Hand axe" who="Tamsin"] [inventory: action="equip" item="Boar spear" who="Orrin"]`)
			gm(t, s, `[fight: op="start" foes="Ash wolf, Road bandit, Cinder shade"]`)
		}
		before := snapshot(t, s)
		r, err := s.Append(session.GMReply, text)
		if err != nil {
			return
		}
		for _, rec := range r.Records {
			if rec.Value("reason") == "engine-error" {
				t.Fatalf("%q: %s", text, rec)
			}
		}
		if len(r.Records) == 1 && r.Records[0].Name == "refused" && strings.HasPrefix(strings.ToLower(strings.TrimSpace(text)), "[fight:") {
			if after := snapshot(t, s); after != before {
				t.Fatalf("%q was refused and changed the state:\n%s\n%s", text, before, after)
			}
		}
	})
}

func snapshot(t *testing.T, s *session.Session) string {
	p := s.State().Party
	b, err := json.Marshal(struct {
		Bags  any
		Fight *fight.State
	}{p.Members, fight.Of(p)})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
