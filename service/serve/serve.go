// Package serve is the engine as an HTTP/JSON service (`rulehost serve`):
// the same operations as the CLI (validate, check, roll, and sessions
// when a store is given) for hosts that are not written in Go.
//
// Every route is a row of one table (routes.go) from which both the
// request multiplexer and the OpenAPI document are built, so the two
// cannot disagree. Bodies are strict JSON (unknown members, duplicate
// keys and trailing data refused), limited in size, and each request runs
// under a deadline. Errors are JSON with the same pointers and reason
// codes as the CLI.
//
// It may import the engine, the plugin host (host), the tools for model
// Game Masters (mcp) and service/metrics (what /metrics writes), and the
// stores only through
// session.EventStore; never suite/ or cmd/
// (docs/architecture.md).
package serve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/service/apikey"
	"github.com/rulehost/rulehost/service/metrics"
)

// Defaults for Options.
const (
	DefaultAddr     = "127.0.0.1:8080"
	DefaultMaxBody  = 4 << 20 // a large ruleset inline, with sheets
	DefaultDeadline = 10 * time.Second
	// MaxRepeat bounds repeat= on a check request.
	MaxRepeat = 10_000
)

// Options configure a Server. The zero value serves on loopback with no
// plugins and no bundled rulesets.
type Options struct {
	// Addr is where to listen; loopback by default, so exposing the
	// service is a decision someone makes.
	Addr string
	// Bundled is the folder of bundled rulesets ("rulesets"): a request
	// may name one instead of sending it ({"bundled": "d20-5e"}).
	Bundled string
	// Host holds the plugins, loaded once at start; nil for none.
	Host *host.Host
	// MaxBody bounds a request body in bytes.
	MaxBody int64
	// Deadline bounds the work of one request.
	Deadline time.Duration
	Logger   hclog.Logger
	// Registry receives the service's metrics; a fresh one when nil.
	Registry *metrics.Registry
	// Store keeps the sessions (sessions.go); nil serves no sessions.
	Store session.EventStore
	// CORSOrigins are the origins (https://app.example) whose pages may
	// call the service from a browser; a browser request of any other
	// origin is refused (docs/http.md "Browsers").
	CORSOrigins []string
	// Keys, when not empty, are the API keys the service admits; each
	// owns the sessions it creates (auth.go). Nil or empty: no keys.
	Keys *apikey.Set
	// RateLimit, when positive, is the requests a second each API key
	// (each client address without keys) may make, with bursts of
	// RateBurst (RateLimit rounded up when 0); past it 429 rate-limited.
	RateLimit float64
	RateBurst int
	// IdleExpiry, when positive, deletes sessions not appended to for
	// that long (checked every quarter of it, at most every minute,
	// while Serve runs).
	IdleExpiry time.Duration
	// MaxLive bounds the sessions kept folded in memory; past it the one
	// used longest ago is dropped (the store keeps everything, and the
	// next request for it folds it again). DefaultMaxLive when 0.
	MaxLive int
	// MaxStreams bounds the event streams open at once in this process,
	// and MaxStreamsPerKey those of one API key (of everyone, without
	// keys): a stream holds a connection and a goroutine for as long as
	// its client stays, so without a bound clients could hold the process
	// open without limit. Past either, 429 too-many-streams.
	// DefaultMaxStreams and DefaultMaxStreamsPerKey when 0.
	MaxStreams, MaxStreamsPerKey int
	// PublicMetrics serves /metrics without a key even when the service
	// has keys (a scraper on a private network that sends none); by
	// default /metrics wants a key as /v1 does.
	PublicMetrics bool
}

// DefaultMaxLive is how many folded sessions a process keeps by default.
const DefaultMaxLive = 1024

// The default bounds of open event streams: enough for a bot with a
// stream per active session, far below what exhausts a process.
const (
	DefaultMaxStreams       = 4096
	DefaultMaxStreamsPerKey = 256
)

func (o Options) withDefaults() Options {
	if o.Addr == "" {
		o.Addr = DefaultAddr
	}
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.MaxLive <= 0 {
		o.MaxLive = DefaultMaxLive
	}
	if o.MaxStreams <= 0 {
		o.MaxStreams = DefaultMaxStreams
	}
	if o.MaxStreamsPerKey <= 0 {
		o.MaxStreamsPerKey = DefaultMaxStreamsPerKey
	}
	if o.Deadline <= 0 {
		o.Deadline = DefaultDeadline
	}
	if o.Logger == nil {
		o.Logger = hclog.NewNullLogger()
	}
	if o.Registry == nil {
		// The process's own metrics too: process_cpu_seconds_total is
		// what `rulehost load` reads to give requests per CPU-second.
		o.Registry = metrics.NewRegistry()
		o.Registry.MustRegister(processMetrics()...)
	}
	return o
}

