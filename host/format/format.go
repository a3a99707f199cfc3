// Package format restyles the GM-facing text through a plugin's
// formatters (record, item, block) and falls back to the built-in text
// whenever the plugin has no such formatter, faults, or returns something
// that is not text. A fallback after a failure is logged (go-hclog, Warn)
// with the plugin, the formatter and what went wrong; the GM's text is
// never lost to a broken plugin. After MaxFailures consecutive failures a
// formatter is switched off for the life of the Formatter (the run or the
// session), said once in the log. A formatter's text is sanitized
// (sandbox.Clean, keeping its line breaks) before it is shown.
package format

import (
	"context"
	"fmt"
	"sync"

	"github.com/hashicorp/go-hclog"
	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
)

// MaxText bounds what a formatter may return for one record, item or block.
const MaxText = 64 << 10

// Formatter is a plugin's formatters with a fallback. It implements
// record.Formatter and is safe for concurrent use (each call takes its
// own pooled state).
type Formatter struct {
	P        *plugin.Plugin
	Fallback record.Formatter
	Log      hclog.Logger

	mu    sync.Mutex
	fails map[string]int // consecutive failures, by formatter
}

// MaxFailures is how many consecutive failures switch a formatter off for
// the rest of the run or session: a formatter stuck in a loop would
// otherwise cost its whole deadline on every record. Being switched off
// is logged once; the built-in text is used from then on.
const MaxFailures = 3

var _ record.Formatter = (*Formatter)(nil)

// New returns p's formatters, falling back to fallback (record.Plain when nil).
func New(p *plugin.Plugin, fallback record.Formatter, log hclog.Logger) *Formatter {
	if fallback == nil {
		fallback = record.Plain{}
	}
	if log == nil {
		log = hclog.NewNullLogger()
	}
	return &Formatter{P: p, Fallback: fallback, Log: log}
}

func (f *Formatter) has(name string) bool {
	f.mu.Lock()
	off := f.fails[name] >= MaxFailures
	f.mu.Unlock()
	if off {
		return false
	}
	for _, n := range f.P.Manifest.Formatters {
		if n == name {
			return true
		}
	}
	return false
}

// call runs formatter name with the arguments args builds in the state.
func (f *Formatter) call(name string, args func(st *plugin.State) []lua.LValue) (string, error) {
	return f.callText(name, MaxText, args)
}

// callText is call with maxN as the cap on the returned text (the whole
// prompt is allowed more than one record).
func (f *Formatter) callText(name string, maxN int, args func(st *plugin.State) []lua.LValue) (string, error) {
	st, err := f.P.Acquire()
	if err != nil {
		return "", fmt.Errorf("%s", plugin.Describe(err))
	}
	defer st.Release()
	rets, err := st.Call(context.Background(), nil, nil, st.Section("formatters", ""), name, args(st)...)
	if err != nil {
		return "", fmt.Errorf("%s", plugin.Describe(err))
	}
	if len(rets) == 0 {
		return "", fmt.Errorf("returned nothing; return a string")
	}
	s, ok := rets[0].(lua.LString)
	if !ok {
		return "", fmt.Errorf("returned a %s; return a string", rets[0].Type())
	}
	if len(s) > maxN {
		return "", fmt.Errorf("returned %d bytes; at most %d", len(s), maxN)
	}
	// Lines and tabs are the text's own; everything else goes through the
	// plugin-text sanitizer: an escape sequence, a bidi override or
	// invalid UTF-8 is shown escaped, and a line that would open a
	// transcript entry ("--- gm 9") is indented.
	return sandbox.Clean(string(s), maxN+maxN/4, sandbox.Lines), nil
}

func (f *Formatter) fallback(name string, err error) {
	f.mu.Lock()
	if f.fails == nil {
		f.fails = map[string]int{}
	}
	f.fails[name]++
	n := f.fails[name]
	f.mu.Unlock()
	switch {
	case n < MaxFailures:
		f.Log.Warn("plugin formatter failed; using the built-in text", "plugin", f.P.Name(), "formatter", name, "error", err)
	case n == MaxFailures:
		f.Log.Warn("plugin formatter failed; switched off for the rest of the run after consecutive failures, using the built-in text",
			"plugin", f.P.Name(), "formatter", name, "failures", n, "error", err)
	}
}

// succeeded resets the formatter's consecutive failures.
func (f *Formatter) succeeded(name string) {
	f.mu.Lock()
	if f.fails[name] < MaxFailures {
		delete(f.fails, name)
	}
	f.mu.Unlock()
}

// Record is the plugin's text for r, or the fallback's.
func (f *Formatter) Record(r record.Record) string {
	if !f.has("record") {
		return f.Fallback.Record(r)
	}
	s, err := f.call("record", func(st *plugin.State) []lua.LValue { return []lua.LValue{st.B.Record(r)} })
	if err != nil {
		f.fallback("record", err)
		return f.Fallback.Record(r)
	}
	f.succeeded("record")
	return s
}

// Item is the plugin's text for an item line, or the fallback's.
func (f *Formatter) Item(item record.Record) string {
	if !f.has("item") {
		return f.Fallback.Item(item)
	}
	s, err := f.call("item", func(st *plugin.State) []lua.LValue { return []lua.LValue{st.B.Record(item)} })
	if err != nil {
		f.fallback("item", err)
		return f.Fallback.Item(item)
	}
	f.succeeded("item")
	return s
}

// Block is the plugin's text for a named block, or the fallback's.
func (f *Formatter) Block(name string, lines []string) string {
	if !f.has("block") {
		return f.Fallback.Block(name, lines)
	}
	s, err := f.call("block", func(st *plugin.State) []lua.LValue {
		L := st.SB.L()
		t := L.CreateTable(len(lines), 0)
		for _, l := range lines {
			t.Append(lua.LString(l))
		}
		return []lua.LValue{lua.LString(name), st.SB.Freeze(t)}
	})
	if err != nil {
		f.fallback("block", err)
		return f.Fallback.Block(name, lines)
	}
	f.succeeded("block")
	return s
}
