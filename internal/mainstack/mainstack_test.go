package mainstack

import (
	"testing"
	"unsafe"
)

// deep needs about 12 KiB of stack.
//
//go:noinline
func deep() byte {
	var frame [12 << 10]byte
	frame[at] = 2
	return frame[len(frame)-1-at]
}

// TestGrowLeavesRoom: after grow, a goroutine runs a 12 KiB frame without
// its stack being copied again (a copy moves its locals).
func TestGrowLeavesRoom(t *testing.T) {
	moved := make(chan bool)
	go func() {
		grow()
		var here byte
		before := uintptr(unsafe.Pointer(&here))
		deep()
		moved <- uintptr(unsafe.Pointer(&here)) != before
	}()
	if <-moved {
		t.Error("the stack was copied after grow: grow did not leave Size of stack")
	}
}
