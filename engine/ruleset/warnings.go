package ruleset

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/validate"
)

// warnf records an import warning: something legal that does nothing, so
// an author learns of it without the file being refused.
func (v *Validator) warnf(at, format string, args ...any) {
	v.P.Warnf(at, format, args...)
}

// Warnf lets a plugin kind record a warning in the same form.
func (v *Validator) Warnf(at, format string, args ...any) { v.warnf(at, format, args...) }

// WarningLines prints warnings one a line as FILE: /pointer: warning: ...
func WarningLines(file string, warnings []validate.Problem) string {
	var b strings.Builder
	for i, w := range warnings {
		if i > 0 {
			b.WriteByte('\n')
		}
		if w.Line > 0 {
			fmt.Fprintf(&b, "%s:%d:%d: %s: warning: %s", file, w.Line, w.Column, w.Pointer, w.Message)
			continue
		}
		fmt.Fprintf(&b, "%s: %s: warning: %s", file, w.Pointer, w.Message)
	}
	return b.String()
}

// importWarnings reports what the file declares that is legal but does
// nothing here: modes where no check reads them, and tier bonuses a
// roll-against check never adds.
func (v *Validator) importWarnings(rs *Ruleset) {
	if rs.Resolution == nil {
		return
	}
	if !readsAdvantageAnywhere(rs.Resolution) {
		v.unreadModes(rs.Raw)
	}
	if rs.Resolution.Kind == "roll-against" {
		v.unreadTierBonuses(rs.Raw)
	}
}

// readsAdvantageAnywhere reports whether some check of the ruleset reads
// advantage: its own resolution or an override's.
func readsAdvantageAnywhere(res *Resolution) bool {
	if res.ReadsAdvantage() {
		return true
	}
	for _, ov := range res.Overrides {
		if ov.Resolution != nil && ov.Resolution.ReadsAdvantage() {
			return true
		}
	}
	return false
}

// effectPlaces are the patterns of every effect that a check reads.
var effectPlaces = []string{"/conditions/*/check", "/levels/*/check", itemAt + "/worn", itemAt + "/carried",
	itemAt + "/requires/*/otherwise"}

// unreadModes warns at each check or save mode (a modifier's mode, an
// own-checks or own-saves effect) in a ruleset whose checks never roll
// twice: it changes nothing, and an author would expect it to.
func (v *Validator) unreadModes(raw map[string]any) {
	why := "this ruleset's checks never roll twice (only a dice-sum with \"advantage\": true does)"
	for _, pattern := range effectPlaces {
		toks := strings.Split(strings.TrimPrefix(pattern, "/"), "/")
		matchTokens(raw, toks, "", func(at string, val any) {
			e, _ := val.(map[string]any)
			mods, _ := e["modifiers"].([]any)
			for i, m := range mods {
				mo, _ := m.(map[string]any)
				to, _ := mo["to"].(string)
				if mode, ok := mo["mode"].(string); ok && (to == "checks" || to == "saves") {
					v.warnf(validate.Ptr(at, "modifiers", i, "mode"), "mode %q on %s does nothing: %s", mode, to, why)
				}
			}
			names, _ := e["effects"].([]any)
			for i, n := range names {
				if s, _ := n.(string); strings.HasPrefix(s, "own-checks-") || strings.HasPrefix(s, "own-saves-") {
					v.warnf(validate.Ptr(at, "effects", i), "%q does nothing: %s", s, why)
				}
			}
		})
	}
}

// unreadTierBonuses warns at a roll-against tier's flat or multiplier: the
// target is the sheet's per-skill number, and a tier adds nothing to it
// (checks.md roll-against).
func (v *Validator) unreadTierBonuses(raw map[string]any) {
	matchTokens(raw, []string{"resolution", "proficiencyTiers", "*"}, "", func(at string, val any) {
		t, _ := val.(map[string]any)
		for _, k := range []string{"flat", "multiplier"} {
			if n, ok := t[k].(json.Number); ok && n.String() != "0" {
				v.warnf(validate.Ptr(at, k), "%q does nothing on roll-against: the target is the sheet's number for the skill, and a tier adds nothing to it", k)
			}
		}
	})
}
