// Package mainstack grows the main goroutine's stack to Size once, at
// init, while the stack is shallow (the light rulehost binary imports it).
//
// Why: a goroutine starts with 2 KiB of stack, and each time it needs
// more the runtime copies the whole stack, walking every frame on it
// through the binary's pclntab. A one-shot rulehost command grew its main
// goroutine's stack four times (in runtime/metrics' initialiser,
// go-hclog's regular expression, urfave/cli's flag parsing and the
// ruleset's decoding), deep in each, and on the VMs rulehost runs on the
// pages of the pclntab that a walk first reads are costly to map. One
// growth here, three frames deep, replaces the later ones
// (docs/performance.md, "One-shot commands"). It changes no result.
package mainstack

// Size is the stack the main goroutine has after init: what a one-shot
// check and validate need.
const Size = 16 << 10

func init() { grow() }

// grow has a frame of most of Size, so calling it makes the runtime
// allocate the whole stack at once; the frame is gone when it returns and
// the stack stays (no collection runs in a one-shot command to shrink it).
//
//go:noinline
func grow() byte {
	var frame [Size - 2<<10]byte
	frame[at] = 1 // an index the compiler cannot see keeps the frame real
	return frame[len(frame)-1-at]
}

// at is 0; a variable, so grow's frame is not folded away.
var at int
