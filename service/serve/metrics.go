package serve

import (
	"strconv"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/rulehost/rulehost/engine/record"
)

// metrics are what /metrics exports (Prometheus text format).
type metrics struct {
	requests       *prometheus.CounterVec
	latency        *prometheus.HistogramVec
	checks         *prometheus.CounterVec
	pluginRefusals prometheus.Counter
	pluginCalls    *prometheus.CounterVec
	appends        *prometheus.CounterVec
	storeOutages   *prometheus.CounterVec
	streams        prometheus.Gauge
	storeLatency   *prometheus.HistogramVec
	expired        prometheus.Counter
	limited        prometheus.Counter

	requestCounters sync.Map // routeStatus -> prometheus.Counter
	recordCounters  sync.Map // record name -> prometheus.Counter
}

func newMetrics(reg *prometheus.Registry) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rulehost_http_requests_total", Help: "HTTP requests by route and status.",
		}, []string{"route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "rulehost_http_request_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10},
		}, []string{"route"}),
		checks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rulehost_records_total", Help: "Records answered, by record name (check, roll, refused, ...).",
		}, []string{"record"}),
		pluginRefusals: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "rulehost_plugin_refusals_total", Help: "Records refused because a plugin failed (reason=plugin-error).",
		}),
		pluginCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rulehost_plugin_calls_total", Help: "Calls into plugin code: resolve (a plugin kind's check), odds (its odds function), tag (a plugin tag answered).",
		}, []string{"call"}),
		appends: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rulehost_store_appends_total", Help: "Session events appended, by store and result.",
		}, []string{"store", "result"}),
		storeOutages: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rulehost_store_outages_total", Help: "Store calls answered 503 store-unavailable (and failed readiness checks), by store.",
		}, []string{"store"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "rulehost_event_streams", Help: "Event streams (GET .../events/stream) open now.",
		}),
		storeLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "rulehost_store_seconds", Help: "Session store call latency, by store and operation (create, record, append, events, ping, list, delete).",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10},
		}, []string{"store", "op"}),
		expired: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "rulehost_sessions_expired_total", Help: "Sessions deleted by the idle expiry.",
		}),
		limited: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "rulehost_rate_limited_total", Help: "Requests refused 429 rate-limited.",
		}),
	}
	reg.MustRegister(m.requests, m.latency, m.checks, m.pluginRefusals, m.pluginCalls, m.appends, m.storeOutages, m.streams, m.storeLatency, m.expired, m.limited)
	return m
}

// request is the counter of a route's answers with that status, looked up
// once (a label lookup hashes its values: a cost on every request).
func (m *metrics) request(route string, status int) prometheus.Counter {
	k := routeStatus{route, status}
	if c, ok := m.requestCounters.Load(k); ok {
		return c.(prometheus.Counter)
	}
	c, _ := m.requestCounters.LoadOrStore(k, m.requests.WithLabelValues(route, strconv.Itoa(status)))
	return c.(prometheus.Counter)
}

type routeStatus struct {
	route  string
	status int
}

// record is the counter of records of that name. Record names are the
// engine's and the loaded plugins' (a bounded set).
func (m *metrics) record(name string) prometheus.Counter {
	if c, ok := m.recordCounters.Load(name); ok {
		return c.(prometheus.Counter)
	}
	c, _ := m.recordCounters.LoadOrStore(name, m.checks.WithLabelValues(name))
	return c.(prometheus.Counter)
}

func (m *metrics) countRecord(r record.Record) {
	m.record(r.Name).Inc()
	if r.Name == "refused" && r.Value("reason") == "plugin-error" {
		m.pluginRefusals.Inc()
	}
}
