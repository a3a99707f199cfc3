package metrics

import (
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestTextFormat pins the exposition: families sorted by name, labels by
// name (whatever order they were declared in), children by label values, histogram buckets cumulative with +Inf, _sum and _count,
// label values and help escaped.
func TestTextFormat(t *testing.T) {
	r := NewRegistry()
	req := NewCounterVec("b_requests_total", "Requests by route\\status.", "status", "route")
	lat := NewHistogramVec("a_seconds", "Latency.", []float64{1, 0.5}, "route")
	fam, one := NewCounter("c_total", "One line\nand another.")
	r.MustRegister(req, lat, fam, NewGaugeFunc("d_gauge", "A gauge.", func() float64 { return 2.5 }))
	req.WithLabelValues("200", "/v1/roll").Inc()
	req.WithLabelValues("200", "/v1/check").Add(3)
	req.WithLabelValues("500", `/we"ird`+"\n").Inc()
	h := lat.WithLabelValues("/v1/check")
	for _, v := range []float64{0.25, 0.5, 0.75, 3} {
		h.Observe(v)
	}
	one.Inc()
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `# HELP a_seconds Latency.
# TYPE a_seconds histogram
a_seconds_bucket{route="/v1/check",le="0.5"} 2
a_seconds_bucket{route="/v1/check",le="1"} 3
a_seconds_bucket{route="/v1/check",le="+Inf"} 4
a_seconds_sum{route="/v1/check"} 4.5
a_seconds_count{route="/v1/check"} 4
# HELP b_requests_total Requests by route\\status.
# TYPE b_requests_total counter
b_requests_total{route="/v1/check",status="200"} 3
b_requests_total{route="/v1/roll",status="200"} 1
b_requests_total{route="/we\"ird\n",status="500"} 1
# HELP c_total One line\nand another.
# TYPE c_total counter
c_total 1
# HELP d_gauge A gauge.
# TYPE d_gauge gauge
d_gauge 2.5
`
	if got := b.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("content type %q", ct)
	}
	if rec.Body.String() != want {
		t.Errorf("served body differs from WriteText")
	}
}

// TestUnusedFamilyIsLeftOut: a family with no child yet writes nothing
// (as the Prometheus client does), and a name registered twice panics.
func TestUnusedFamilyIsLeftOut(t *testing.T) {
	r := NewRegistry()
	r.MustRegister(NewCounterVec("x_total", "X.", "a"))
	var b strings.Builder
	r.WriteText(&b)
	if b.Len() != 0 {
		t.Fatalf("wrote %q", b.String())
	}
	defer func() {
		if recover() == nil {
			t.Fatal("registering x_total twice did not panic")
		}
	}()
	r.MustRegister(NewCounterVec("x_total", "X again."))
}

// TestConcurrentCounts: counts and observations from many goroutines add
// up exactly (run under -race).
func TestConcurrentCounts(t *testing.T) {
	v := NewCounterVec("n_total", "N.", "k")
	hv := NewHistogramVec("h", "H.", []float64{1}, "k")
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 1000; i++ {
				v.WithLabelValues("a").Inc()
				hv.WithLabelValues("a").Observe(0.5)
			}
		}()
	}
	wg.Wait()
	if n := v.WithLabelValues("a").Value(); n != 8000 {
		t.Fatalf("count %d, want 8000", n)
	}
	h := hv.WithLabelValues("a")
	if h.count.Load() != 8000 || h.counts[0].Load() != 8000 {
		t.Fatalf("histogram count %d, first bucket %d", h.count.Load(), h.counts[0].Load())
	}
}
