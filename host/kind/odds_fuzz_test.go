package kind

import (
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// FuzzReadOutcome: whatever one outcome of a kind's odds holds, reading
// it never panics, and an outcome it accepts is one a record could say:
// the record built from its verdict passes record.Check and the bands.
func FuzzReadOutcome(f *testing.F) {
	f.Add(0.5, true, "Hit", "", "", uint8(0), false)
	f.Add(0.5, true, "", "failure", "", uint8(1), true)
	f.Add(1.0, false, "Miss", "failure", "yes", uint8(2), true)
	f.Add(0.25, true, "Strong", "success", "", uint8(3), false)
	f.Add(-1.0, true, "\x1b[31m", "x", "", uint8(4), false)
	bands := &ruleset.Outcomes{Tiers: []ruleset.OutcomeTier{{Label: "Strong", Success: true, Critical: true}, {Label: "Hit", Success: true}, {Label: "Miss"}}}
	f.Fuzz(func(t *testing.T, p float64, success bool, label, critical, flagText string, flagKind uint8, banded bool) {
		res := &ruleset.Resolution{Kind: "fuzz"}
		if banded {
			res.Outcomes = bands
		}
		c := &check.Check{Res: res, Rec: record.Record{Tag: tag.Tag{Name: "check", Attrs: []tag.Attr{{Key: "who", Value: "Ada"}}}}}
		m := map[string]any{"p": p, "success": success}
		if label != "" {
			m["outcome"] = label
		}
		if critical != "" {
			m["critical"] = critical
		}
		flags := []string{"complication", "darkHighest", "triumph", "despair", "despiar"}
		switch k := flags[int(flagKind)%len(flags)]; flagKind % 3 {
		case 0:
			m[k] = true
		case 1:
			m[k] = flagText
		case 2:
			m[k] = float64(len(flagText))
		}
		v, got, err := readOutcome(c, m)
		if err != nil {
			return
		}
		if got != p || v.Success != success {
			t.Fatalf("read %v %+v from p=%v success=%v", got, v, p, success)
		}
		if err := checkAsRecord(c, v, label); err != nil {
			t.Fatalf("accepted an outcome no record could say: %v (%v)", err, m)
		}
	})
}
