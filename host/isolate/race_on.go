//go:build race

package isolate

// raceRoom is address space a -race worker gets beyond its limit: the
// race runtime maps its own memory (128 MiB at a time, and shadow for
// the heap) as the worker runs, and would hit RLIMIT_AS long before the
// plugin did, ending healthy workers (exit 66).
const raceRoom = 256 << 20
