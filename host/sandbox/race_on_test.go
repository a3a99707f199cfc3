//go:build race

package sandbox

// raceSlow scales the hard bound's deadline in -race builds (bound_test.go).
const raceSlow = 4
