package sheet

import (
	"sync/atomic"
	"unsafe"
)

// memo is the slot behind Sheet.Memo: a *memoBox, read and written only
// with atomic.LoadPointer / StorePointer. A plain pointer rather than an
// atomic.Pointer, which vet would not let a Sheet be copied with; a copy
// shares what was kept, which is harmless, as Memo's users check what
// they find against the sheet they hold.
type memo struct{ p unsafe.Pointer }

type memoBox struct{ v any }

// Memo returns what an engine package kept with this sheet (StoreMemo),
// nil when nothing was. engine/check keeps there the compiled check plan
// of the characters made from the sheet with New, so that a host making
// a new Character for every request from one loaded sheet (the HTTP
// service) plans each target once rather than on every request. Whatever
// is kept must be checked against what it was built from before it is
// used: a sheet may be read under another ruleset, and a value kept by
// another package is not the caller's type (a failed type assertion is a
// miss, never a panic).
func (s *Sheet) Memo() any {
	if b := (*memoBox)(atomic.LoadPointer(&s.memo.p)); b != nil {
		return b.v
	}
	return nil
}

// StoreMemo replaces what Memo returns. It is safe for concurrent use;
// the last store wins.
func (s *Sheet) StoreMemo(v any) { atomic.StorePointer(&s.memo.p, unsafe.Pointer(&memoBox{v})) }
