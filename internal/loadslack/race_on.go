//go:build race

package loadslack

// raceFactor is how much more slack a -race build gets (see Slack).
const raceFactor = 4
