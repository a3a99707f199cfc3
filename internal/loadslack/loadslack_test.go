package loadslack

import (
	"fmt"
	"testing"
	"time"
)

type logs []string

func (l *logs) Logf(format string, args ...any) { *l = append(*l, fmt.Sprintf(format, args...)) }

// TestSlackNeverShrinks: the slack is the base (times raceFactor in a
// -race build) or more, and a stretch is logged.
func TestSlackNeverShrinks(t *testing.T) {
	var l logs
	base := 100 * time.Millisecond
	got := Slack(&l, base)
	base *= raceFactor
	if got < base {
		t.Fatalf("slack %v below the base %v", got, base)
	}
	if perCPU, ok := loadPerCPU(); ok && perCPU > busyPerCPU {
		if got <= base || len(l) != 1 {
			t.Errorf("load %.1f per CPU: slack %v, logs %q", perCPU, got, l)
		}
	} else if got != base || len(l) != 0 {
		t.Errorf("quiet machine: slack %v, logs %q", got, l)
	}
}
