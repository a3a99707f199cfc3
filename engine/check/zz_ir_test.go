package check_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestZIR runs one case ZIR_CASE ZIR_N times (for valgrind instruction counts).
func TestZIR(t *testing.T) {
	c := os.Getenv("ZIR_CASE")
	if c == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("ZIR_N"))
	rs, ch := loadPair(t, "d20-5e", "ada.json")
	grs, _ := ruleset.LoadFile("../../rulesets/gravewatch/ruleset.json", ruleset.Options{})
	gs, _ := sheet.Load("u.json", []byte(`{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`), grs)
	stream := &dice.Seeded{}
	env := &check.Env{RS: rs, Char: ch, Dice: stream}
	genv := &check.Env{RS: grs, Char: sheet.New(grs, gs), Dice: stream}
	var k check.Checker
	var tt tag.Tag
	var out []byte
	text := map[string]string{
		"5e":   `[skill_check: skill="Athletics" dc="15" mode="advantage"]`,
		"pool": `[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`,
		"1d20": `[roll_dice: dice="1d20+4"]`, "3d6": `[roll_dice: dice="3d6"]`, "10d10": `[roll_dice: dice="10d10>=8"]`,
		"none": `[roll_dice: dice="3d6"]`,
	}[c]
	for i := 0; i < n; i++ {
		tag.ParseInto(&tt, text)
		stream.Reset(uint64(i), 0, 0)
		switch c {
		case "5e":
			out = k.Resolve(env, tt).Record.Append(out[:0])
		case "pool":
			out = k.Resolve(genv, tt).Record.Append(out[:0])
		case "none":
		default:
			out = k.RollDice(nil, tt, stream).Append(out[:0])
		}
	}
}
