//go:build !unix

package serve

import "time"

// processCPU is unknown here: the load report leaves it out.
func processCPU() time.Duration { return 0 }
