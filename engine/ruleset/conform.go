package ruleset

import (
	"slices"

	"github.com/rulehost/rulehost/engine/validate"
)

// ReadsAdvantage reports whether a check of this resolution reads
// advantage and disadvantage: only a dice-sum with "advantage": true
// throws twice. A plugin kind may read them, so it is assumed to.
func (r *Resolution) ReadsAdvantage() bool {
	switch r.Kind {
	case "dice-sum":
		return r.DiceSum != nil && r.DiceSum.Advantage
	case "dice-pool", "dice-highest", "roll-against", "symbol-pool":
		return false
	}
	return true
}

// vocabularyLists are the top-level lists whose ids the rest of the file
// names, and the noun each is named by.
var vocabularyLists = map[string]string{"abilities": "ability", "skills": "skill", "saves": "save",
	"fields": "field", "conditions": "condition", "levels": "level", "derived": "derived", "live": "pool"}

// noteUnread marks each vocabulary list that failed to read: absent while
// an unknown top-level key is a near miss of it ("abilites"), or present
// but not an array (not an object, for live). Its ids would otherwise be
// reported missing wherever they are named, after the one problem that
// says what is wrong.
func (v *Validator) noteUnread(o validate.Obj) {
	v.unread = map[string]bool{}
	for k := range o.M {
		if slices.Contains(topKeys, k) {
			continue
		}
		if near := validate.Suggest(k, topKeys); near != "" && !o.Has(near) {
			v.unread[near] = true
		}
	}
	for list := range vocabularyLists {
		raw, ok := o.M[list]
		if !ok {
			continue
		}
		_, isArr := raw.([]any)
		_, isObj := raw.(map[string]any)
		if (list == "live" && !isObj) || (list != "live" && !isArr) {
			v.unread[list] = true
		}
	}
	if v.unread["live"] {
		v.unread["pools"] = true
	}
}

// quiet reports whether a missing id of this list is a knock-on of the
// list failing to read (see noteUnread).
func (v *Validator) quiet(list string) bool { return v.unread[list] }
