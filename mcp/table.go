package mcp

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/plugin"
)

// Call is one tool call: the tool's name and its arguments (a JSON
// object).
type Call struct {
	Name string          `json:"name"`
	Args json.RawMessage `json:"arguments,omitempty"`
}

// Result is what one call was answered with: the record, or the
// malformed call's error.
type Result struct {
	Tool   string         `json:"tool"`
	Record *record.Record `json:"-"`
	Err    *ArgError      `json:"-"`
}

// Refused reports a refusal record: the engine would not act on the tag
// (the reason code is the record's reason=).
func (r Result) Refused() bool { return r.Record != nil && r.Record.Name == "refused" }

// IsError is true for a malformed call and for a refusal: both are tool
// errors to a model.
func (r Result) IsError() bool { return r.Err != nil || r.Refused() }

// Text is the record's text, or the error's.
func (r Result) Text() string {
	if r.Err != nil {
		return r.Err.Error()
	}
	if r.Record == nil {
		return ""
	}
	return r.Record.String()
}

// Structured is the result as a JSON object: the record's text, its name,
// its keys and values, and for a refusal its reason code; for a malformed
// call the error and the argument at fault.
func (r Result) Structured() map[string]any {
	if r.Err != nil {
		m := map[string]any{"error": r.Err.Msg}
		if r.Err.Arg != "" {
			m["argument"] = r.Err.Arg
		}
		return m
	}
	keys := map[string]string{}
	for _, a := range r.Record.Attrs {
		keys[a.Key] = a.Value
	}
	m := map[string]any{"record": r.Record.String(), "tag": r.Record.Name, "keys": keys}
	if r.Refused() {
		m["reason"] = r.Record.Value("reason")
	}
	return m
}

// Table is what calls are answered against: a session (stored, or in
// memory for a ruleset and a party without one) and its tools. It is safe
// for concurrent use; calls are answered one batch at a time, in order.
type Table struct {
	mu     sync.Mutex
	b      Backend
	rsName string
	tools  []*Tool
	byName map[string]*Tool
	// watch is called after each batch that changed a resource, with the
	// resources' names (resources.go).
	watch func(changed []string)
	views map[string]string
	// Formatter finds a formatter by name for the prompt's format
	// argument (a plugin's); nil knows none but plain.
	Formatter func(name string) (record.Formatter, bool)
}

// Backend is where a table's replies go: a session this process holds
// (Local), or one a service keeps in its store.
type Backend interface {
	// Append appends one entry and returns its fold; an error appends
	// nothing.
	Append(kind, text string) (session.Reply, error)
	// Read runs fn with the session as it stands, while nothing appends.
	Read(fn func(s *session.Session)) error
}

// Local is a session this process holds (stored or in memory); its
// calls are serialized by the table.
type Local struct{ S *session.Session }

// Append appends to the session.
func (l Local) Append(kind, text string) (session.Reply, error) { return l.S.Append(kind, text) }

// Read reads the session.
func (l Local) Read(fn func(s *session.Session)) error { fn(l.S); return nil }

// NewTable serves s, with the tools its ruleset, party and the plugins'
// manifests give.
func NewTable(s *session.Session, manifests []plugin.Manifest) *Table {
	t, _ := NewTableOn(Local{s}, manifests)
	return t
}

// NewTableOn serves a backend's session.
func NewTableOn(b Backend, manifests []plugin.Manifest) (*Table, error) {
	t := &Table{b: b}
	err := b.Read(func(s *session.Session) {
		t.rsName = s.RS.Name
		t.tools = Tools(World{RS: s.RS, Sheets: s.Sheets, Manifests: manifests})
		t.views = render(s)
	})
	if err != nil {
		return nil, err
	}
	t.byName = map[string]*Tool{}
	for _, tl := range t.tools {
		t.byName[tl.Name] = tl
	}
	return t, nil
}

// Tools are the table's tools; gm keeps only those a Game Master may
// call (no player-only tool).
func (t *Table) Tools(gm bool) []*Tool {
	var out []*Tool
	for _, tl := range t.tools {
		if !gm || !tl.PlayerOnly {
			out = append(out, tl)
		}
	}
	return out
}

// Tool is the tool with this name.
func (t *Table) Tool(name string) (*Tool, bool) {
	tl, ok := t.byName[name]
	return tl, ok
}

// With runs fn with the session while no call runs.
func (t *Table) With(fn func(s *session.Session)) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.Read(fn)
}

