package check

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// withEntry returns a copy of rs whose first catalog's first entry is raw.
func poolWithEntry(rs *ruleset.Ruleset, raw string) *ruleset.Ruleset {
	cp := *rs
	cp.Catalogs = append([]ruleset.Catalog{}, rs.Catalogs...)
	cp.Catalogs[0].Entries = append([]json.RawMessage{json.RawMessage(raw)}, rs.Catalogs[0].Entries[1:]...)
	return &cp
}

// The spec's charm: Potence, a blood-priced entry that scales with the
// blood paid, rerolls ones once and adds a success per purchase.
func TestCharmPotence(t *testing.T) {
	rs := poolBundled(t, "wod")
	ilse := poolBundledChar(t, rs, "wod", "ilse") // Strength 3 + Brawl 3, blood 8, chose Potence
	env := &Env{RS: rs, Char: ilse}
	runPoolCases(t, env, []poolCase{
		{
			name: "spec tag", tag: `[skill_check: skill="Brawl" dc="3" use="Potence" spend="blood:3"]`, faces: []int{6, 2, 3, 4, 5, 2},
			want: `use="Potence" paid="blood:3" successes="4" bought="3" dc="3" success="true"`, absent: []string{"rerolled", "unpaid"},
			debits: map[string]int{"blood": 3},
		},
		{
			name: "use without spend pays one price", tag: `[skill_check: skill="Brawl" use="POTENCE"]`, faces: []int{6, 2, 3, 4, 5, 2},
			want: `use="Potence" paid="blood:1" bought="1" successes="2"`, debits: map[string]int{"blood": 1},
		},
		{
			name: "the reroll is bought once however much is paid", tag: `[skill_check: skill="Brawl" use="Potence" spend="blood:2"]`, faces: []int{1, 1, 2, 3, 4, 5, 1, 7},
			want:   `rolls="1,1,2,3,4,5,1,7" faces="1,7,2,3,4,5" rerolled="2" successes="2" cancelled="1" bought="2"`,
			debits: map[string]int{"blood": 2},
		},
	})

	t.Run("not enough blood: no purchase, no deduction", func(t *testing.T) {
		e := &Env{RS: rs, Char: poolWithPools(ilse, map[string]int{"blood": 2, "willpower": 5})}
		res := poolRoll(t, e, `[skill_check: skill="Brawl" dc="3" use="Potence" spend="blood:3"]`, 1, 2, 3, 4, 5, 6)
		poolExpect(t, res.Record, `unpaid="blood:3" rolls="1,2,3,4,5,6" successes="0" cancelled="1"`, "use", "paid", "bought", "rerolled")
		if len(res.Debits) != 0 {
			t.Errorf("debits %v", res.Debits)
		}
	})
	t.Run("a charm the character did not choose does nothing", func(t *testing.T) {
		tomas := poolBundledChar(t, rs, "wod", "tomas")
		res := poolRoll(t, &Env{RS: rs, Char: tomas}, `[skill_check: skill="Investigation" use="Potence" spend="blood:3"]`, 1, 2, 3, 4, 5, 6)
		poolExpect(t, res.Record, `successes="0" ignored="use,spend"`, "use", "paid", "bought", "rerolled")
		if len(res.Debits) != 0 {
			t.Errorf("debits %v", res.Debits)
		}
	})
	t.Run("a catalog the Engine cannot read does nothing", func(t *testing.T) {
		bad := poolWithEntry(rs, `{"id": "potence", "label": "Potence", "mechanics": {"cost": [{"pool": "blood", "amount": 1}], "check": {"successes": "two"}}}`)
		res := poolRoll(t, &Env{RS: bad, Char: ilse}, `[skill_check: skill="Brawl" use="Potence" spend="blood:3"]`, 6, 2, 3, 4, 5, 2)
		poolExpect(t, res.Record, `successes="1" ignored="use,spend"`, "use", "paid", "bought")
		if len(res.Debits) != 0 {
			t.Errorf("debits %v", res.Debits)
		}
	})
	t.Run("without perCostStep it is bought once, whatever is offered", func(t *testing.T) {
		once := poolWithEntry(rs, `{"id": "potence", "label": "Potence", "mechanics": {"kind": "utility", "cost": [{"pool": "blood", "amount": 1}], "check": {"successes": 1}}}`)
		res := poolRoll(t, &Env{RS: once, Char: ilse}, `[skill_check: skill="Brawl" use="Potence" spend="blood:3"]`, 6, 2, 3, 4, 5, 2)
		poolExpect(t, res.Record, `use="Potence" paid="blood:1" bought="1" successes="2"`)
		if res.Debits["blood"] != 1 {
			t.Errorf("debits %v", res.Debits)
		}
	})
	t.Run("a scaling entry buys whole prices only", func(t *testing.T) {
		two := poolWithEntry(rs, `{"id": "potence", "label": "Potence", "mechanics": {"kind": "utility", "cost": [{"pool": "blood", "amount": 2}], "perCostStep": {"flat": 1}, "check": {"successes": 1}}}`)
		res := poolRoll(t, &Env{RS: two, Char: ilse}, `[skill_check: skill="Brawl" use="Potence" spend="blood:5"]`, 6, 2, 3, 4, 5, 2)
		poolExpect(t, res.Record, `use="Potence" paid="blood:4" bought="2" successes="3"`)
		res = poolRoll(t, &Env{RS: two, Char: ilse}, `[skill_check: skill="Brawl" use="Potence" spend="blood:1"]`, 6, 2, 3, 4, 5, 2)
		poolExpect(t, res.Record, `unpaid="blood:1" successes="1"`, "use", "paid")
	})
}

