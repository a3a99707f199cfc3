// Package metrics keeps the service's counters and latency histograms and
// writes them in the Prometheus text exposition format (version 0.0.4),
// which is what /metrics serves.
//
// It replaces the Prometheus client library, whose package initialisers
// (a default registry with the Go and process collectors, protobuf
// descriptors, procfs tables) ran in every rulehost process, `rulehost
// check` included, and cost more CPU than the rest of a one-shot command.
// A counter here is one atomic add; a family's children are looked up by
// their label values under a mutex (callers keep the child they use on a
// hot path, as the service does).
package metrics

import (
	"io"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Counter is a count that only goes up.
type Counter struct{ n atomic.Uint64 }

// Inc adds one.
func (c *Counter) Inc() { c.n.Add(1) }

// Add adds n.
func (c *Counter) Add(n uint64) { c.n.Add(n) }

// Value is the count so far.
func (c *Counter) Value() uint64 { return c.n.Load() }

// Histogram counts observations into cumulative buckets by upper bound.
type Histogram struct {
	upper  []float64       // sorted upper bounds, +Inf implied
	counts []atomic.Uint64 // per bucket (not cumulative); the last is +Inf
	sum    atomic.Uint64   // float64 bits
	count  atomic.Uint64
}

func newHistogram(upper []float64) *Histogram {
	return &Histogram{upper: upper, counts: make([]atomic.Uint64, len(upper)+1)}
}

// Observe counts v in the first bucket whose bound is at least v.
func (h *Histogram) Observe(v float64) {
	i, _ := slices.BinarySearch(h.upper, v)
	h.counts[i].Add(1)
	for {
		old := h.sum.Load()
		if h.sum.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+v)) {
			break
		}
	}
	h.count.Add(1)
}

// family is one metric name with its help, type and labelled children.
type family struct {
	name, help, kind string
	labels           []string
	byName           []int     // label indexes in the order of their names, as written
	buckets          []float64 // histograms

	mu       sync.Mutex
	children map[string]*child // by joined label values
	order    []string          // keys in the order first seen
}

type child struct {
	values []string
	c      *Counter
	h      *Histogram
}

func newFamily(name, help, kind string, buckets []float64, labels []string) *family {
	f := &family{name: name, help: help, kind: kind, buckets: buckets, labels: labels, children: map[string]*child{}}
	f.byName = make([]int, len(labels))
	for i := range f.byName {
		f.byName[i] = i
	}
	slices.SortFunc(f.byName, func(a, b int) int { return strings.Compare(labels[a], labels[b]) })
	return f
}

// get is the child with these label values, made on first use. Too few
// or too many values is a programming error, as in the Prometheus client.
func (f *family) get(values []string) *child {
	if len(values) != len(f.labels) {
		panic("metrics: " + f.name + " has labels " + strings.Join(f.labels, ",") + "; got " + strconv.Itoa(len(values)) + " values")
	}
	key := strings.Join(values, "\xff")
	f.mu.Lock()
	defer f.mu.Unlock()
	if ch, ok := f.children[key]; ok {
		return ch
	}
	ch := &child{values: slices.Clone(values)}
	if f.kind == "histogram" {
		ch.h = newHistogram(f.buckets)
	} else {
		ch.c = &Counter{}
	}
	f.children[key] = ch
	f.order = append(f.order, key)
	return ch
}

// CounterVec is a family of counters told apart by label values.
type CounterVec struct{ f *family }

// NewCounterVec is a counter family; its children appear once used.
func NewCounterVec(name, help string, labels ...string) *CounterVec {
	return &CounterVec{newFamily(name, help, "counter", nil, labels)}
}

// WithLabelValues is the counter for these values, in the labels' order.
func (v *CounterVec) WithLabelValues(values ...string) *Counter { return v.f.get(values).c }

// NewCounter is a counter without labels.
func NewCounter(name, help string) (*CounterVec, *Counter) {
	v := NewCounterVec(name, help)
	return v, v.WithLabelValues()
}

