//go:build !race

package isolate

// raceRoom is no extra address space outside -race builds (see race_on.go).
const raceRoom = 0
