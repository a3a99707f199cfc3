package isolate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host/format"
	"github.com/rulehost/rulehost/host/kind"
	"github.com/rulehost/rulehost/host/plugin"
)

// WorkerArg is the hidden subcommand that turns the rulehost binary (or a
// test binary) into a plugin worker: os.Args[1] of the re-executed
// process. Call ServeIfWorker first thing in main (and in TestMain).
const WorkerArg = "__rulehost-plugin-worker"

// ServeIfWorker serves as a plugin worker and exits when the process was
// started as one (os.Args[1] is WorkerArg); otherwise it returns at once.
func ServeIfWorker() {
	if len(os.Args) < 2 || os.Args[1] != WorkerArg {
		return
	}
	lim := limits{}
	for _, a := range os.Args[2:] {
		var err error
		switch {
		case len(a) > 5 && a[:5] == "--as=":
			lim.as, err = strconv.ParseUint(a[5:], 10, 64)
		case len(a) > 6 && a[:6] == "--cpu=":
			lim.cpu, err = strconv.ParseUint(a[6:], 10, 64)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "rulehost plugin worker: bad argument %q\n", a)
			os.Exit(2)
		}
	}
	watchCPU()
	if err := lim.applyAS(); err != nil {
		fmt.Fprintf(os.Stderr, "rulehost plugin worker: %v\n", err)
		os.Exit(2)
	}
	in, out := os.NewFile(3, "requests"), os.NewFile(4, "answers")
	if in == nil || out == nil {
		fmt.Fprintln(os.Stderr, "rulehost plugin worker: started without its pipes")
		os.Exit(2)
	}
	w := &worker{in: in, out: out, lim: lim, rulesets: map[string]*loadedRuleset{}}
	// serve returns when the host closes the pipe (io.EOF: a normal end)
	// or the stream breaks
	if err := w.serve(); err != io.EOF {
		fmt.Fprintf(os.Stderr, "rulehost plugin worker: %v\n", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// worker is the child's side: the plugins, loaded once, and the rulesets
// it has been shown, by hash.
type worker struct {
	in  io.Reader
	out io.Writer
	lim limits

	set        *plugin.Set
	kinds      map[string]ruleset.Kind
	resolvers  map[string]check.Resolver
	formatters map[string]*format.Formatter
	// stream is the dice of the request in progress: a copy of the host's
	// seeded stream, or remoteDice
	stream   dice.Stream
	log      hclog.Logger
	rulesets map[string]*loadedRuleset
}

// loadedRuleset is a ruleset the worker loaded from the host's bytes, and
// what each plugin kind's validate did, by the pointer of the resolution
// object it validated.
type loadedRuleset struct {
	rs       *ruleset.Ruleset // nil when the ruleset was refused
	captured map[string]*validation
}

func (w *worker) serve() error {
	for {
		var req request
		if err := readFrame(w.in, &req); err != nil {
			return err
		}
		resp := w.handle(&req)
		resp.Op = "done"
		if err := writeFrame(w.out, resp); err != nil {
			return err
		}
	}
}

func (w *worker) handle(req *request) (resp response) {
	if req.Op != "load" && w.set == nil {
		return response{Err: "the worker has no plugins loaded"}
	}
	if err := w.lim.armCPU(); err != nil {
		return response{Err: err.Error()}
	}
	var stream dice.Stream = remoteDice{w}
	if len(req.Stream) > 0 {
		local := &dice.Seeded{}
		if err := local.UnmarshalBinary(req.Stream); err != nil {
			return response{Err: fmt.Sprintf("dice stream: %v", err)}
		}
		stream = local
		defer func() {
			if resp.Err == "" {
				resp.Stream, _ = local.MarshalBinary()
			}
		}()
	}
	w.stream = stream
	switch req.Op {
	case "load":
		return w.load(req)
	case "validate":
		return w.validate(req)
	case "resolve":
		return w.resolve(req)
	case "odds":
		return w.odds(req)
	case "answer":
		return w.answer(req)
	case "format":
		return w.format(req)
	}
	return response{Err: fmt.Sprintf("unknown request %q", req.Op)}
}

func (w *worker) load(req *request) response {
	level := hclog.LevelFromString(req.LogLevel)
	if level == hclog.NoLevel {
		level = hclog.Warn
	}
	w.log = hclog.New(&hclog.LoggerOptions{Name: "plugin-worker", Output: os.Stderr, Level: level})
	set, errs := plugin.LoadDirs(req.Dirs, plugin.Options{
		Logger: w.log.Named("plugins"), Deadline: time.Duration(req.Deadline), MaxMemory: req.MaxMemory, Config: req.Config,
	})
	w.set = set
	w.kinds, w.resolvers = kind.FromSet(set)
	w.formatters = map[string]*format.Formatter{}
	for name, p := range set.Formatters {
		w.formatters[name] = format.New(p, fallbackMarker{}, w.log.Named("format"))
	}
	var resp response
	for _, p := range set.Plugins {
		resp.Plugins = append(resp.Plugins, Loaded{Dir: p.Dir, Manifest: p.Manifest, Config: p.Config})
	}
	for _, err := range errs {
		resp.Errors = append(resp.Errors, err.Error())
		var le loadError
		if pe := (*plugin.LoadError)(nil); errors.As(err, &pe) {
			le = loadError{Plugin: pe.Plugin, Version: pe.Version, Dir: pe.Dir, File: pe.File, Line: pe.Line, Shadowed: pe.Shadowed}
		}
		resp.LoadErrors = append(resp.LoadErrors, le)
	}
	return resp
}

// ruleset returns the ruleset a request names, loading it the first time
// (with capturing kinds, so validate requests can be answered from it).
func (w *worker) ruleset(ref *rulesetRef) (*loadedRuleset, error) {
	if ref == nil {
		return nil, fmt.Errorf("the request names no ruleset")
	}
	if lr, ok := w.rulesets[ref.Hash]; ok {
		return lr, nil
	}
	if len(ref.JSON) == 0 {
		return nil, fmt.Errorf("ruleset %s was never sent", ref.Hash)
	}
	if sum := sha256.Sum256(ref.JSON); hex.EncodeToString(sum[:]) != ref.Hash {
		return nil, fmt.Errorf("ruleset bytes do not match their hash")
	}
	lr := &loadedRuleset{captured: map[string]*validation{}}
	kinds := make(map[string]ruleset.Kind, len(w.kinds))
	for name, k := range w.kinds {
		kinds[name] = capturing{inner: k, into: lr.captured}
	}
	rs, err := ruleset.Load(ref.File, ref.JSON, ruleset.Options{Kinds: kinds})
	if err == nil {
		lr.rs = rs
	}
	if len(w.rulesets) >= 64 {
		clear(w.rulesets)
	}
	w.rulesets[ref.Hash] = lr
	return lr, nil
}

// capturing runs a plugin kind's validate and keeps what it did to the
// problem list and the resolution, for the host to replay.
type capturing struct {
	inner ruleset.Kind
	into  map[string]*validation
}

func (c capturing) Keys() []string   { return c.inner.Keys() }
func (c capturing) Locked() []string { return c.inner.Locked() }

func (c capturing) Validate(v *ruleset.Validator, o validate.Obj, res *ruleset.Resolution) {
	np, nw := len(v.P.List), len(v.P.Warnings)
	c.inner.Validate(v, o, res)
	c.into[o.At] = &validation{
		Called:   true,
		Problems: append([]validate.Problem(nil), v.P.List[np:]...),
		Warnings: append([]validate.Problem(nil), v.P.Warnings[nw:]...),
		Plugin:   res.Plugin,
		Outcomes: res.Outcomes,
	}
}

func (w *worker) validate(req *request) response {
	lr, err := w.ruleset(req.Ruleset)
	if err != nil {
		return response{Err: err.Error()}
	}
	v, ok := lr.captured[req.Pointer]
	if !ok {
		v = &validation{}
	}
	return response{Validation: v}
}

// character rebuilds a character from its message; its item stats are
// asked of the host.
func (w *worker) character(rs *ruleset.Ruleset, m charMsg, who int) (*sheet.Character, error) {
	var sh sheet.Sheet
	if err := json.Unmarshal(m.Sheet, &sh); err != nil {
		return nil, fmt.Errorf("sheet: %w", err)
	}
	return &sheet.Character{RS: rs, Sheet: &sh, Scores: m.Scores, Pools: m.Pools, Items: remoteItems{w: w, who: who}}, nil
}

// check rebuilds the check a resolve or odds request is about.
func (w *worker) check(req *request) (*check.Check, error) {
	lr, err := w.ruleset(req.Ruleset)
	if err != nil {
		return nil, err
	}
	if lr.rs == nil {
		return nil, fmt.Errorf("the worker refused this ruleset")
	}
	m := req.Check
	if m == nil || m.Rec == nil {
		return nil, fmt.Errorf("%s without a check", req.Op)
	}
	rs := lr.rs
	ch, err := w.character(rs, m.Char, 0)
	if err != nil {
		return nil, err
	}
	c := &check.Check{
		Env: &check.Env{RS: rs, Char: ch, Dice: w.stream, Kinds: w.resolvers},
		Tag: m.Tag, Res: rs.Resolution, Target: m.Target, Effects: m.Effects, Rec: *m.Rec,
	}
	if m.Override >= 0 {
		if m.Override >= len(rs.Resolution.Overrides) || rs.Resolution.Overrides[m.Override].Resolution == nil {
			return nil, fmt.Errorf("the check names an override the ruleset does not have")
		}
		c.Override = &rs.Resolution.Overrides[m.Override]
		c.Res = c.Override.Resolution
	}
	return c, nil
}

func (w *worker) resolve(req *request) response {
	c, err := w.check(req)
	if err != nil {
		return response{Err: err.Error()}
	}
	r, ok := w.resolvers[c.Res.Kind]
	if !ok {
		return response{Err: fmt.Sprintf("no plugin provides kind %q", c.Res.Kind)}
	}
	r.Resolve(c)
	return response{Record: &c.Rec, Ignored: c.Ignored()}
}

// odds runs the kind's odds function on the check (host/kind's Odds):
// the verdicts and their probabilities, NoOdds when the kind has none
// for it, or the error that refuses them.
func (w *worker) odds(req *request) response {
	c, err := w.check(req)
	if err != nil {
		return response{Err: err.Error()}
	}
	r, ok := w.resolvers[c.Res.Kind].(check.OddsResolver)
	if !ok {
		return response{NoOdds: true}
	}
	ws, err := r.Odds(c)
	switch {
	case errors.Is(err, check.ErrNoOdds):
		return response{NoOdds: true}
	case err != nil:
		return response{OddsErr: err.Error()}
	}
	if ws == nil {
		ws = []check.Weighted{}
	}
	return response{Odds: ws}
}

func (w *worker) answer(req *request) response {
	var rs *ruleset.Ruleset
	if req.Ruleset != nil {
		lr, err := w.ruleset(req.Ruleset)
		if err != nil {
			return response{Err: err.Error()}
		}
		if lr.rs == nil {
			return response{Err: "the worker refused this ruleset"}
		}
		rs = lr.rs
	}
	if req.Tag == nil {
		return response{Err: "answer without a tag"}
	}
	chars := make([]*sheet.Character, len(req.Characters))
	for i, m := range req.Characters {
		var err error
		if chars[i], err = w.character(rs, m, i); err != nil {
			return response{Err: err.Error()}
		}
	}
	r, ok := w.set.Answer(context.Background(), plugin.TagEnv{RS: rs, Characters: chars, Dice: w.stream}, *req.Tag)
	return response{Record: &r, Handled: ok}
}

func (w *worker) format(req *request) response {
	f, ok := w.formatters[req.Plugin]
	if !ok {
		return response{Fallback: true}
	}
	var text string
	switch req.Method {
	case "record", "item":
		if req.Record == nil {
			return response{Err: "format without a record"}
		}
		if req.Method == "record" {
			text = f.Record(*req.Record)
		} else {
			text = f.Item(*req.Record)
		}
	case "items":
		texts := f.Items(req.Records)
		return response{Texts: texts}
	case "block":
		text = f.Block(req.Name, req.Lines)
	case "section":
		text = f.Section(prompt.Section{Name: req.Name, Text: req.Text, Data: req.Data})
	case "prompt":
		secs := make([]prompt.Section, len(req.Sections))
		for i, s := range req.Sections {
			secs[i] = prompt.Section{Name: s.Name, Text: s.Text, Data: s.Data}
		}
		text = f.Prompt(secs)
	default:
		return response{Err: fmt.Sprintf("unknown formatter %q", req.Method)}
	}
	if text == fallbackText {
		return response{Fallback: true}
	}
	return response{Text: text}
}

// fallbackText marks a formatter that fell back to the built-in text: the
// host then uses its own fallback. Formatter text never holds a NUL (the
// sanitizer refuses control characters), so it cannot be forged.
const fallbackText = "\x00rulehost-fallback\x00"

type fallbackMarker struct{}

func (fallbackMarker) Record(record.Record) string   { return fallbackText }
func (fallbackMarker) Item(record.Record) string     { return fallbackText }
func (fallbackMarker) Block(string, []string) string { return fallbackText }

// ask sends the host a question in the middle of a request and reads its
// answer. A host that does not answer ends the worker: nothing it could
// do afterwards would belong to a live request.
func (w *worker) ask(q response) request {
	if err := writeFrame(w.out, q); err != nil {
		os.Exit(1)
	}
	var a request
	if err := readFrame(w.in, &a); err != nil {
		os.Exit(1)
	}
	return a
}

// remoteDice rolls on the host's stream, so the dice are the very ones an
// in-process call would have drawn.
type remoteDice struct{ w *worker }

func (d remoteDice) Roll(sides int) int {
	return d.w.ask(response{Op: "roll", Sides: sides}).Face
}

// remoteItems reads item stats from the host's character.
type remoteItems struct {
	w   *worker
	who int
}

func (r remoteItems) ItemStat(ref *valueref.ItemStat) float64 {
	return r.w.ask(response{Op: "itemStat", Who: r.who, Ref: ref}).Value
}