// HistogramVec is a family of histograms told apart by label values.
type HistogramVec struct{ f *family }

// NewHistogramVec is a histogram family with these bucket bounds (sorted
// here; +Inf is implied).
func NewHistogramVec(name, help string, buckets []float64, labels ...string) *HistogramVec {
	b := slices.Clone(buckets)
	slices.Sort(b)
	return &HistogramVec{newFamily(name, help, "histogram", b, labels)}
}

// WithLabelValues is the histogram for these values.
func (v *HistogramVec) WithLabelValues(values ...string) *Histogram { return v.f.get(values).h }

// Gauge is a value read when the metrics are written.
type Gauge struct {
	name, help, kind string
	read             func() float64
}

// NewGaugeFunc is a gauge read from fn at each scrape.
func NewGaugeFunc(name, help string, fn func() float64) *Gauge {
	return &Gauge{name: name, help: help, kind: "gauge", read: fn}
}

// NewCounterFunc is a counter read from fn at each scrape (a count kept
// elsewhere, such as the CPU time the kernel accounts).
func NewCounterFunc(name, help string, fn func() float64) *Gauge {
	return &Gauge{name: name, help: help, kind: "counter", read: fn}
}

// Collector is what a Registry holds: a *CounterVec, *HistogramVec,
// *Gauge or *UpDown.
type Collector interface{ write(b []byte) []byte }

// Registry is the set of metrics one /metrics serves.
type Registry struct {
	mu   sync.Mutex
	all  []Collector
	name map[string]bool
}

// NewRegistry is an empty registry.
func NewRegistry() *Registry { return &Registry{name: map[string]bool{}} }

// MustRegister adds collectors; a name registered twice panics (a
// programming error, as in the Prometheus client).
func (r *Registry) MustRegister(cs ...Collector) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range cs {
		n := collectorName(c)
		if r.name[n] {
			panic("metrics: " + n + " registered twice")
		}
		r.name[n] = true
		r.all = append(r.all, c)
	}
}

func collectorName(c Collector) string {
	switch c := c.(type) {
	case *CounterVec:
		return c.f.name
	case *HistogramVec:
		return c.f.name
	case *Gauge:
		return c.name
	case *UpDown:
		return c.name
	}
	return ""
}

// WriteText writes every metric in the text exposition format, families
// sorted by name, labels by name and children by label values (as the
// Prometheus client wrote them), so two scrapes of the same counts are the
// same bytes.
func (r *Registry) WriteText(w io.Writer) error {
	r.mu.Lock()
	cs := slices.Clone(r.all)
	r.mu.Unlock()
	slices.SortFunc(cs, func(a, b Collector) int { return strings.Compare(collectorName(a), collectorName(b)) })
	var b []byte
	for _, c := range cs {
		b = c.write(b)
	}
	_, err := w.Write(b)
	return err
}

// ServeHTTP answers a scrape.
func (r *Registry) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	_ = r.WriteText(w)
}

func header(b []byte, name, help, kind string) []byte {
	b = append(b, "# HELP "...)
	b = append(b, name...)
	b = append(b, ' ')
	b = appendEscaped(b, help, false)
	b = append(b, "\n# TYPE "...)
	b = append(b, name...)
	b = append(b, ' ')
	b = append(b, kind...)
	return append(b, '\n')
}

func (g *Gauge) write(b []byte) []byte {
	b = header(b, g.name, g.help, g.kind)
	b = append(b, g.name...)
	b = append(b, ' ')
	b = appendFloat(b, g.read())
	return append(b, '\n')
}

func (v *CounterVec) write(b []byte) []byte { return v.f.write(b) }

func (v *HistogramVec) write(b []byte) []byte { return v.f.write(b) }

