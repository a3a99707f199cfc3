//go:build !rulehost_light

package main

import "os"

// The full build runs the server commands itself; when the light build
// exec'd it for one, the marker it set goes no further than this process.
func init() { os.Unsetenv(execedEnv) }
