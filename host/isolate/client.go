// Package isolate runs plugin calls in a child worker process under OS
// limits, for plugin bundles nobody has vetted. The worker is the same
// program re-executed with a hidden subcommand (WorkerArg; call
// ServeIfWorker first in main and in TestMain). It loads the plugins
// itself, so no plugin code runs in the host at all, and caps itself
// with setrlimit: RLIMIT_AS (address space) once at start, RLIMIT_CPU
// (CPU time) before each request. The host talks to it over two pipes in
// length-prefixed JSON frames (proto.go).
//
// What a plugin sees is what it sees in-process: the worker rebuilds the
// ruleset from its bytes, each character from its sheet and live state,
// and draws every die from the host's own stream (one round trip a die),
// so the records are byte-identical to an in-process run.
//
// A worker that dies (a limit hit, a crash, a request past its time) is
// replaced, and the call it was serving is refused with a note that says
// so; the host keeps serving.
package isolate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host/format"
	"github.com/rulehost/rulehost/host/kind"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
)

// Options configure isolation. Zero fields take defaults.
type Options struct {
	// Command is the program (and leading arguments) that becomes a
	// worker when given WorkerArg; default: this executable.
	Command []string
	// MaxAddressSpace is the address space the worker may take on top of
	// what it has at start (RLIMIT_AS; default 1 GiB).
	MaxAddressSpace uint64
	// MaxCPU is the CPU time one request may use (RLIMIT_CPU, whole
	// seconds; default the plugin deadline rounded up, plus 1 s).
	MaxCPU time.Duration
	// CallTimeout bounds one request as the host waits for it (default
	// 20 times the plugin deadline, at least 5 s: a ruleset's first
	// validation runs every plugin kind on it).
	CallTimeout time.Duration
	// LogLevel is the worker's log level (default warn); its log goes to
	// Stderr (default os.Stderr).
	LogLevel string
	Stderr   io.Writer
	// Workers is how many worker processes serve calls at once (default
	// GOMAXPROCS). They start as they are first needed, so a one-shot
	// command that calls plugins one at a time starts one.
	Workers int
}

// DefaultMaxAddressSpace is the default RLIMIT_AS headroom.
const DefaultMaxAddressSpace = 1 << 30

// Client is the host's side: a pool of worker processes and what they
// loaded. A call takes a free worker, so calls run in parallel, one per
// worker; a worker busy with a slow call, or dead, is routed around (see
// acquire), and no one plugin may hold every worker at once, so a hostile
// plugin's hanging calls leave a worker to the others.
type Client struct {
	dirs  []string
	popts plugin.Options
	opts  Options

	mu       sync.Mutex
	refs     map[*ruleset.Ruleset]*rulesetRef
	plugins  []Loaded
	restarts int

	// pool: the slots, those free, the workers each plugin holds, and
	// wake, closed (and replaced) whenever a slot is freed
	pmu    sync.Mutex
	slots  []*slot
	free   []*slot
	holds  map[string]int
	wake   chan struct{}
	closed bool
	// waited counts, by plugin, the calls that found no worker they
	// could take at once (what TestPoolOrdinaryBesideHanging counts)
	waited map[string]int
}

// slot is one worker of the pool: its process (nil before it starts or
// after it died) and the rulesets it has been sent. Only the call holding
// the slot touches it.
type slot struct {
	proc *proc
	sent map[string]bool // ruleset hashes this worker has
}

// proc is one worker process.
type proc struct {
	cmd  *exec.Cmd
	w    io.WriteCloser
	r    io.ReadCloser
	done chan struct{}
	err  error // from Wait, once done is closed
}

