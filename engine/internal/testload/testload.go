// Package testload is for tests only: it gives the engine's tests the
// spec's JSON examples, kept once in testdata/spec/checks, so the ruleset
// tests (which validate them) and the check tests (which roll them) read
// the same text, the page's own.
package testload

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// root is the repository root, found from this file's place so that any
// package's tests can call Spec whatever their working directory.
func root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// Spec returns a spec example as the page prints it, e.g.
// `"resolution": { "kind": "dice-sum", ... }`. It panics when the example
// is missing: it is called while a test package initialises, and a
// missing example is a broken checkout, not a test result.
func Spec(name string) string {
	b, err := os.ReadFile(filepath.Join(root(), "testdata", "spec", "checks", name+".jsonfrag"))
	if err != nil {
		panic("testload: spec example " + name + ": " + err.Error())
	}
	return strings.TrimSpace(string(b))
}

// SpecBody returns the members inside a spec example's outer braces:
// `"kind": "dice-sum", ...` for the dice-sum example, ready to be wrapped
// in "resolution": { ... } with other keys appended.
func SpecBody(name string) string {
	s := Spec(name)
	open := strings.IndexByte(s, '{')
	end := strings.LastIndexByte(s, '}')
	if open < 0 || end <= open {
		panic("testload: spec example " + name + " is not an object")
	}
	return strings.TrimSpace(s[open+1 : end])
}
