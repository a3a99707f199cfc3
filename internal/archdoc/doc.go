// Package archdoc holds the test that keeps docs/architecture.md true: every
// package of the module has its paragraph, every file the page names exists,
// and imports run downward as the page says. It has no code of its own.
package archdoc