// Start starts a worker and loads the plugins under dirs in it. Plugins
// that fail to load are returned as errors, as plugin.LoadDirs returns
// them; err is a worker that could not start.
func Start(dirs []string, popts plugin.Options, opts Options) (*Client, []error, error) {
	if popts.Deadline <= 0 {
		popts.Deadline = plugin.DefaultDeadline
	}
	if popts.Logger == nil {
		popts.Logger = hclog.NewNullLogger()
	}
	if opts.MaxAddressSpace == 0 {
		opts.MaxAddressSpace = DefaultMaxAddressSpace
	}
	if opts.MaxCPU <= 0 {
		opts.MaxCPU = popts.Deadline + time.Second
	}
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = max(20*popts.Deadline, 5*time.Second)
	}
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	// Every worker's output is copied into a Stderr that is not a file by
	// a goroutine of its own: one lock makes the workers' writes take
	// turns, so a writer that is not safe for concurrent use (a test's
	// buffer, a log sink) is safe. A file (the process's stderr) is the
	// workers' own, with no pipe and no copy.
	if _, file := opts.Stderr.(*os.File); !file {
		opts.Stderr = &lockedWriter{w: opts.Stderr}
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	c := &Client{dirs: dirs, popts: popts, opts: opts, refs: map[*ruleset.Ruleset]*rulesetRef{},
		holds: map[string]int{}, waited: map[string]int{}, wake: make(chan struct{})}
	for range opts.Workers {
		s := &slot{}
		c.slots = append(c.slots, s)
		c.free = append(c.free, s)
	}
	// the first worker starts now: what it loaded is the plugin list, and
	// a worker that cannot start is Start's error
	resp, err := c.start(c.slots[0])
	if err != nil {
		return nil, nil, err
	}
	var errs []error
	for i, e := range resp.Errors {
		var le loadError
		if i < len(resp.LoadErrors) {
			le = resp.LoadErrors[i]
		}
		errs = append(errs, loadErrorOf(e, le))
	}
	for _, p := range resp.Plugins {
		if err := record.RegisterExtension(p.Manifest.Extension()); err != nil {
			errs = append(errs, fmt.Errorf("plugin %q: %w", p.Manifest.Name, err))
			continue
		}
		c.plugins = append(c.plugins, p)
	}
	return c, errs, nil
}

// start starts a worker in slot s and loads the plugins in it; the caller
// holds s (or the client is not shared yet).
func (c *Client) start(s *slot) (response, error) {
	command := c.opts.Command
	if len(command) == 0 {
		exe, err := os.Executable()
		if err != nil {
			return response{}, fmt.Errorf("isolate: find this program to re-run as a worker: %w", err)
		}
		command = []string{exe}
	}
	cpu := uint64((c.opts.MaxCPU + time.Second - 1) / time.Second)
	args := append(append([]string{}, command[1:]...), WorkerArg,
		"--as="+strconv.FormatUint(c.opts.MaxAddressSpace, 10), "--cpu="+strconv.FormatUint(cpu, 10))
	cmd := exec.Command(command[0], args...)
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return response{}, fmt.Errorf("isolate: %w", err)
	}
	ansR, ansW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return response{}, fmt.Errorf("isolate: %w", err)
	}
	cmd.ExtraFiles = []*os.File{reqR, ansW}
	cmd.Stdout = c.opts.Stderr
	cmd.Stderr = c.opts.Stderr
	// a worker that dies says why in one line, not a dump of every goroutine
	cmd.Env = append(os.Environ(), "GOTRACEBACK=none")
	if err := cmd.Start(); err != nil {
		reqR.Close()
		reqW.Close()
		ansR.Close()
		ansW.Close()
		return response{}, fmt.Errorf("isolate: start the worker: %w", err)
	}
	reqR.Close()
	ansW.Close()
	p := &proc{cmd: cmd, w: reqW, r: ansR, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	s.proc = p
	s.sent = map[string]bool{}
	level := c.opts.LogLevel
	resp, err := c.exchange(s, &request{
		Op: "load", Dirs: c.dirs, Deadline: int64(c.popts.Deadline), MaxMemory: c.popts.MaxMemory,
		Config: c.popts.Config, LogLevel: level,
	}, nil, nil)
	if err != nil {
		return response{}, fmt.Errorf("isolate: the worker did not load the plugins: %w", err)
	}
	return resp, nil
}

