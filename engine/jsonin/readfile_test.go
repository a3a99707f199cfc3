package jsonin

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadFileReadsOnce: ReadFile reads a file into one buffer of its
// size (as os.ReadFile does), not through io.ReadAll's doubling from 512
// bytes (a 19 KB ruleset was 42 KB of buffers, pages a one-shot command
// touches: issue 31), and still reads what is there when the file is not
// the size it said (a file that grows while read, /proc files that say 0).
func TestReadFileReadsOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.json")
	want := bytes.Repeat([]byte(`{"a":1}`+"\n"), 2800) // about 20 KB
	if err := os.WriteFile(path, want, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("ReadFile: %v, %d bytes, want %d", err, len(got), len(want))
	}
	if !testing.Short() {
		const runs = 50
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for range runs {
			if _, err := ReadFile(path); err != nil {
				t.Fatal(err)
			}
		}
		runtime.ReadMemStats(&after)
		if per := (after.TotalAlloc - before.TotalAlloc) / runs; per > uint64(len(want))*5/4+2048 { // its size rounded up to a size class, and the open file
			t.Fatalf("ReadFile allocates %d bytes for a file of %d", per, len(want))
		}
	}
	empty := filepath.Join(dir, "empty.json")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFile(empty); err != nil || len(got) != 0 {
		t.Fatalf("empty file: %v, %q", err, got)
	}
	if _, err := os.Stat("/proc/self/status"); err == nil { // size 0 in its stat, not empty
		if got, err := ReadFile("/proc/self/status"); err != nil || len(got) == 0 {
			t.Fatalf("/proc/self/status: %v, %d bytes", err, len(got))
		}
	}
}
