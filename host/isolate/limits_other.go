//go:build !unix

package isolate

import "fmt"

type limits struct{ as, cpu uint64 }

func (l limits) applyAS() error {
	if l.as != 0 {
		return fmt.Errorf("address-space limits need a Unix system")
	}
	return nil
}

func (l limits) armCPU() error {
	if l.cpu != 0 {
		return fmt.Errorf("CPU limits need a Unix system")
	}
	return nil
}

const exitCPU = 3

func watchCPU() {}

func processStopped(int) bool { return false }
