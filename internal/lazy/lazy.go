// Package lazy builds package-level values on first use instead of at
// program start. Go runs every linked package's initialisers before main,
// so a table or regular expression that only one command needs would
// otherwise be paid for by every command (a one-shot `rulehost check`
// compiled a dozen regular expressions it never ran).
package lazy

import (
	"regexp"
	"sync"
)

// Regexp returns a function that compiles expr the first time it is
// called (and panics then if expr does not compile, as
// regexp.MustCompile does at init) and returns the same *regexp.Regexp
// every time after.
func Regexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
