package isolate

import (
	"os/exec"
	"strings"
	"testing"
)

// TestExitReasonRaceRuntime (issue 27): a -race worker whose race runtime
// could not allocate under RLIMIT_AS exits 66, which was worded "exit
// status 66" and not read as out of memory.
func TestExitReasonRaceRuntime(t *testing.T) {
	for code, want := range map[string]string{"66": "out of memory or address space", "2": "out of memory or address space", "3": "CPU time limit exceeded", "1": "exit status 1"} {
		err := exec.Command("sh", "-c", "exit "+code).Run()
		if got := exitReason(err); !strings.Contains(got, want) {
			t.Errorf("exit %s: %q; want %q", code, got, want)
		}
	}
}
