//go:build rulehost_light

package main

// lightBuild: these tests run in the light build, whose server commands
// are handed to rulehost-server (not in process).
const lightBuild = true
