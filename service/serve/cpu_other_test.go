//go:build !unix

package serve

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
