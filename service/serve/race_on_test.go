//go:build race

package serve

// raceEnabled: the race detector is on (sync.Pool drops what is put in
// it at random then, so allocation counts do not hold).
const raceEnabled = true