func TestCharmRules(t *testing.T) {
	rs := poolInline(t, poolLab)
	ren := poolInlineChar(t, rs, `{"name": "Ren", "abilities": {"sinew": 4, "warmth": 2}, "entries": ["knacks/keen", "knacks/dogged"], "pools": {"grit": 5}}`)
	env := &Env{RS: rs, Char: ren}
	runPoolCases(t, env, []poolCase{
		{
			name: "a free charm pays nothing", tag: `[skill_check: skill="Athletics" use="keen"]`, faces: []int{5, 2, 3, 4},
			want: `use="Keen" target="5" threshold="5" double="8" successes="1"`, absent: []string{"paid", "unpaid"},
		},
		{
			name: "a charm's double does not reach a rule the override removed", tag: `[skill_check: skill="Climb" use="Keen"]`, faces: []int{5, 6, 2, 3},
			// The d6 override: target 3..5, no double; Keen's threshold 5 still applies.
			want: `override="Six-sided climb" use="Keen" target="5" successes="2"`, absent: []string{"double"},
		},
		{
			name: "the engine caps the rerolls of one check", tag: `[skill_check: skill="Athletics" use="Dogged"]`, faces: poolCat([]int{1, 2, 7, 7}, poolOnes(100, 1)),
			want:   `use="Dogged" faces="1,2,7,7" rerolled="1" successes="2" cancelled="1" bought="1"`,
			debits: map[string]int{"grit": 2},
		},
	})
	if MaxRerolls != 100 {
		t.Errorf("MaxRerolls %d: the spec stops an until reroll after a hundred rerolls", MaxRerolls)
	}
}

// target.from: the character's number is not moved by threshold=, but a
// charm's threshold still moves it.
func TestCharmMovesTargetFrom(t *testing.T) {
	js := strings.Replace(poolLab, `"target": { "default": 7, "min": 3, "max": 9 }`, `"target": { "from": { "field": "number" }, "min": 3, "max": 9 }`, 1)
	rs := poolInline(t, js)
	ren := poolInlineChar(t, rs, `{"name": "Ren", "abilities": {"sinew": 4}, "fields": {"number": 8}, "entries": ["knacks/keen"]}`)
	runPoolCases(t, &Env{RS: rs, Char: ren}, []poolCase{
		{name: "the character's number", tag: `[skill_check: skill="Athletics" threshold="4"]`, faces: []int{7, 8, 2, 3},
			want: `target="8" threshold="8" successes="1" ignored="threshold"`},
		{name: "a charm moves it", tag: `[skill_check: skill="Athletics" use="Keen"]`, faces: []int{7, 5, 2, 3},
			want: `use="Keen" target="5" threshold="5" successes="2"`},
	})
	low := poolInlineChar(t, rs, `{"name": "Lo", "abilities": {"sinew": 2}, "fields": {"number": 1}}`)
	res := poolRoll(t, &Env{RS: rs, Char: low}, `[skill_check: skill="Athletics"]`, 3, 2)
	poolExpect(t, res.Record, `target="3" threshold="3" successes="1"`)
}
