package ruleset

import (
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
		fmt.Fprintf(&b, "%s: %s: warning: %s", file, w.Pointer, w.Message)
	}
	return b.String()
}
