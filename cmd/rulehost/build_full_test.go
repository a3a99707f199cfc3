//go:build !rulehost_light

package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// lightBuild: these tests run in the full build, every command in
// process.
const lightBuild = false

// TestExecMarkerStopsAtTheServer: the full build clears the light
// build's loop-guard marker at start, so what the server runs (a light
// rulehost among them) does not take itself for the server. The child is
// this test binary, started with the marker set.
func TestExecMarkerStopsAtTheServer(t *testing.T) {
	if os.Getenv("RULEHOST_MARKER_CHILD") != "" {
		fmt.Printf("marker=%q\n", os.Getenv(execedEnv))
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run", "^TestExecMarkerStopsAtTheServer$")
	cmd.Env = append(os.Environ(), "RULEHOST_MARKER_CHILD=1", execedEnv+"=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), `marker=""`) {
		t.Errorf("the full build kept %s:\n%s", execedEnv, out)
	}
}
