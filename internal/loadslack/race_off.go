//go:build !race

package loadslack

// raceFactor is 1 outside -race builds (see race_on.go).
const raceFactor = 1