// Server is the HTTP service.
type Server struct {
	opts    Options
	mux     *http.ServeMux
	metrics *serviceMetrics
	nextID  atomic.Uint64
	// idPrefix starts this process's request ids: random, so that ids
	// of several servers behind one balancer do not collide.
	idPrefix string

	kinds        map[string]check.Resolver // the plugins' kinds, counted (plugins.go)
	tags         session.TagHandler        // the plugins' tags, counted
	cache        bundledCache
	inline       contentCache // inline rulesets by content
	inlineSheets contentCache // inline sheets by content and ruleset
	liveMu       sync.Mutex
	sessions     map[string]*liveSession
	liveTick     uint64     // counts uses of live sessions, for dropping the oldest
	tools        toolTables // each session's tools and MCP server (toolcalls.go)

	notFound, preflight http.Handler // the answers outside the route table, logged and counted as routes are

	closing     chan struct{} // closed when Serve shuts down: event streams end
	streamsOpen streamCount   // open event streams, in all and by key (stream.go)
	closingOnce sync.Once
	limiters    limiters

	// pluginOnce computes plugins, the plugins' names in a snapshot key
	// (snapshots.go); pluginOK is false when they cannot be named.
	pluginOnce sync.Once
	plugins    []string
	pluginOK   bool

	// pinOnce computes pins, the loaded plugins as sessions pin them
	// (pins.go), or pinErr.
	pinOnce sync.Once
	pins    []pluginPin
	pinErr  error
}

// New builds a server from its options.
func New(opts Options) *Server {
	s := &Server{opts: opts.withDefaults(), closing: make(chan struct{})}
	s.metrics = newMetrics(s.opts.Registry)
	if s.opts.Store != nil {
		s.opts.Store = timedStore{s.opts.Store, s.metrics.storeLatency}
	}
	s.countPlugins()
	s.loadedPins() // hashed as loaded, before anyone edits the folders under a running service
	s.idPrefix = newID()[:12] + "-"
	s.mux = http.NewServeMux()
	paths := map[string]bool{}
	for _, r := range s.routes() {
		s.mux.Handle(r.Method+" "+r.Path, s.wrap(r))
		paths[r.Path] = true
	}
	for p := range paths {
		s.mux.Handle(p, s.wrap(route{Method: "(other)", Path: p, Public: true, Handle: func(*Server) handlerFunc {
			return func(_ context.Context, r *http.Request) (any, error) {
				return nil, &apiError{Status: http.StatusMethodNotAllowed, Code: "method-not-allowed", Message: fmt.Sprintf("%s does not answer %s; see /v1/openapi.json", r.URL.Path, r.Method)}
			}
		}}))
	}
	s.mountPlay()
	s.mux.Handle("/mcp", s.Admitted(s.MCPHandler())) // MCP over streamable HTTP (docs/mcp.md), behind the same keys as /v1
	if s.opts.PublicMetrics {
		s.mux.Handle("GET /metrics", s.opts.Registry)
	} else {
		// Behind the keys when there are keys: the counts by route and
		// status, the store's latency and the plugins' calls say how the
		// service is used, which is nobody's business without a key.
		s.mux.Handle("GET /metrics", s.Admitted(s.opts.Registry))
	}
	s.notFound = s.wrap(route{Method: "(any)", Path: "(not-found)", Public: true, Handle: func(*Server) handlerFunc {
		return func(_ context.Context, r *http.Request) (any, error) {
			p := r.URL.Path
			if p == "" || p[0] != '/' || path.Clean(p) != p {
				return nil, &apiError{Status: http.StatusNotFound, Code: "not-found", Message: fmt.Sprintf("path %q is not a route; the API is described at /v1/openapi.json", p)}
			}
			return nil, &apiError{Status: http.StatusNotFound, Code: "not-found", Message: fmt.Sprintf("no route %s %s; the API is described at /v1/openapi.json", r.Method, p)}
		}
	}})
	s.preflight = s.wrap(route{Method: http.MethodOptions, Path: "(preflight)", Public: true, Handle: func(s *Server) handlerFunc { return s.handlePreflight }})
	s.mux.Handle("/", s.notFound)
	return s
}

// Handler is the service as an http.Handler (for tests and for hosts that
// mount it in their own server).
func (s *Server) Handler() http.Handler { return http.HandlerFunc(s.serveHTTP) }

// serveHTTP answers a path that is not in clean form ("/v1//check",
// "/.#") with a JSON 404 rather than the multiplexer's redirect, so every
// answer of the service is JSON.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if p := r.URL.Path; p == "" || p[0] != '/' || path.Clean(p) != p {
		s.notFound.ServeHTTP(w, r)
		return
	}
	if r.Method == http.MethodOptions {
		s.preflight.ServeHTTP(w, r)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Serve listens on Options.Addr until ctx ends, then shuts down
// gracefully: no new connections, in-flight requests finish (within the
// request deadline). ready, when not nil, receives the bound address.
func (s *Server) Serve(ctx context.Context, ready func(addr string)) error {
	ln, err := net.Listen("tcp", s.opts.Addr)
	if err != nil {
		return fmt.Errorf("serve: listen on %s: %w", s.opts.Addr, err)
	}
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       s.opts.Deadline + 10*time.Second,
		WriteTimeout:      s.opts.Deadline + StoreGrace + 10*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          s.opts.Logger.StandardLogger(&hclog.StandardLoggerOptions{InferLevels: true}),
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	s.opts.Logger.Info("serving", "addr", ln.Addr().String())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	go s.expireIdle(ctx)
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	s.opts.Logger.Info("shutting down: finishing in-flight requests")
	s.closingOnce.Do(func() { close(s.closing) })
	shut, cancel := context.WithTimeout(context.Background(), s.opts.Deadline+5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
