//go:build !race

package sandbox

// raceSlow is 1 outside -race builds (see race_on_test.go).
const raceSlow = 1
