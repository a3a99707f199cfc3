package check

import (
	"testing"
	"unsafe"
)

// growStack uses about n bytes of stack and returns: the goroutine keeps
// the stack it grew to.
//
//go:noinline
func growStack(n int) byte {
	var pad [512]byte
	if n <= len(pad) {
		return pad[n%len(pad)]
	}
	return growStack(n-len(pad)) + pad[0]
}

// TestPairTextsFitASmallStack: building pairTexts needs no more than a
// few KB of stack. As a returned [441]string with a local [441]int (11 KB
// of frame) it made the main goroutine's stack grow twice, to 32 KB, in
// every process's start (docs/performance.md, "One-shot commands"). A
// goroutine's stack that moved shows as a local variable's address
// changing.
func TestPairTextsFitASmallStack(t *testing.T) {
	moved := make(chan bool)
	go func() {
		growStack(6 << 10) // room for 8 KB, at least
		var here byte
		before := uintptr(unsafe.Pointer(&here))
		var tbl [(maxPairFace + 1) * (maxPairFace + 1)]string
		p := &tbl // on the heap: it escapes below
		fillPairTexts(p)
		sink = p
		moved <- uintptr(unsafe.Pointer(&here)) != before
	}()
	if <-moved {
		t.Error("fillPairTexts grew its goroutine's 8 KB stack")
	}
	if *sink != pairTexts {
		t.Error("fillPairTexts filled a table unlike pairTexts")
	}
}

var sink *[(maxPairFace + 1) * (maxPairFace + 1)]string
