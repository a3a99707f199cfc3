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
	return checkText(rets[0], maxN)
}

// checkText is what a formatter returned as the text to show: a string of
// at most maxN bytes, sanitized.
func checkText(v lua.LValue, maxN int) (string, error) {
	s, ok := v.(lua.LString)
	if !ok {
		if v == nil {
			v = lua.LNil
		}
		return "", fmt.Errorf("returned a %s; return a string", v.Type())
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
	s, err := f.call("item", func(st *plugin.State) []lua.LValue { return []lua.LValue{itemView(st.SB.L(), item)} })
	if err != nil {
		f.fallback("item", err)
		return f.Fallback.Item(item)
	}
	f.succeeded("item")
	return s
}

var _ record.ItemsFormatter = (*Formatter)(nil)

// Items is the plugin's text for each item line, or the fallback's: one
// call into the plugin for them all (sandbox.CallEach: one state, one
// deadline and budget for the batch), each line checked and sanitized as
// Item does. An item whose hook raised an error, or returned no text,
// falls back alone and counts as a failure, in order, as if each had been
// its own call (MaxFailures in a row switch the hook off, and the items
// after that take the built-in text); a fault (deadline, memory) ends the
// batch: the items formatted before it keep their text, and the item it
// struck and those left take the built-in text.
func (f *Formatter) Items(items []record.Record) []string {
	out := make([]string, len(items))
	if len(items) == 0 {
		return out
	}
	if !f.has("item") {
		for i, it := range items {
			out[i] = f.Fallback.Item(it)
		}
		return out
	}
	rets, errs, err := f.each("item", items)
	off := false
	for i, it := range items {
		if !off && !f.has("item") {
			off = true
		}
		if off || rets == nil || (err != nil && errs[i] == err) {
			// switched off, not run, or struck by the batch's fault
			out[i] = f.Fallback.Item(it)
			continue
		}
		text, ierr := "", errs[i]
		if ierr == nil {
			text, ierr = checkText(rets[i], MaxText)
		}
		if ierr != nil {
			f.fallback("item", ierr)
			out[i] = f.Fallback.Item(it)
			continue
		}
		f.succeeded("item")
		out[i] = text
	}
	if err != nil {
		f.fallback("item", err)
	}
	return out
}

// each calls formatter name once per item, in one state; rets are the
// returned values as strings to check (checkText), errs each call's error.
func (f *Formatter) each(name string, items []record.Record) (rets []lua.LValue, errs []error, err error) {
	st, err := f.P.Acquire()
	if err != nil {
		return nil, nil, fmt.Errorf("%s", plugin.Describe(err))
	}
	defer st.Release()
	L := st.SB.L()
	args := make([]lua.LValue, len(items))
	for i, it := range items {
		args[i] = itemView(L, it)
	}
	rets, errs, ferr := st.CallEach(context.Background(), st.Section("formatters", ""), name, args)
	if ferr != nil {
		err = fmt.Errorf("%s", plugin.Describe(ferr))
		if rets == nil {
			return nil, nil, err
		}
	}
	// the fault's own error is err itself in errs (Items tells the items
	// it struck by it); every other error is described alone
	for i, e := range errs {
		switch {
		case e == nil:
		case e == ferr:
			errs[i] = err
		default:
			errs[i] = fmt.Errorf("%s", plugin.Describe(e))
		}
	}
	// Strings are Go strings: they outlive the state's Release (and a
	// table returned is only named by its type).
	return rets, errs, err
}

// itemView is an item line as formatters.item reads it, the shape of a
// record view ({name, attrs (key -> value, the first of a repeated key),
// order (keys), text}), as fresh tables made for this one call, like a
// section's data: they are shared with nothing, so a write changes only
// the plugin's own copy, and they need no read-only proxies, which cost
// six tables more per item (an inventory of 300 items spent 1.5 ms on
// them).
func itemView(L *lua.LState, r record.Record) lua.LValue {
	attrs := L.CreateTable(0, len(r.Attrs))
	order := L.CreateTable(len(r.Attrs), 0)
	for _, a := range r.Attrs {
		k := lua.LString(a.Key)
		if attrs.RawGetString(a.Key) == lua.LNil {
			attrs.RawSetString(a.Key, lua.LString(a.Value))
		}
		order.Append(k)
	}
	v := L.CreateTable(0, 4)
	v.RawSetString("name", lua.LString(r.Name))
	v.RawSetString("attrs", attrs)
	v.RawSetString("order", order)
	v.RawSetString("text", lua.LString(r.String()))
	return v
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
