// Package plugin loads Lua plugins and calls them: a plugin is a folder
// with plugin.lua, which returns a manifest table (name, version, api
// level, what it provides), and a test/ folder of cases. Each plugin gets
// its own pool of sandboxed states (host/sandbox), each state with the
// host API installed (host/bridge) and the plugin loaded; a state serves
// one goroutine at a time and is reset between uses.
//
// A Set is the plugins loaded from some folders. A plugin that does not
// load (a syntax error, a bad manifest, a name or kind another plugin
// already took) is reported with its name, file and line, and the others
// still load.
package plugin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-hclog"
	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/host/bridge"
	"github.com/rulehost/rulehost/host/sandbox"
	"github.com/rulehost/rulehost/internal/lazy"
)

// Options configure loading. Zero fields take defaults.
type Options struct {
	// Logger receives plugin print() output, formatter fallbacks and load
	// reports. Nil discards.
	Logger hclog.Logger
	// Deadline bounds each plugin call (default 250 ms).
	Deadline time.Duration
	// MaxMemory bounds heap growth during one call, and while plugin.lua
	// is parsed and compiled (default 32 MiB).
	MaxMemory uint64
	// LoadDeadline bounds parsing and compiling plugin.lua (default 1 s);
	// running it is a call like any other, under Deadline.
	LoadDeadline time.Duration
	// Config overrides plugins' default config, by plugin name; keys not
	// given keep the manifest's defaults.
	Config map[string]map[string]any
}

// DefaultDeadline is the default per-call deadline: a check resolves in
// microseconds, so anything near this is a plugin stuck in a loop.
const DefaultDeadline = 250 * time.Millisecond

// MaxSource bounds plugin.lua.
const MaxSource = 1 << 20

func (o Options) withDefaults() Options {
	if o.Logger == nil {
		o.Logger = hclog.NewNullLogger()
	}
	if o.Deadline <= 0 {
		o.Deadline = DefaultDeadline
	}
	if o.MaxMemory == 0 {
		o.MaxMemory = 32 << 20
	}
	if o.LoadDeadline <= 0 {
		o.LoadDeadline = time.Second
	}
	return o
}

// Plugin is one loaded plugin.
type Plugin struct {
	Dir      string
	Manifest Manifest
	// Config is the manifest's config with the host's overrides applied.
	Config map[string]any

	opts    Options
	pool    *sandbox.Pool
	factory func() (*sandbox.Sandbox, error)
}

// Opts returns the options the plugin was loaded with (defaults applied).
func (p *Plugin) Opts() Options { return p.opts }

// Name is the manifest's name.
func (p *Plugin) Name() string { return p.Manifest.Name }

// LoadError is a plugin that did not load: its name (the folder's when the
// manifest could not be read), the file and line at fault when known.
type LoadError struct {
	Plugin string
	Dir    string
	File   string
	Line   int
	Err    error
	// Version is the manifest's version when it was read; Shadowed says
	// a plugin of the same name was loaded before this one, from a folder
	// earlier on the path (the first of a name is the one used).
	Version  string
	Shadowed bool
}

func (e *LoadError) Error() string {
	where := e.File
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	msg := e.Err.Error()
	var se *sandbox.Error
	if errors.As(e.Err, &se) {
		msg = se.Kind.Error()
		if se.Msg != "" {
			msg += ": " + se.Msg
		}
	}
	return fmt.Sprintf("plugin %q: %s: %s", e.Plugin, where, sandbox.Clean(msg, 8*sandbox.MaxNoteLen, sandbox.Line))
}

func (e *LoadError) Unwrap() error { return e.Err }

// Load loads the plugin in dir (a folder holding plugin.lua).
func Load(dir string, opts Options) (*Plugin, error) {
	opts = opts.withDefaults()
	folder := filepath.Base(filepath.Clean(dir))
	file := filepath.ToSlash(filepath.Join(folder, "plugin.lua"))
	fail := func(name string, err error) error {
		le := &LoadError{Plugin: name, Dir: dir, File: file, Err: err}
		var se *sandbox.Error
		if errors.As(err, &se) {
			if se.File != "" {
				le.File = se.File
			}
			le.Line = se.Line
			if le.Line == 0 {
				le.Line, se.Msg = syntaxLine(se.Msg)
			}
		}
		return le
	}
	src, err := readSource(filepath.Join(dir, "plugin.lua"))
	if err != nil {
		return nil, fail(folder, err)
	}
	prog, err := sandbox.CompileLimits(file, string(src), sandbox.Options{Deadline: opts.LoadDeadline, MaxMemory: opts.MaxMemory})
	if err != nil {
		return nil, fail(folder, err)
	}
	p := &Plugin{Dir: dir, opts: opts}
	sbOpts := sandbox.Options{
		Name: folder, Deadline: opts.Deadline, MaxMemory: opts.MaxMemory,
		Logger: opts.Logger.Named(folder),
	}
	factory := func() (*sandbox.Sandbox, error) {
		sb, err := sandbox.New(sbOpts)
		if err != nil {
			return nil, err
		}
		if _, err := bridge.Install(sb); err != nil {
			sb.Close()
			return nil, err
		}
		if _, err := sb.LoadProgram(prog); err != nil {
			sb.Close()
			return nil, err
		}
		return sb, nil
	}
	first, err := factory()
	if err != nil {
		return nil, fail(folder, err)
	}
	m, err := readManifest(first.Manifest())
	if err != nil {
		first.Close()
		name := folder
		if m.Name != "" {
			name = m.Name
		}
		return nil, fail(name, err)
	}
	p.Manifest = m
	p.Config = merge(m.Config, opts.Config[m.Name])
	sbOpts.Name = m.Name
	sbOpts.Logger = opts.Logger.Named(m.Name)
	p.factory = factory
	p.pool = sandbox.NewPool(factory)
	p.pool.Put(first)
	return p, nil
}

