//go:build linux

package hugeheap

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// anonHuge is the AnonHugePages of the mapping of /proc/self/smaps that
// holds addr, in KiB.
func anonHuge(t *testing.T, addr uintptr) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if lo, hi, ok := strings.Cut(f[0], "-"); ok && !strings.HasSuffix(f[0], ":") {
			a, err1 := strconv.ParseUint(lo, 16, 64)
			z, err2 := strconv.ParseUint(hi, 16, 64)
			in = err1 == nil && err2 == nil && uint64(addr) >= a && uint64(addr) < z
			continue
		}
		if in && f[0] == "AnonHugePages:" && len(f) > 1 {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	t.Fatalf("no mapping of /proc/self/smaps holds %#x", addr)
	return 0
}

// TestCollapseMapsTheHeapStartHuge: after the init's collapse the mapping
// that holds the heap's first objects carries a huge page (where the
// kernel can make one: THP not "never", MADV_COLLAPSE known).
func TestCollapseMapsTheHeapStartHuge(t *testing.T) {
	thp, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(thp), "[never]") {
		t.Skipf("no transparent huge pages here (%s%v)", strings.TrimSpace(string(thp)), err)
	}
	if err := Collapse(); err != nil {
		t.Skipf("MADV_COLLAPSE refused here: %v", err)
	}
	if !collapsed {
		t.Errorf("the init's collapse failed, a later one succeeded")
	}
	if n := anonHuge(t, uintptr(unsafe.Pointer(anchor))); n < Region>>10 {
		t.Errorf("the heap's first region has %d KiB of huge pages, want %d", n, Region>>10)
	}
}

// TestEnvOff: with RULEHOST_SMALL_PAGES=1 the init leaves the heap as it
// was (a child: this test binary again, printing what its init did).
func TestEnvOff(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") != "" {
		fmt.Printf("collapsed=%v\n", collapsed)
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run", "^TestEnvOff$")
	cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD=1", EnvOff+"=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "collapsed=false") {
		t.Errorf("with %s=1 the init collapsed the heap:\n%s", EnvOff, out)
	}
}