// ErrWorkerDied is the error of a call whose worker ended before it
// answered.
var ErrWorkerDied = errors.New("the isolated plugin worker died")

// ErrPoolClosed is the error of a call after Close.
var ErrPoolClosed = errors.New("the isolated plugin workers were closed")

// acquire takes a free worker for a call of plugin: a live one when there
// is one (a worker that died, or was stopped from outside, is left for
// when no live one is free, and then replaced by the call that takes
// it), and never the last free one for a plugin that holds all the
// others, so that whatever one plugin does, the others keep a worker. It
// waits at most CallTimeout for one to be free.
func (c *Client) acquire(plugin string) (*slot, error) {
	var timeout <-chan time.Time
	for {
		c.pmu.Lock()
		if c.closed {
			c.pmu.Unlock()
			return nil, ErrPoolClosed
		}
		if s := c.pick(plugin); s != nil {
			c.holds[plugin]++
			c.pmu.Unlock()
			return s, nil
		}
		wake := c.wake
		if timeout == nil {
			c.waited[plugin]++
		}
		c.pmu.Unlock()
		if timeout == nil {
			t := time.NewTimer(c.opts.CallTimeout)
			defer t.Stop()
			timeout = t.C
		}
		select {
		case <-wake:
		case <-timeout:
			return nil, fmt.Errorf("no isolated plugin worker was free within %v (%d workers, all busy)", c.opts.CallTimeout, len(c.slots))
		}
	}
}

// pick removes and returns the free slot a call of plugin may take, or
// nil; pmu is held.
func (c *Client) pick(plugin string) *slot {
	if len(c.free) == 0 || (len(c.slots) > 1 && c.holds[plugin] >= len(c.slots)-1) {
		return nil
	}
	best := -1
	for i, s := range c.free {
		if s.proc != nil && s.proc.alive() {
			best = i
			break
		}
		if best < 0 || (c.free[best].proc != nil && s.proc == nil) {
			best = i // else a slot not started yet before a dead one
		}
	}
	s := c.free[best]
	c.free = append(c.free[:best], c.free[best+1:]...)
	return s
}

// release gives s back and wakes the calls waiting for a worker.
func (c *Client) release(s *slot, plugin string) {
	c.pmu.Lock()
	c.free = append(c.free, s)
	if c.holds[plugin]--; c.holds[plugin] <= 0 {
		delete(c.holds, plugin)
	}
	close(c.wake)
	c.wake = make(chan struct{})
	c.pmu.Unlock()
}

// alive reports whether the worker process is running: not ended, and
// not stopped from outside (a stopped worker would hold its calls until
// CallTimeout).
func (p *proc) alive() bool {
	select {
	case <-p.done:
		return false
	default:
	}
	return !processStopped(p.cmd.Process.Pid)
}

// call sends one request to a free worker and serves the worker's
// questions until it answers: dice from stream, item stats from chars. A
// worker that dies or runs past CallTimeout is ended and replaced, and
// the call fails.
func (c *Client) call(req *request, stream dice.Stream, chars []*sheet.Character) (response, error) {
	s, err := c.acquire(req.Plugin)
	if err != nil {
		return response{}, err
	}
	defer c.release(s, req.Plugin)
	if s.proc != nil && !s.proc.alive() {
		// died or stopped while idle: end it and start another
		c.retire(s)
	}
	if s.proc == nil {
		if _, err := c.start(s); err != nil {
			return response{}, err
		}
	}
	if req.Ruleset != nil {
		if s.sent[req.Ruleset.Hash] {
			ref := *req.Ruleset
			ref.JSON = nil
			req.Ruleset = &ref
		}
	}
	seeded, _ := stream.(*dice.Seeded)
	if seeded != nil {
		pos, err := seeded.MarshalBinary()
		if err != nil {
			return response{}, fmt.Errorf("isolate: dice stream: %w", err)
		}
		req.Stream = pos
	}
	resp, err := c.exchange(s, req, stream, chars)
	if err != nil {
		return response{}, err
	}
	if seeded != nil && resp.Err == "" {
		// the worker drew from a copy: move the host's stream on to where
		// the copy ended, exactly as if the dice had been drawn here
		if err := seeded.UnmarshalBinary(resp.Stream); err != nil {
			return response{}, fmt.Errorf("isolate: the worker's dice stream: %w", err)
		}
	}
	if req.Ruleset != nil {
		s.sent[req.Ruleset.Hash] = true
	}
	if resp.Err != "" {
		return response{}, errors.New(resp.Err)
	}
	return resp, nil
}

