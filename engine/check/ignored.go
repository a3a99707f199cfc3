package check

import (
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
)

// commonTagKeys are the skill_check attributes every native kind reads.
var commonTagKeys = []string{"skill", "save", "ability", "who", "with", "dc", "difficulty"}

// kindTagKeys are the attributes each native kind reads besides the
// common ones (docs/tags.md). Any other attribute a tag gives (threshold=
// on a sum, upgrade= on dice-highest, a result the model wrote) is listed
// in ignored=, so the GM sees it changed nothing. mode= is read by every
// kind and ignored by those without advantage, which say so themselves.
var kindTagKeys = map[string][]string{
	"dice-sum":     {"mode"},
	"dice-pool":    {"mode", "threshold", "bonus", "explode", "double", "reroll", "spend", "use"},
	"dice-highest": {"mode", "bonus", "dark", "spend"},
	"roll-against": {"mode", "bonus"},
	"symbol-pool":  {"mode", "bonus", "upgrade", "setback", "upgradeOwn", "spend"},
}

// ignoreUnreadBy lists in ignored= every attribute of the tag that the
// native kind does not read at all; a plugin kind decides for itself.
func (c *Check) ignoreUnreadBy(kind string) {
	var reads uint32
	if c.planned != nil && c.planned.native != nil && c.planned.Res.Kind == kind {
		reads = c.planned.reads
	} else if m, native := kindReadsMask[kind]; native {
		reads = m
	} else {
		return
	}
	if !c.keys.ok {
		own := kindTagKeys[kind]
		for _, a := range c.Tag.Attrs {
			if !foldIn(commonTagKeys, a.Key) && !foldIn(own, a.Key) {
				c.ignore(a.Key)
			}
		}
		return
	}
	if !c.keys.other && c.keys.given&^reads == 0 {
		return // every key the tag gives is one the kind reads
	}
	for _, a := range c.Tag.Attrs {
		if slot := keySlot(a.Key); slot < 0 || reads&(1<<slot) == 0 {
			c.ignore(a.Key)
		}
	}
}

// foldIn reports whether key is in list, ignoring case. The lists are
// ASCII, so an ASCII key can only match one of its own length.
func foldIn(list []string, key string) bool {
	ascii := isASCII(key)
	for _, k := range list {
		if ascii {
			if len(k) == len(key) && equalFoldASCII(k, key) {
				return true
			}
		} else if tag.EqualKey(k, key) {
			return true
		}
	}
	return false
}

// unknownNote tells the GM what the ruleset does have when a check names
// a skill, save or ability it does not: the nearest name when one is
// near enough to be a typo, and the declared names.
func unknownNote(noun, name string, declared []string) string {
	note := "this ruleset has no " + noun + " named " + name
	if near := validate.Suggest(name, declared); near != "" {
		note += " (did you mean " + near + "?)"
	}
	return note + "; declared: " + strings.Join(declared, ", ")
}

// skillNames lists skills or saves by label, as the GM names them.
func skillNames(list []ruleset.Skill) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.Label
	}
	return out
}

func abilityNames(rs *ruleset.Ruleset) []string {
	out := make([]string, len(rs.Abilities))
	for i, a := range rs.Abilities {
		out[i] = a.Label
	}
	return out
}

// targetTypo names an attribute of the tag that is a near miss of
// skill=, save= or ability= (skil="Athletics"), for the no-target note.
func (c *Check) targetTypo() string {
	for _, a := range c.Tag.Attrs {
		if near := validate.Suggest(a.Key, []string{"skill", "save", "ability"}); near != "" && !strings.EqualFold(a.Key, near) {
			return " (" + a.Key + "= is not one; did you mean " + near + "=?)"
		}
	}
	return ""
}