func (f *family) write(b []byte) []byte {
	f.mu.Lock()
	kids := make([]*child, 0, len(f.order))
	for _, k := range f.order {
		kids = append(kids, f.children[k])
	}
	f.mu.Unlock()
	if len(kids) == 0 {
		return b
	}
	slices.SortFunc(kids, func(a, b *child) int {
		for _, i := range f.byName {
			if c := strings.Compare(a.values[i], b.values[i]); c != 0 {
				return c
			}
		}
		return 0
	})
	b = header(b, f.name, f.help, f.kind)
	for _, ch := range kids {
		if ch.c != nil {
			b = f.sample(b, f.name, ch.values, "", "")
			b = strconv.AppendUint(b, ch.c.Value(), 10)
			b = append(b, '\n')
			continue
		}
		h := ch.h
		var cum uint64
		for i, up := range h.upper {
			cum += h.counts[i].Load()
			b = f.sample(b, f.name+"_bucket", ch.values, "le", string(appendFloat(nil, up)))
			b = strconv.AppendUint(b, cum, 10)
			b = append(b, '\n')
		}
		cum += h.counts[len(h.upper)].Load()
		b = f.sample(b, f.name+"_bucket", ch.values, "le", "+Inf")
		b = strconv.AppendUint(b, cum, 10)
		b = append(b, '\n')
		b = f.sample(b, f.name+"_sum", ch.values, "", "")
		b = appendFloat(b, math.Float64frombits(h.sum.Load()))
		b = append(b, '\n')
		b = f.sample(b, f.name+"_count", ch.values, "", "")
		b = strconv.AppendUint(b, cum, 10)
		b = append(b, '\n')
	}
	return b
}

// sample writes `name{label="value",...} ` (without braces when there are
// no labels), with one extra label when extra is not "".
func (f *family) sample(b []byte, name string, values []string, extra, extraValue string) []byte {
	b = append(b, name...)
	if len(values) > 0 || extra != "" {
		b = append(b, '{')
		for n, i := range f.byName { // sorted by label name, as the Prometheus client writes them
			if n > 0 {
				b = append(b, ',')
			}
			b = appendLabel(b, f.labels[i], values[i])
		}
		if extra != "" {
			if len(values) > 0 {
				b = append(b, ',')
			}
			b = appendLabel(b, extra, extraValue)
		}
		b = append(b, '}')
	}
	return append(b, ' ')
}

func appendLabel(b []byte, name, value string) []byte {
	b = append(b, name...)
	b = append(b, '=', '"')
	b = appendEscaped(b, value, true)
	return append(b, '"')
}

// appendEscaped escapes as the text format asks: backslash and newline
// everywhere, and the double quote in label values.
func appendEscaped(b []byte, s string, quote bool) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			b = append(b, `\\`...)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '"' && quote:
			b = append(b, `\"`...)
		default:
			b = append(b, c)
		}
	}
	return b
}

func appendFloat(b []byte, v float64) []byte {
	switch {
	case math.IsInf(v, 1):
		return append(b, "+Inf"...)
	case math.IsInf(v, -1):
		return append(b, "-Inf"...)
	case math.IsNaN(v):
		return append(b, "NaN"...)
	}
	return strconv.AppendFloat(b, v, 'g', -1, 64)
}

// UpDown is a gauge that goes up and down (event streams open now).
type UpDown struct {
	name, help string
	n          atomic.Int64
}

// NewUpDown is a gauge starting at zero.
func NewUpDown(name, help string) *UpDown { return &UpDown{name: name, help: help} }

// Inc adds one.
func (g *UpDown) Inc() { g.n.Add(1) }

// Dec takes one away.
func (g *UpDown) Dec() { g.n.Add(-1) }

// Value is the gauge now.
func (g *UpDown) Value() int64 { return g.n.Load() }

func (g *UpDown) write(b []byte) []byte {
	b = header(b, g.name, g.help, "gauge")
	b = append(b, g.name...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, g.n.Load(), 10)
	return append(b, '\n')
}
