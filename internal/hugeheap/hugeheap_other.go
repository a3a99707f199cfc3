//go:build !linux

package hugeheap

import "errors"

// Collapse is a no-op where there is no MADV_COLLAPSE.
func Collapse() error { return errors.ErrUnsupported }