// readSource reads plugin.lua, refusing it past MaxSource without reading
// more than MaxSource+1 bytes (a plugin folder may hold a huge file, or a
// device).
func readSource(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("plugin.lua is not a regular file")
	}
	src, err := io.ReadAll(io.LimitReader(f, MaxSource+1))
	if err != nil {
		return nil, err
	}
	if len(src) > MaxSource {
		return nil, fmt.Errorf("plugin.lua is larger than %d bytes; at most %d", MaxSource, MaxSource)
	}
	return src, nil
}

// parserPos finds the position in gopher-lua's parser messages
// ("plugin.lua line:4(column:23) near 'api':   syntax error").
var parserPos = lazy.Regexp(`^(?:\S+ )?line:(\d+)\(column:\d+\)\s*(.*)$`)

// syntaxLine reads the line of a parser message the sandbox left
// unlocated, and returns the message without the position and padding.
func syntaxLine(msg string) (int, string) {
	m := parserPos().FindStringSubmatch(strings.TrimSpace(msg))
	if m == nil {
		return 0, msg
	}
	n, _ := strconv.Atoi(m[1])
	return n, strings.Join(strings.Fields(m[2]), " ")
}

// merge returns defaults with overrides applied (one level deep).
func merge(defaults, overrides map[string]any) map[string]any {
	out := make(map[string]any, len(defaults)+len(overrides))
	for k, v := range defaults {
		out[k] = v
	}
	for k, v := range overrides {
		out[k] = v
	}
	return out
}

// State is one pooled plugin state, held by one goroutine between Acquire
// and Release.
type State struct {
	P  *Plugin
	SB *sandbox.Sandbox
	B  *bridge.State
}

// Acquire takes an idle state from the plugin's pool (or makes one).
func (p *Plugin) Acquire() (*State, error) {
	sb, err := p.pool.Get()
	if err != nil {
		return nil, err
	}
	b := bridge.Of(sb)
	if b == nil {
		sb.Close()
		return nil, fmt.Errorf("plugin %q: state without the host API", p.Name())
	}
	return &State{P: p, SB: sb, B: b}, nil
}

// Release returns the state to the pool, which resets it (or discards it
// when a call faulted or modified the plugin's tables).
func (s *State) Release() {
	s.B.End()
	s.P.pool.Put(s.SB)
}

// Close closes the plugin's idle states.
func (p *Plugin) Close() { p.pool.Close() }

// Pool exposes the pool's counters for tests and benchmarks.
func (p *Plugin) Pool() *sandbox.Pool { return p.pool }

// Section returns manifest[section][name] (a kind's table, the tags table,
// the formatters table), or nil.
func (s *State) Section(section, name string) lua.LValue {
	t, ok := s.SB.Manifest().(*lua.LTable)
	if !ok {
		return lua.LNil
	}
	v := t.RawGetString(section)
	if name == "" {
		return v
	}
	if st, ok := v.(*lua.LTable); ok {
		return st.RawGetString(name)
	}
	return lua.LNil
}

// Call calls fn of table t with the dice API bound to stream and the check
// view's functions bound to c (nil outside resolve).
func (s *State) Call(ctx context.Context, stream dice.Stream, c *check.Check, t lua.LValue, fn string, args ...lua.LValue) ([]lua.LValue, error) {
	s.B.Begin(stream, c)
	defer s.B.End()
	return s.SB.Method(ctx, stream, t, fn, args...)
}

// Describe turns a call error into the words a refusal's note carries:
// the category, the message, and where: the file:line when the sandbox
// knows it; a position the plugin wrote into its message is not believed
// unless it names the plugin's own chunk, and the note then says which
// plugin raised it, so a note never points at another plugin's file. The text is sanitized
// (sandbox.Clean): one line, capped.
func Describe(err error) string {
	var se *sandbox.Error
	if errors.As(err, &se) {
		s := se.Kind.Error()
		if se.Msg != "" {
			s += ": " + se.Msg
		}
		switch {
		case se.File != "" && se.Line > 0:
			s += fmt.Sprintf(" (%s:%d)", se.File, se.Line)
		case se.Claimed != "":
			s += fmt.Sprintf(" (raised by plugin %s, not at %s)", se.Plugin, se.Claimed)
		}
		return sandbox.Clean(s, 2*sandbox.MaxNoteLen, sandbox.Line)
	}
	return sandbox.Clean(err.Error(), sandbox.MaxNoteLen, sandbox.Line)
}

// CallEach calls fn of table t once for each of args, under one call's
// deadline and budgets (sandbox.MethodEach), with no dice and no check:
// a formatter's item hook over a whole inventory.
func (s *State) CallEach(ctx context.Context, t lua.LValue, fn string, args []lua.LValue) ([]lua.LValue, []error, error) {
	s.B.Begin(nil, nil)
	defer s.B.End()
	return s.SB.MethodEach(ctx, nil, t, fn, args)
}