// retire ends the worker in s (held by the caller) and counts it replaced.
func (c *Client) retire(s *slot) {
	p := s.proc
	p.cmd.Process.Kill()
	<-p.done
	p.w.Close()
	p.r.Close()
	s.proc = nil
	c.mu.Lock()
	c.restarts++
	c.mu.Unlock()
}

// exchange runs one request on the worker in s, which the caller holds.
func (c *Client) exchange(s *slot, req *request, stream dice.Stream, chars []*sheet.Character) (response, error) {
	p := s.proc
	timedOut := false
	var tmu sync.Mutex
	timer := time.AfterFunc(c.opts.CallTimeout, func() {
		tmu.Lock()
		timedOut = true
		tmu.Unlock()
		p.cmd.Process.Kill()
	})
	defer timer.Stop()
	fail := func(err error) (response, error) {
		p.cmd.Process.Kill()
		<-p.done
		p.w.Close()
		p.r.Close()
		tmu.Lock()
		late := timedOut
		tmu.Unlock()
		s.proc = nil
		c.mu.Lock()
		c.restarts++
		c.mu.Unlock()
		why := exitReason(p.err)
		if late {
			why = fmt.Sprintf("it did not answer within %v and was stopped", c.opts.CallTimeout)
		}
		// replace it now, so the next call finds a worker ready (but not
		// from a failed start: a worker that cannot load would loop)
		if req.Op != "load" {
			if _, err := c.start(s); err != nil {
				s.proc = nil
			}
		}
		return response{}, fmt.Errorf("%w (%s); it has been replaced", ErrWorkerDied, why)
	}
	if err := writeFrame(p.w, req); err != nil {
		return fail(err)
	}
	for {
		var resp response
		if err := readFrame(p.r, &resp); err != nil {
			return fail(err)
		}
		switch resp.Op {
		case "done":
			return resp, nil
		case "roll":
			face := 1
			if stream != nil && resp.Sides >= 1 && resp.Sides <= dice.MaxSides {
				face = stream.Roll(resp.Sides)
			}
			if err := writeFrame(p.w, request{Op: "face", Face: face}); err != nil {
				return fail(err)
			}
		case "itemStat":
			v := 0.0
			if resp.Ref != nil {
				v = resp.Ref.Default
				if resp.Who >= 0 && resp.Who < len(chars) && chars[resp.Who].Items != nil {
					v = chars[resp.Who].Items.ItemStat(resp.Ref)
				}
			}
			if err := writeFrame(p.w, request{Op: "stat", Value: v}); err != nil {
				return fail(err)
			}
		default:
			return fail(fmt.Errorf("isolate: the worker sent %q", resp.Op))
		}
	}
}

// exitRaceRuntime is how a -race build's runtime (ThreadSanitizer) exits
// when it cannot allocate its own memory (its default exitcode).
const exitRaceRuntime = 66

// exitReason words how a worker ended.
func exitReason(err error) string {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		if err == nil {
			return "it ended"
		}
		return err.Error()
	}
	switch ee.ExitCode() {
	case exitCPU:
		return "CPU time limit exceeded"
	case 2:
		// the Go runtime's fatal errors, out of memory among them: with
		// RLIMIT_AS set, the likeliest cause
		return "exit status 2: out of memory or address space, or a fatal runtime error"
	case exitRaceRuntime:
		// a -race build: the race runtime (ThreadSanitizer) exits 66 when
		// its own allocation fails, which under RLIMIT_AS is the limit
		return "exit status 66: out of memory or address space (the race detector's runtime could not allocate)"
	}
	return ee.Error() // "signal: killed", "exit status 1"
}

