package suite

import (
	"fmt"
	"hash/fnv"
	"path"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rulehost/rulehost/host/isolate"
	"github.com/rulehost/rulehost/host/plugin"
)

// Status is a case's outcome.
type Status string

// Statuses.
const (
	Pass Status = "pass"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Result is one case's outcome.
type Result struct {
	ID     string `json:"id"`
	Suite  string `json:"suite"`
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Status Status `json:"status"`
	// Updated is set when --update rewrote the case's golden (or want).
	Updated bool `json:"updated,omitempty"`
	// Message says why the case failed (or was skipped).
	Message string `json:"message,omitempty"`
	// Diffs are the record-level differences from the golden.
	Diffs []Diff `json:"diffs,omitempty"`
	// Note explains a mismatch by a change of engine or plugin version.
	Note string `json:"note,omitempty"`
	// Got is what the case produced (plugin cases: the record or text).
	Got string `json:"got,omitempty"`
	// Plugin and File name a plugin case's plugin and case file.
	Plugin   string        `json:"plugin,omitempty"`
	File     string        `json:"file,omitempty"`
	Duration time.Duration `json:"-"`
	Seconds  float64       `json:"seconds"`
}

// Options configure a run.
type Options struct {
	// Jobs is how many cases run at once (default: the machine's cores).
	Jobs int
	// Update rewrites goldens (and plugin cases' wants) that differ. Only
	// on purpose: never otherwise.
	Update bool
	// Filter selects cases by ID: a glob ("*" matches across "/") when it
	// holds *, ? or [, else a substring. Empty selects every case.
	Filter string
	// Shard is I of N (1-based); zero runs every case.
	Shard, Shards int
	// Plugin are the options plugins load with (deadline, logger).
	Plugin plugin.Options
	// Isolate, when set, runs plugin cases' plugins in worker processes
	// (host.LoadIsolated) instead of in-process.
	Isolate *isolate.Options
	// Progress, when set, is called after each case finishes (in any order).
	Progress func(done, total int, r *Result)
	// Emit, when set, receives each result in the stable order, as soon as
	// every case before it has finished.
	Emit func(r *Result)
}

// ParseShard reads "I/N" (1 <= I <= N).
func ParseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if ok {
		i, err = strconv.Atoi(a)
		if err == nil {
			n, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("want I/N with 1 <= I <= N (e.g. 2/3), found %q", s)
	}
	return i, n, nil
}

// ShardOf is the shard (1..n) a case ID belongs to: a hash of the ID, so
// the split is the same on every machine, and adding a case moves no
// other case to another shard.
func ShardOf(id string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(id))
	return int(h.Sum64()%uint64(n)) + 1
}

// Matches reports whether a case ID passes a --filter pattern.
func Matches(pattern, id string) bool {
	if pattern == "" {
		return true
	}
	if !hasMeta(pattern) {
		return strings.Contains(id, pattern)
	}
	// "*" in path.Match stops at "/"; IDs are matched with it spanning
	// parts, by matching a slash-free copy.
	ok, err := path.Match(strings.ReplaceAll(pattern, "/", "\x1f"), strings.ReplaceAll(id, "/", "\x1f"))
	return err == nil && ok
}

// Select returns the cases of the suites a run covers, in stable order.
func Select(suites []*Suite, opts Options) []*Case {
	var out []*Case
	for _, s := range suites {
		for _, c := range s.Cases {
			if !Matches(opts.Filter, c.ID) {
				continue
			}
			if opts.Shards > 0 && ShardOf(c.ID, opts.Shards) != opts.Shard {
				continue
			}
			out = append(out, c)
		}
	}
	return out
}

// Summary counts a run's results.
type Summary struct {
	Passed, Failed, Skipped, Updated int
	Elapsed                          time.Duration
	Jobs                             int
}

// Summarize counts results.
func Summarize(results []*Result, elapsed time.Duration, jobs int) Summary {
	s := Summary{Elapsed: elapsed, Jobs: jobs}
	for _, r := range results {
		switch r.Status {
		case Pass:
			s.Passed++
		case Fail:
			s.Failed++
		case Skip:
			s.Skipped++
		}
		if r.Updated {
			s.Updated++
		}
	}
	return s
}

// Run runs the selected cases of suites, opts.Jobs at a time, and returns
// their results in the stable order (Select's), whatever the scheduling.
// Each suite's plugins are loaded once, before its first case runs.
func Run(suites []*Suite, opts Options) []*Result {
	cases := Select(suites, opts)
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = min(jobs, max(len(cases), 1))
	envs := map[*Suite]*env{}
	for _, c := range cases {
		if _, ok := envs[c.Suite]; !ok {
			envs[c.Suite] = newEnv(c.Suite, opts.Plugin, opts.Isolate)
		}
	}
	defer func() {
		for _, e := range envs {
			e.close()
		}
	}()
	results := make([]*Result, len(cases))
	report := newReporter(results, opts)
	// Workers take the next case from a counter: no dispatcher, and no
	// lock per case unless someone is listening (Emit, Progress).
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(cases) {
					return
				}
				c := cases[i]
				results[i] = runOne(envs[c.Suite], c, opts)
				report.finished(i)
			}
		}()
	}
	wg.Wait()
	return results
}

// reporter calls Progress as cases finish and Emit in the stable order,
// each result as soon as every case before it has finished.
type reporter struct {
	opts    Options
	results []*Result
	mu      sync.Mutex
	done    int
	emitted int
	ready   []bool
}

func newReporter(results []*Result, opts Options) *reporter {
	return &reporter{opts: opts, results: results, ready: make([]bool, len(results))}
}

func (p *reporter) finished(i int) {
	if p.opts.Emit == nil && p.opts.Progress == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ready[i] = true
	p.done++
	if p.opts.Progress != nil {
		p.opts.Progress(p.done, len(p.results), p.results[i])
	}
	for p.emitted < len(p.results) && p.ready[p.emitted] {
		if p.opts.Emit != nil {
			p.opts.Emit(p.results[p.emitted])
		}
		p.emitted++
	}
}

// runOne runs a case, timing it; a panic anywhere in it is that case's
// failure, never the run's.
func runOne(e *env, c *Case, opts Options) (r *Result) {
	start := time.Now()
	r = &Result{ID: c.ID, Suite: c.Suite.Name, Kind: c.Kind, Name: c.Name}
	defer func() {
		if p := recover(); p != nil {
			r.Status = Fail
			r.Message = fmt.Sprintf("the case crashed: %v\n%s", p, debug.Stack())
		}
		r.Duration = time.Since(start)
		r.Seconds = r.Duration.Seconds()
	}()
	if c.Skip != "" {
		r.Status, r.Message = Skip, c.Skip
		return r
	}
	var err error
	switch c.Kind {
	case KindLoad:
		err = e.loadErrs[c.PluginDir]
	case KindPlugin:
		err = runPluginCase(e, c, opts, r)
	case KindCheck:
		err = runCheckCase(e, c, opts, r)
	case KindTranscript:
		err = runTranscriptCase(e, c, opts, r)
	case KindOdds:
		err = runOddsCase(e, c, r)
	default:
		err = fmt.Errorf("unknown case kind %q", c.Kind)
	}
	if err != nil {
		r.Status, r.Message = Fail, err.Error()
		return r
	}
	r.Status = Pass
	return r
}
