package check

import (
	"testing"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// A ruleset whose spends exercise every perCheck form and what a purchase buys.
const poolSpendLab = `{
  "id": "spendlab", "name": "Spend lab",
  "abilities": [{ "id": "nerve", "label": "Nerve", "max": 10 }],
  "skills": [{ "id": "ward", "label": "Ward", "ability": "nerve" }],
  "fields": [{ "id": "wounds", "label": "Wounds", "min": 0, "max": 5 }, { "id": "focus", "label": "Focus", "min": -5, "max": 500 }],
  "live": { "pools": [
    { "id": "resolve", "label": "Resolve", "max": { "const": 9 } },
    { "id": "luck", "label": "Luck", "max": { "const": 9 } },
    { "id": "vigor", "label": "Vigor", "max": { "const": 9 } },
    { "id": "focus_pts", "label": "Focus points", "max": { "const": 9 } }
  ] },
  "resolution": {
    "kind": "dice-pool",
    "die": { "sides": 10 },
    "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [{ "id": "r0", "label": "0" }, { "id": "r2", "label": "2", "flat": 2 }],
    "penaltyFrom": { "field": "wounds" },
    "pool": { "min": 0, "max": 6 },
    "target": { "default": 7 },
    "reroll": [{ "id": "careful", "upTo": 3, "mode": "until" }],
    "spend": [
      { "pool": "resolve", "amount": 2, "successes": 1, "perCheck": 3 },
      { "pool": "luck", "amount": 1, "successes": 1, "reroll": { "upTo": 1, "mode": "once" }, "perCheck": "pool" },
      { "pool": "vigor", "amount": 1, "dice": 2, "perCheck": 10 },
      { "pool": "focus_pts", "amount": 1, "successes": 1, "perCheck": { "field": "focus" } }
    ]
  }
}`

func TestSpend(t *testing.T) {
	rs := poolInline(t, poolSpendLab)
	// Nerve 2 + Ward 2 = 4 dice before wounds; 1 wound: 3 dice rolled.
	ch := poolInlineChar(t, rs, `{"name": "Ada", "abilities": {"nerve": 2}, "skills": {"ward": "r2"}, "fields": {"wounds": 1, "focus": 1.7},
	  "pools": {"resolve": 5, "luck": 9, "vigor": 9, "focus_pts": 9}}`)
	env := &Env{RS: rs, Char: ch}
	runPoolCases(t, env, []poolCase{
		{
			name: "points that make no whole purchase buy nothing", tag: `[skill_check: skill="Ward" spend="resolve:3"]`, faces: []int{2, 3, 4},
			want: `paid="resolve:2" bought="1" successes="1"`, debits: map[string]int{"resolve": 2},
		},
		{
			name: "too few points for one purchase", tag: `[skill_check: skill="Ward" spend="resolve:1"]`, faces: []int{2, 3, 4},
			want: `unpaid="resolve:1" successes="0"`, absent: []string{"paid", "bought"},
		},
		{
			name: "the pool alone offers one purchase", tag: `[skill_check: skill="Ward" spend="Resolve"]`, faces: []int{2, 3, 4},
			want: `paid="resolve:2" bought="1"`, debits: map[string]int{"resolve": 2},
		},
		{
			name: "a request beyond perCheck is capped and only the cap is paid", tag: `[skill_check: skill="Ward" spend="resolve:8"]`, faces: []int{2, 3, 4},
			// perCheck 3 would be 6 points, but Ada holds 5: all or nothing.
			want: `unpaid="resolve:8" successes="0"`, absent: []string{"paid"},
		},
		{
			name: "perCheck pool reads the sheet number before wounds", tag: `[skill_check: skill="Ward" spend="luck:9"]`, faces: []int{1, 1, 2, 5, 9},
			// 4 purchases (Nerve 2 + Ward 2), one reroll of ones: 1 -> 5, 1 -> 9.
			want:   `dice="3" paid="luck:4" rolls="1,1,2,5,9" faces="5,9,2" rerolled="2" successes="5" bought="4"`,
			absent: []string{"reroll"}, debits: map[string]int{"luck": 4},
		},
		{
			name: "a bought reroll is bought once: a die is rerolled once", tag: `[skill_check: skill="Ward" spend="luck:2"]`, faces: []int{1, 7, 7, 1},
			want: `rolls="1,7,7,1" faces="1,7,7" rerolled="1" successes="4" bought="2"`, debits: map[string]int{"luck": 2},
		},
		{
			name: "the named reroll reaches more faces than the bought one", tag: `[skill_check: skill="Ward" reroll="careful" spend="luck:1"]`, faces: []int{1, 3, 8, 2, 9, 5},
			// careful is "until" up to 3: 1 -> 2 -> 9, 3 -> 5; the bought reroll reaches only 1s.
			want: `paid="luck:1" rolls="1,3,8,2,9,5" faces="9,5,8" reroll="careful" rerolled="2" successes="3" bought="1"`, absent: []string{"ignored"},
			debits: map[string]int{"luck": 1},
		},
		{
			name: "bought dice within pool.max", tag: `[skill_check: skill="Ward" spend="vigor:3"]`, faces: []int{7, 7, 7, 2, 2, 2},
			// 3 purchases of 2 dice, but the pool holds 6 at most: 3 dice added, all 3 paid.
			want: `dice="6" boughtDice="3" paid="vigor:3" successes="3"`, debits: map[string]int{"vigor": 3},
		},
		{
			name: "perCheck from a sheet value is rounded down", tag: `[skill_check: skill="Ward" spend="focus_pts:5"]`, faces: []int{2, 3, 4},
			want: `paid="focus_pts:1" bought="1"`, debits: map[string]int{"focus_pts": 1},
		},
		{
			name: "two pools on one check", tag: `[skill_check: skill="Ward" spend="resolve:2,vigor:1"]`, faces: []int{2, 3, 4, 7, 7},
			want: `dice="5" boughtDice="2" paid="resolve:2,vigor:1" successes="3" bought="1"`, debits: map[string]int{"resolve": 2, "vigor": 1},
		},
		{
			name: "a pool no spend names is ignored", tag: `[skill_check: skill="Ward" spend="health:1"]`, faces: []int{2, 3, 4},
			want: `ignored="spend"`, absent: []string{"paid", "unpaid"},
		},
		{
			name: "an unreadable spend is ignored", tag: `[skill_check: skill="Ward" spend="resolve:lots"]`, faces: []int{2, 3, 4},
			want: `ignored="spend"`, absent: []string{"paid", "unpaid"},
		},
		{
			name: "until stops after a hundred rerolls", tag: `[skill_check: skill="Ward" reroll="careful"]`, faces: poolCat([]int{1, 2, 8}, poolOnes(100, 1)),
			want: `faces="1,2,8" reroll="careful" rerolled="1" successes="1"`,
		},
	})

	t.Run("sheet perCheck at 0 buys and pays nothing", func(t *testing.T) {
		e := &Env{RS: rs, Char: poolInlineChar(t, rs, `{"name": "Bo", "abilities": {"nerve": 2}, "fields": {"focus": 0}}`)}
		res := poolRoll(t, e, `[skill_check: skill="Ward" spend="focus_pts:1"]`, 2, 3)
		poolExpect(t, res.Record, `unpaid="focus_pts:1"`, "paid", "bought")
		if len(res.Debits) != 0 {
			t.Errorf("debits %v", res.Debits)
		}
	})
	t.Run("sheet perCheck kept at 100", func(t *testing.T) {
		e := &Env{RS: rs, Char: poolInlineChar(t, rs, `{"name": "Bo", "abilities": {"nerve": 2}, "fields": {"focus": 500}, "pools": {"focus_pts": 9}}`)}
		c := &Check{Env: e, Res: rs.Resolution}
		if got := c.perCheck(&rs.Resolution.Spend[3], 0); got != 100 {
			t.Errorf("perCheck %d, want 100", got)
		}
	})
}

// SpendDice serves the kinds that buy only dice: it pays, records paid=,
// and returns the dice bought.
func TestSpendDice(t *testing.T) {
	rs := poolInline(t, poolSpendLab)
	ch := poolInlineChar(t, rs, `{"name": "Ada", "abilities": {"nerve": 2}, "pools": {"vigor": 2}}`)
	for _, tc := range []struct {
		tag    string
		dice   int
		paid   string
		unpaid string
		debit  int
	}{
		{`[skill_check: skill="Ward" spend="vigor:1"]`, 2, "vigor:1", "", 1},
		{`[skill_check: skill="Ward" spend="vigor:2"]`, 4, "vigor:2", "", 2},
		{`[skill_check: skill="Ward" spend="vigor:3"]`, 0, "", "vigor:3", 0},
		{`[skill_check: skill="Ward"]`, 0, "", "", 0},
	} {
		tg, _ := tag.Parse(tc.tag)
		c := &Check{Env: &Env{RS: rs, Char: ch}, Tag: tg, Res: rs.Resolution, Rec: record.New("check")}
		if got := c.SpendDice(4); got != tc.dice {
			t.Errorf("%s: %d dice, want %d", tc.tag, got, tc.dice)
		}
		if got := c.Rec.Value("paid"); got != tc.paid {
			t.Errorf("%s: paid=%q, want %q", tc.tag, got, tc.paid)
		}
		if got := c.Rec.Value("unpaid"); got != tc.unpaid {
			t.Errorf("%s: unpaid=%q, want %q", tc.tag, got, tc.unpaid)
		}
		if c.Debits["vigor"] != tc.debit {
			t.Errorf("%s: debits %v", tc.tag, c.Debits)
		}
	}
}
