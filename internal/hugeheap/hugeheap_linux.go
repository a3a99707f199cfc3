//go:build linux

package hugeheap

import (
	"syscall"
	"unsafe"
)

// madvCollapse is MADV_COLLAPSE (Linux 6.1): make the range one huge
// page now, copying what is mapped, whatever the THP "enabled" mode short
// of never.
const madvCollapse = 25

// anchor is a heap object whose address says where the heap is.
var anchor *[64]byte

func init() {
	if v, _ := syscall.Getenv(EnvOff); v != "" && v != "0" {
		return
	}
	collapsed = Collapse() == nil
}

// Collapse makes the huge-page-aligned region that holds the heap's first
// objects one huge page. The Go heap's arenas are 64 MiB aligned and
// mapped whole, so the region lies inside the heap's own mapping.
func Collapse() error {
	anchor = new([64]byte)
	start := uintptr(unsafe.Pointer(anchor)) &^ (Region - 1)
	if _, _, e := syscall.Syscall(syscall.SYS_MADVISE, start, Region, madvCollapse); e != 0 {
		return e
	}
	return nil
}