// Tags turns calls into their tags; the first malformed call's error, if
// any, is returned with its index.
func (t *Table) Tags(calls []Call) ([]tag.Tag, int, error) {
	tags := make([]tag.Tag, len(calls))
	for i, c := range calls {
		tl, ok := t.byName[c.Name]
		if !ok {
			return nil, i, &ArgError{Tool: c.Name, Msg: fmt.Sprintf("no such tool; tools: %s", t.toolNames())}
		}
		tg, err := tl.TagOf(c.Args)
		if err != nil {
			return nil, i, err
		}
		tags[i] = tg
	}
	return tags, -1, nil
}

func (t *Table) toolNames() string {
	names := make([]string, len(t.tools))
	for i, tl := range t.tools {
		names[i] = tl.Name
	}
	return strings.Join(names, ", ")
}

// Text is the reply text a batch of tags stands for: one tag a line, in
// the calls' order, so each tag's ordinal is its call's index.
func Text(tags []tag.Tag) string {
	var b strings.Builder
	for i, tg := range tags {
		if i > 0 {
			b.WriteByte('\n')
		}
		tg.AppendTo(&b)
	}
	return b.String()
}

// Answer answers the calls of one model turn as one reply of kind
// (session.GMReply, session.PlayerAction or session.Regenerate): each
// call's tag, one a line, appended to the log as that reply. A malformed
// call fails the whole batch before anything is appended: its result
// carries the error, the others say nothing was done. The error is the
// store's (nothing was appended either). A turn without calls is still a
// reply (the model only spoke), so the log's turns stay those of the
// conversation.
func (t *Table) Answer(kind string, calls []Call) ([]Result, error) {
	out := make([]Result, len(calls))
	for i, c := range calls {
		out[i].Tool = c.Name
	}
	tags, bad, err := t.Tags(calls)
	if err != nil {
		for i := range out {
			if i == bad {
				out[i].Err = err.(*ArgError)
			} else {
				out[i].Err = &ArgError{Tool: calls[i].Name, Msg: fmt.Sprintf("not answered: call %d of this turn is malformed, so none was (%v)", bad+1, err)}
			}
		}
		return out, nil
	}
	text := Text(tags)
	t.mu.Lock()
	reply, err := t.b.Append(kind, text)
	var changed []string
	if err == nil && t.watch != nil {
		changed = t.changed() // only when someone is told (View renders afresh)
	}
	watch := t.watch
	t.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if len(reply.Records) != len(calls) {
		return nil, fmt.Errorf("mcp: %d calls were answered with %d records (text %q)", len(calls), len(reply.Records), text)
	}
	for i := range out {
		rec := reply.Records[i]
		out[i].Record = &rec
	}
	if watch != nil && len(changed) > 0 {
		watch(changed)
	}
	return out, nil
}

// Views are the session's blocks a client may read as resources.
const (
	ViewInventory = "inventory"
	ViewLive      = "live"
	ViewMarket    = "market"
	ViewFight     = "fight"
)

// ViewNames are every view, in the order resources lists them.
var ViewNames = []string{ViewInventory, ViewLive, ViewMarket, ViewFight}

// View is one block's text as the session stands (read again, so a
// service's session shows what other writers appended too).
func (t *Table) View(name string) (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Read(func(s *session.Session) { t.views = render(s) })
	v, ok := t.views[name]
	return v, ok
}

// render renders every view.
func render(s *session.Session) map[string]string {
	p := s.State().Party
	out := map[string]string{
		ViewInventory: p.Block(),
		ViewLive:      p.LiveBlock(),
	}
	if v, ok := market.Block(p); ok {
		out[ViewMarket] = v.Render(record.Plain{})
	} else {
		out[ViewMarket] = "no place with a market is in force\n"
	}
	if fight.Of(p) == nil {
		out[ViewFight] = "no fight is going on\n"
	} else {
		var b strings.Builder
		for i := range p.Members {
			b.WriteString(fight.MenuText(p, i))
			b.WriteByte('\n')
		}
		out[ViewFight] = b.String()
	}
	return out
}

// changed re-renders the views and lists those whose text changed (the
// caller holds mu).
func (t *Table) changed() []string {
	var now map[string]string
	if err := t.b.Read(func(s *session.Session) { now = render(s) }); err != nil {
		return nil
	}
	var out []string
	for _, n := range ViewNames {
		if now[n] != t.views[n] {
			out = append(out, n)
		}
	}
	t.views = now
	return out
}

// Watch sets the function told of changed views after each batch.
func (t *Table) Watch(fn func(changed []string)) {
	t.mu.Lock()
	t.watch = fn
	t.mu.Unlock()
}
