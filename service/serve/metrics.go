package serve

import (
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/service/metrics"
)

// serviceMetrics are what /metrics exports (Prometheus text format).
type serviceMetrics struct {
	requests       *metrics.CounterVec
	latency        *metrics.HistogramVec
	checks         *metrics.CounterVec
	pluginRefusals *metrics.Counter
	pluginCalls    *metrics.CounterVec
	appends        *metrics.CounterVec
	storeOutages   *metrics.CounterVec
	streams        *metrics.UpDown
	storeLatency   *metrics.HistogramVec
	expired        *metrics.Counter
	limited        *metrics.Counter

	requestCounters sync.Map // routeStatus -> *metrics.Counter
	recordCounters  sync.Map // record name -> *metrics.Counter
}

func newMetrics(reg *metrics.Registry) *serviceMetrics {
	buckets := []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10}
	refusals, refused := metrics.NewCounter("rulehost_plugin_refusals_total", "Records refused because a plugin failed (reason=plugin-error).")
	expiredFam, expired := metrics.NewCounter("rulehost_sessions_expired_total", "Sessions deleted by the idle expiry.")
	limitedFam, limited := metrics.NewCounter("rulehost_rate_limited_total", "Requests refused 429 rate-limited.")
	m := &serviceMetrics{
		requests:       metrics.NewCounterVec("rulehost_http_requests_total", "HTTP requests by route and status.", "route", "status"),
		latency:        metrics.NewHistogramVec("rulehost_http_request_seconds", "HTTP request latency by route.", buckets, "route"),
		checks:         metrics.NewCounterVec("rulehost_records_total", "Records answered, by record name (check, roll, refused, ...).", "record"),
		pluginRefusals: refused,
		pluginCalls: metrics.NewCounterVec("rulehost_plugin_calls_total",
			"Calls into plugin code: resolve (a plugin kind's check), odds (its odds function), tag (a plugin tag answered).", "call"),
		appends:      metrics.NewCounterVec("rulehost_store_appends_total", "Session events appended, by store and result.", "store", "result"),
		storeOutages: metrics.NewCounterVec("rulehost_store_outages_total", "Store calls answered 503 store-unavailable (and failed readiness checks), by store.", "store"),
		streams:      metrics.NewUpDown("rulehost_event_streams", "Event streams (GET .../events/stream) open now."),
		storeLatency: metrics.NewHistogramVec("rulehost_store_seconds",
			"Session store call latency, by store and operation (create, record, append, events, ping, list, delete).", buckets, "store", "op"),
		expired: expired,
		limited: limited,
	}
	reg.MustRegister(m.requests, m.latency, m.checks, refusals, m.pluginCalls, m.appends, m.storeOutages, m.streams, m.storeLatency, expiredFam, limitedFam)
	return m
}

// request is the counter of a route's answers with that status, looked up
// once (a label lookup hashes its values: a cost on every request).
func (m *serviceMetrics) request(route string, status int) *metrics.Counter {
	k := routeStatus{route, status}
	if c, ok := m.requestCounters.Load(k); ok {
		return c.(*metrics.Counter)
	}
	c, _ := m.requestCounters.LoadOrStore(k, m.requests.WithLabelValues(route, strconv.Itoa(status)))
	return c.(*metrics.Counter)
}

type routeStatus struct {
	route  string
	status int
}

// record is the counter of records of that name. Record names are the
// engine's and the loaded plugins' (a bounded set).
func (m *serviceMetrics) record(name string) *metrics.Counter {
	if c, ok := m.recordCounters.Load(name); ok {
		return c.(*metrics.Counter)
	}
	c, _ := m.recordCounters.LoadOrStore(name, m.checks.WithLabelValues(name))
	return c.(*metrics.Counter)
}

func (m *serviceMetrics) countRecord(r record.Record) {
	m.record(r.Name).Inc()
	if r.Name == "refused" && r.Value("reason") == "plugin-error" {
		m.pluginRefusals.Inc()
	}
}

// processStart is when this process's service package was initialised,
// close enough to the process's start for process_start_time_seconds.
var processStart = time.Now()

// processMetrics are the process's own: its CPU time (what `rulehost load`
// reads to give requests per server CPU-second), start time and the Go
// runtime's goroutines, heap and collections (read at each scrape).
func processMetrics() []metrics.Collector {
	mem := func(f func(*runtime.MemStats) uint64) func() float64 {
		return func() float64 {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			return float64(f(&ms))
		}
	}
	return []metrics.Collector{
		metrics.NewCounterFunc("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.",
			func() float64 { return processCPU().Seconds() }),
		metrics.NewGaugeFunc("process_start_time_seconds", "Start time of the process since unix epoch in seconds.",
			func() float64 { return float64(processStart.UnixNano()) / 1e9 }),
		metrics.NewGaugeFunc("go_goroutines", "Number of goroutines that currently exist.",
			func() float64 { return float64(runtime.NumGoroutine()) }),
		metrics.NewGaugeFunc("go_memstats_heap_alloc_bytes", "Number of heap bytes allocated and still in use.",
			mem(func(m *runtime.MemStats) uint64 { return m.HeapAlloc })),
		metrics.NewGaugeFunc("go_memstats_sys_bytes", "Number of bytes obtained from system.",
			mem(func(m *runtime.MemStats) uint64 { return m.Sys })),
		metrics.NewCounterFunc("go_gc_cycles_total", "Number of completed garbage collection cycles.",
			mem(func(m *runtime.MemStats) uint64 { return uint64(m.NumGC) })),
	}
}
