package odds

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// ValueP is one total of a roll and its probability.
type ValueP struct {
	Value int     `json:"value"`
	P     float64 `json:"p"`
}

// DiceResult is the exact distribution of a roll_dice tag's total.
type DiceResult struct {
	// Dice is the notation in canonical form, as the roll record's dice=.
	Dice   string `json:"dice"`
	Exact  bool   `json:"exact"`
	Method string `json:"method"`
	// ErrorBound is the largest error of any probability.
	ErrorBound float64 `json:"errorBound"`
	Mean       float64 `json:"mean"`
	// Values are the totals that can happen, lowest first.
	Values []ValueP `json:"values"`
}

// Rows are the result as chart rows, one per total, lowest first.
func (r DiceResult) Rows() []Row {
	rows := make([]Row, len(r.Values))
	for i, v := range r.Values {
		rows[i] = Row{Label: strconv.Itoa(v.Value), P: []float64{v.P}}
	}
	return rows
}

// RollDice is the exact distribution of what [roll_dice: dice="..."]
// totals, the notation read exactly as the roll reads it (spaces
// removed). Unreadable notation is refused with the record roll_dice
// answers; a symbol pool's dice by name, and terms whose odds are not
// computed, are errors that say so.
func RollDice(rs *ruleset.Ruleset, t tag.Tag) (DiceResult, error) {
	if !t.NameIs("roll_dice") {
		return DiceResult{}, fmt.Errorf("tag %q: dice odds are for roll_dice tags", t.Name)
	}
	text, _ := t.Get("dice")
	compact := strings.Join(strings.Fields(text), "")
	if rs != nil && rs.Resolution != nil && rs.Resolution.SymbolPool != nil {
		// A symbol pool reads its dice by name first, as the roll does.
		if rec := check.RollDice(rs, t, dice.New(0, 0, 0)); rec.Has("resolution") {
			return DiceResult{}, fmt.Errorf("dice=%q names a symbol pool's dice: odds of those are a skill_check's (rulehost odds on the check)", text)
		}
	}
	e, err := dice.ParseExpr(compact)
	if err != nil || compact == "" {
		rec := check.RollDice(rs, t, dice.New(0, 0, 0))
		if rec.Tag.NameIs("refused") {
			return DiceResult{}, &RefusedError{Record: rec}
		}
		return DiceResult{}, fmt.Errorf("dice=%q names a symbol pool's dice: odds of those are a skill_check's (rulehost odds on the check)", text)
	}
	d, err := DiceExpr(e)
	if err != nil {
		return DiceResult{}, fmt.Errorf("dice=%q: %w", text, err)
	}
	r := DiceResult{Dice: e.String(), Exact: true, Method: "exact", ErrorBound: ErrorBound}
	if n, plain := e.Plain(); plain {
		r.Dice = n.String()
	}
	for k, p := range d.P {
		if p > 0 {
			r.Values = append(r.Values, ValueP{Value: d.Offset + k, P: p})
		}
	}
	r.Mean = d.Mean()
	return r, nil
}

// IsNotComputed reports whether err is odds refusing a roll it does not
// compute (rather than a bad tag).
func IsNotComputed(err error) bool {
	return errors.Is(err, ErrNotComputed) || errors.Is(err, ErrTooLarge)
}