// Plugins lists the plugins the worker loaded, in load order.
func (c *Client) Plugins() []Loaded { return append([]Loaded(nil), c.plugins...) }

// Restarts reports how many workers have been replaced.
func (c *Client) Restarts() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.restarts
}

// Close ends the workers, waiting for the calls in progress to end.
func (c *Client) Close() {
	c.pmu.Lock()
	c.closed = true
	close(c.wake)
	c.wake = make(chan struct{})
	c.pmu.Unlock()
	for _, s := range c.slots {
		// a slot in use is closed by its call's end: wait for it
		for {
			c.pmu.Lock()
			free := false
			for _, f := range c.free {
				free = free || f == s
			}
			wake := c.wake
			c.pmu.Unlock()
			if free {
				break
			}
			<-wake
		}
		if s.proc != nil {
			s.proc.w.Close() // the worker ends at EOF
			select {
			case <-s.proc.done:
			case <-time.After(2 * time.Second):
				s.proc.cmd.Process.Kill()
				<-s.proc.done
			}
			s.proc.r.Close()
			s.proc = nil
		}
	}
}

// Workers reports the pool's size and how many workers are running.
func (c *Client) Workers() (size, running int) {
	c.pmu.Lock()
	defer c.pmu.Unlock()
	for _, s := range c.free {
		if s.proc != nil {
			running++
		}
	}
	return len(c.slots), running + len(c.slots) - len(c.free)
}

// rulesetRef names rs for the worker: the hash of its bytes, and the
// bytes (sent to each worker once).
func (c *Client) rulesetRef(rs *ruleset.Ruleset, file string) (*rulesetRef, error) {
	if rs == nil {
		return nil, nil
	}
	c.mu.Lock()
	ref, ok := c.refs[rs]
	c.mu.Unlock()
	if ok {
		return ref, nil
	}
	data, err := json.Marshal(rs.Raw)
	if err != nil {
		return nil, fmt.Errorf("isolate: encode the ruleset: %w", err)
	}
	sum := sha256.Sum256(data)
	if file == "" {
		file = "ruleset.json"
	}
	ref = &rulesetRef{Hash: hex.EncodeToString(sum[:]), File: file, JSON: data}
	c.mu.Lock()
	if len(c.refs) >= 64 {
		clear(c.refs)
	}
	c.refs[rs] = ref
	c.mu.Unlock()
	return ref, nil
}

func charOf(ch *sheet.Character) (charMsg, error) {
	data, err := json.Marshal(ch.Sheet)
	if err != nil {
		return charMsg{}, fmt.Errorf("isolate: encode sheet %q: %w", ch.Name(), err)
	}
	return charMsg{Sheet: data, Scores: ch.Scores, Pools: ch.Pools}, nil
}

// --- what the host hands the engine ------------------------------------------

// Kinds returns the plugins' resolution kinds, for ruleset.Options.Kinds
// and check.Env.Kinds; each runs in the worker.
func (c *Client) Kinds() (map[string]ruleset.Kind, map[string]check.Resolver) {
	kinds := map[string]ruleset.Kind{}
	resolvers := map[string]check.Resolver{}
	for _, p := range c.plugins {
		for _, d := range p.Manifest.Kinds {
			k := &remoteKind{c: c, plugin: p.Manifest.Name, decl: d}
			kinds[d.Name] = k
			resolvers[d.Name] = k
		}
	}
	return kinds, resolvers
}

type remoteKind struct {
	c      *Client
	plugin string
	decl   plugin.KindDecl
}

func (k *remoteKind) Keys() []string   { return k.decl.Keys }
func (k *remoteKind) Locked() []string { return k.decl.Locked }

