package check

import (
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestTextsAreNeverWrittenAgain: the values of records built one after
// another in one Checker point into shared chunks of text (texts), so
// every record kept from the first check on must read as it did when it
// was made, after many more checks and rolls have filled chunk after
// chunk, and after records too large for the room left (100d1000) moved
// the texts to a larger chunk.
func TestTextsAreNeverWrittenAgain(t *testing.T) {
	rs := poolBundled(t, "gravewatch")
	ch := poolInlineChar(t, rs, `{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`)
	stream := dice.New(1, 0, 0)
	env := &Env{RS: rs, Char: ch, Dice: stream}
	check, _ := tag.Parse(`[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`)
	var rolls []tag.Tag
	for _, text := range []string{`[roll_dice: dice="10d10>=8"]`, `[roll_dice: dice="100d1000"]`, `[roll_dice: dice="3d6+200"]`, `[roll_dice: dice="4d6kh3+1d6!"]`} {
		r, _ := tag.Parse(text)
		rolls = append(rolls, r)
	}
	type kept struct {
		rec  record.Record
		text string
	}
	var all []kept
	var k Checker
	texts := 0
	for i := range 2000 {
		stream.Reset(uint64(i), 0, 0)
		var rec record.Record
		if i%3 == 0 {
			rec = k.RollDice(rs, rolls[i/3%len(rolls)], stream)
		} else {
			rec = k.Resolve(env, check).Record
		}
		rec = record.Record{Tag: tag.Tag{Name: rec.Name, Attrs: append([]tag.Attr(nil), rec.Attrs...)}} // the list is the Checker's; the values are the record's
		all = append(all, kept{rec, rec.String()})
		texts += len(rec.Value("rolls"))
	}
	if texts < 10*textChunk {
		t.Fatalf("only %d bytes of rolls=: the test fills too few chunks", texts)
	}
	for i, r := range all {
		if got := r.rec.String(); got != r.text {
			t.Fatalf("record %d changed after it was made:\n%s\nnow\n%s", i, r.text, got)
		}
	}
}
