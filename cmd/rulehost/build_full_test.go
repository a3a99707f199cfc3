//go:build !rulehost_light

package main

// lightBuild: these tests run in the full build, every command in
// process.
const lightBuild = false