// Validate replays what the kind's validate did in the worker: its
// problems at their pointers, the configuration and the bands.
func (k *remoteKind) Validate(v *ruleset.Validator, o validate.Obj, res *ruleset.Resolution) {
	ref, err := k.c.rulesetRef(v.Ruleset(), v.P.File)
	if err == nil && ref == nil {
		err = fmt.Errorf("no ruleset")
	}
	var resp response
	if err == nil {
		resp, err = k.c.call(&request{Op: "validate", Plugin: k.plugin, Ruleset: ref, Kind: k.decl.Name, Pointer: o.At}, nil, nil)
	}
	if err != nil {
		o.Addf("kind", "plugin %q could not validate kind %q: %s", k.plugin, k.decl.Name, err)
		return
	}
	val := resp.Validation
	if val == nil || !val.Called {
		o.Addf("kind", "plugin %q: the worker did not validate kind %q here", k.plugin, k.decl.Name)
		return
	}
	v.P.List = append(v.P.List, val.Problems...)
	v.P.Warnings = append(v.P.Warnings, val.Warnings...)
	res.Plugin = val.Plugin
	if res.Plugin == nil {
		res.Plugin = map[string]any{}
	}
	res.Outcomes = val.Outcomes
}

// Resolve resolves the check in the worker, drawing its dice from the
// check's stream.
func (k *remoteKind) Resolve(c *check.Check) {
	rec, ignored, err := k.resolve(c)
	if err != nil {
		k.c.popts.Logger.Warn("isolated plugin kind failed", "plugin", k.plugin, "kind", k.decl.Name, "error", err)
		c.Rec = record.Refused("skill_check", "plugin-error", "plugin", k.plugin, "kind", k.decl.Name, "note", err.Error())
		return
	}
	c.Rec = rec
	for _, key := range ignored {
		c.Ignore(key)
	}
}

// checkRequest is a request about the check c (resolve or odds).
func (k *remoteKind) checkRequest(op string, c *check.Check) (*request, error) {
	ref, err := k.c.rulesetRef(c.Env.RS, "")
	if err != nil {
		return nil, err
	}
	ch, err := charOf(c.Env.Char)
	if err != nil {
		return nil, err
	}
	m := &checkMsg{Tag: c.Tag, Override: -1, Target: c.Target, Effects: c.Effects, Rec: &c.Rec, Char: ch}
	if c.Override != nil {
		for i := range c.Env.RS.Resolution.Overrides {
			if &c.Env.RS.Resolution.Overrides[i] == c.Override {
				m.Override = i
			}
		}
	}
	return &request{Op: op, Plugin: k.plugin, Ruleset: ref, Check: m}, nil
}

var _ check.OddsResolver = (*remoteKind)(nil)

// Odds runs the kind's odds function in the worker, so --isolate gives
// the exact odds an in-process run gives (it sampled instead, with the
// false note that the kind gives none). The worker checked the answer as
// host/kind does; the host checks again what it can without the plugin:
// bands that exist, probabilities in 0..1 that sum to 1.
func (k *remoteKind) Odds(c *check.Check) ([]check.Weighted, error) {
	req, err := k.checkRequest("odds", c)
	if err != nil {
		return nil, err
	}
	resp, err := k.c.call(req, nil, []*sheet.Character{c.Env.Char})
	switch {
	case err != nil:
		return nil, fmt.Errorf("plugin %q kind %q odds: %w", k.plugin, k.decl.Name, err)
	case resp.OddsErr != "":
		return nil, errors.New(sandbox.Clean(resp.OddsErr, 2*sandbox.MaxNoteLen, sandbox.Line))
	case resp.NoOdds:
		return nil, check.ErrNoOdds
	}
	if len(resp.Odds) == 0 || len(resp.Odds) > kind.MaxOddsOutcomes {
		return nil, fmt.Errorf("plugin %q kind %q odds: the worker answered %d outcomes", k.plugin, k.decl.Name, len(resp.Odds))
	}
	sum := 0.0
	for i, w := range resp.Odds {
		bands := 0
		if c.Res.Outcomes != nil {
			bands = len(c.Res.Outcomes.Tiers)
		}
		if w.P < 0 || w.P > 1 || w.P != w.P || w.Verdict.Band < -1 || w.Verdict.Band >= bands || (w.Verdict.Band < 0) != (bands == 0) {
			return nil, fmt.Errorf("plugin %q kind %q odds: the worker answered an impossible outcome %d", k.plugin, k.decl.Name, i+1)
		}
		sum += w.P
	}
	if sum < 1-kind.PluginOddsTolerance || sum > 1+kind.PluginOddsTolerance {
		return nil, fmt.Errorf("plugin %q kind %q odds: the probabilities sum to %.12g, not 1", k.plugin, k.decl.Name, sum)
	}
	return resp.Odds, nil
}

