package sandbox

import (
	"runtime"
	"sync/atomic"
)

// Pool keeps idle sandboxes of one plugin set. A sandbox taken with Get
// belongs to the caller until Put; the pool never hands one sandbox to two
// goroutines. Put resets it (see Sandbox.Reset) and discards it instead
// when it faulted or cannot be made pristine.
type Pool struct {
	factory   func() (*Sandbox, error)
	idle      chan *Sandbox
	closed    atomic.Bool
	created   atomic.Int64
	discarded atomic.Int64
}

// NewPool returns a pool that keeps up to 2*GOMAXPROCS idle sandboxes,
// creating new ones with factory (typically New followed by Load).
func NewPool(factory func() (*Sandbox, error)) *Pool {
	return NewPoolSize(factory, 2*runtime.GOMAXPROCS(0))
}

// NewPoolSize is NewPool with an explicit number of idle sandboxes kept.
func NewPoolSize(factory func() (*Sandbox, error), idle int) *Pool {
	if idle < 1 {
		idle = 1
	}
	return &Pool{factory: factory, idle: make(chan *Sandbox, idle)}
}

// Get returns an idle sandbox or a fresh one from the factory.
func (p *Pool) Get() (*Sandbox, error) {
	select {
	case s := <-p.idle:
		s.pooled.Store(false)
		return s, nil
	default:
	}
	s, err := p.factory()
	if err != nil {
		return nil, err
	}
	p.created.Add(1)
	return s, nil
}

// Put returns s to the pool. A faulted sandbox, one whose state cannot be
// restored, or one in excess of the pool size is closed instead. Putting
// nil or the same sandbox twice is harmless.
func (p *Pool) Put(s *Sandbox) {
	if s == nil || !s.pooled.CompareAndSwap(false, true) {
		return
	}
	if s.busy.Load() {
		// still running on another goroutine: misuse; drop it, never reuse
		p.discarded.Add(1)
		return
	}
	if p.closed.Load() || s.Reset() != nil {
		p.discard(s)
		return
	}
	select {
	case p.idle <- s:
	default:
		p.discard(s)
	}
}

func (p *Pool) discard(s *Sandbox) {
	p.discarded.Add(1)
	s.Close()
}

// Close closes the idle sandboxes; later Puts close theirs.
func (p *Pool) Close() {
	p.closed.Store(true)
	for {
		select {
		case s := <-p.idle:
			s.Close()
		default:
			return
		}
	}
}

// Created reports how many sandboxes the factory made.
func (p *Pool) Created() int64 { return p.created.Load() }

// Discarded reports how many sandboxes were closed instead of reused.
func (p *Pool) Discarded() int64 { return p.discarded.Load() }
