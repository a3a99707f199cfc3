package plugin

import "testing"

// BenchmarkAcquire is taking a pooled state and giving it back (the reset
// included): the per-call overhead of pooling, at the plugin level.
func BenchmarkAcquire(b *testing.B) {
	p, err := Load("../../testdata/plugins/bench-pool", Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	b.ReportAllocs()
	for b.Loop() {
		st, err := p.Acquire()
		if err != nil {
			b.Fatal(err)
		}
		st.Release()
	}
}

// BenchmarkFreshState is what the pool pays for a new state: a sandbox,
// the host API and prelude, and the compiled plugin loaded.
func BenchmarkFreshState(b *testing.B) {
	p, err := Load("../../testdata/plugins/bench-pool", Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	b.ReportAllocs()
	for b.Loop() {
		sb, err := p.factory()
		if err != nil {
			b.Fatal(err)
		}
		sb.Close()
	}
}