func (k *remoteKind) resolve(c *check.Check) (record.Record, []string, error) {
	req, err := k.checkRequest("resolve", c)
	if err != nil {
		return record.Record{}, nil, err
	}
	resp, err := k.c.call(req, c.Env.Dice, []*sheet.Character{c.Env.Char})
	if err != nil {
		return record.Record{}, nil, err
	}
	if resp.Record == nil {
		return record.Record{}, nil, fmt.Errorf("the worker answered without a record")
	}
	// the worker's record passed the checks there; the host holds it to
	// the schema again rather than trust a process it isolates
	if err := record.Check(*resp.Record); err != nil {
		return record.Record{}, nil, err
	}
	return *resp.Record, resp.Ignored, nil
}

// Handles reports whether a plugin answers tags with this name.
func (c *Client) Handles(name string) bool {
	_, ok := c.tagPlugin(name)
	return ok
}

func (c *Client) tagPlugin(name string) (string, bool) {
	for _, p := range c.plugins {
		for _, t := range p.Manifest.Tags {
			if equalFoldASCII(t, name) {
				return p.Manifest.Name, true
			}
		}
	}
	return "", false
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// Answer answers a plugin tag in the worker.
func (c *Client) Answer(env plugin.TagEnv, t tag.Tag) (record.Record, bool) {
	owner, ok := c.tagPlugin(t.Name)
	if !ok {
		return record.Record{}, false
	}
	name := t.Name
	for i := 0; i < len(name); i++ {
		if 'A' <= name[i] && name[i] <= 'Z' {
			name = lower(name)
			break
		}
	}
	refuse := func(err error) (record.Record, bool) {
		c.popts.Logger.Warn("isolated plugin tag failed", "plugin", owner, "tag", name, "error", err)
		return record.Refused(name, "plugin-error", "plugin", owner, "note", err.Error()), true
	}
	ref, err := c.rulesetRef(env.RS, "")
	if err != nil {
		return refuse(err)
	}
	chars := make([]charMsg, len(env.Characters))
	for i, ch := range env.Characters {
		if chars[i], err = charOf(ch); err != nil {
			return refuse(err)
		}
	}
	resp, err := c.call(&request{Op: "answer", Plugin: owner, Ruleset: ref, Tag: &t, Characters: chars}, env.Dice, env.Characters)
	if err != nil {
		return refuse(err)
	}
	if resp.Record == nil || !resp.Handled {
		return refuse(fmt.Errorf("the worker answered without a record"))
	}
	if err := record.Check(*resp.Record); err != nil {
		return refuse(err)
	}
	return *resp.Record, true
}

func lower(s string) string {
	b := []byte(s)
	for i, x := range b {
		if 'A' <= x && x <= 'Z' {
			b[i] = x + 'a' - 'A'
		}
	}
	return string(b)
}

// FormatterNames lists the plugins with formatters, sorted.
func (c *Client) FormatterNames() []string {
	var out []string
	for _, p := range c.plugins {
		if len(p.Manifest.Formatters) > 0 {
			out = append(out, p.Manifest.Name)
		}
	}
	sort.Strings(out)
	return out
}

// Formatter returns the named plugin's formatters, run in the worker,
// over fallback (the built-in text when nil); ok is false when no loaded
// plugin of that name has formatters.
func (c *Client) Formatter(name string, fallback record.Formatter) (record.Formatter, bool) {
	if fallback == nil {
		fallback = record.Plain{}
	}
	for _, n := range c.FormatterNames() {
		if n == name {
			return &remoteFormatter{c: c, plugin: name, fallback: fallback}, true
		}
	}
	return fallback, false
}

type remoteFormatter struct {
	c        *Client
	plugin   string
	fallback record.Formatter
}

func (f *remoteFormatter) text(req *request) (string, bool) {
	req.Op, req.Plugin = "format", f.plugin
	resp, err := f.c.call(req, nil, nil)
	if err != nil {
		f.c.popts.Logger.Warn("isolated formatter failed; built-in text used", "plugin", f.plugin, "error", err)
		return "", false
	}
	// the worker sanitized it already; the host does not take a process
	// it isolates at its word
	maxN := format.MaxText
	if req.Method == "prompt" {
		maxN = format.MaxPrompt
	}
	return sandbox.Clean(resp.Text, maxN+maxN/4, sandbox.Lines), !resp.Fallback
}

func (f *remoteFormatter) Record(r record.Record) string {
	if s, ok := f.text(&request{Method: "record", Record: &r}); ok {
		return s
	}
	return f.fallback.Record(r)
}

func (f *remoteFormatter) Item(r record.Record) string {
	if s, ok := f.text(&request{Method: "item", Record: &r}); ok {
		return s
	}
	return f.fallback.Item(r)
}

var _ record.ItemsFormatter = (*remoteFormatter)(nil)

// Items is formatters.item over every item in one request to the worker
// (format.Formatter.Items there: one call into the plugin), each line
// that fell back there, or all when the worker failed, the built-in text.
func (f *remoteFormatter) Items(items []record.Record) []string {
	out := make([]string, len(items))
	var texts []string
	if len(items) > 0 {
		resp, err := f.c.call(&request{Op: "format", Plugin: f.plugin, Method: "items", Records: items}, nil, nil)
		switch {
		case err != nil:
			f.c.popts.Logger.Warn("isolated formatter failed; built-in text used", "plugin", f.plugin, "error", err)
		case len(resp.Texts) != len(items):
			f.c.popts.Logger.Warn("isolated formatter failed; built-in text used", "plugin", f.plugin,
				"error", fmt.Sprintf("%d lines for %d items", len(resp.Texts), len(items)))
		default:
			texts = resp.Texts
		}
	}
	for i, it := range items {
		if texts == nil || texts[i] == fallbackText {
			out[i] = f.fallback.Item(it)
			continue
		}
		out[i] = sandbox.Clean(texts[i], format.MaxText+format.MaxText/4, sandbox.Lines)
	}
	return out
}

func (f *remoteFormatter) Block(name string, lines []string) string {
	if s, ok := f.text(&request{Method: "block", Name: name, Lines: lines}); ok {
		return s
	}
	return f.fallback.Block(name, lines)
}

var _ prompt.SectionFormatter = (*remoteFormatter)(nil)

// Section is formatters.section run in the worker, or the default text.
func (f *remoteFormatter) Section(s prompt.Section) string {
	data, err := json.Marshal(s.Data)
	if err != nil {
		return s.Text
	}
	if out, ok := f.text(&request{Method: "section", Name: s.Name, Text: s.Text, Data: data}); ok {
		return out
	}
	return s.Text
}

// Prompt is formatters.prompt run in the worker, or the sections joined.
func (f *remoteFormatter) Prompt(secs []prompt.Section) string {
	msgs := make([]sectionMsg, len(secs))
	for i, s := range secs {
		data, err := json.Marshal(s.Data)
		if err != nil {
			return prompt.Text(secs)
		}
		msgs[i] = sectionMsg{Name: s.Name, Text: s.Text, Data: data}
	}
	if out, ok := f.text(&request{Method: "prompt", Sections: msgs}); ok {
		return out
	}
	return prompt.Text(secs)
}

// lockedWriter serialises the writes of several goroutines to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
