// Package hugeheap backs the first 2 MiB of the Go heap with one
// transparent huge page, for the one-shot commands of the light rulehost
// binary (which imports it; the server binary does not).
//
// Why: on the VMs rulehost runs on a page fault costs 30-40 µs, and a
// one-shot `rulehost check` took some 220 faults on fresh heap pages, one
// per 4 KiB the package initialisers, the ruleset's decoding and the
// allocator's span headers first touched: a third of the process's CPU.
// One MADV_COLLAPSE at init (about 0.5 ms: one 2 MiB page allocated and
// the few pages touched so far copied in) maps the whole region at once.
// docs/performance.md, "One-shot commands".
//
// It changes no result: the heap's contents are the same, only how the
// kernel maps them. Where the kernel has no transparent huge pages (THP
// "never", a kernel before 6.1, not Linux) or none is free, the call
// fails and nothing changes. RULEHOST_SMALL_PAGES=1 turns it off.
//
// It imports nothing of rulehost; only the light binary's main imports it.
package hugeheap

// EnvOff turns the collapse off when set to anything but "" or "0".
const EnvOff = "RULEHOST_SMALL_PAGES"

// Region is the size of the heap region collapsed: one huge page on
// amd64 and arm64 Linux.
const Region = 2 << 20

// collapsed reports whether the init's collapse succeeded (for tests).
var collapsed bool
