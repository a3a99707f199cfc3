package isolate

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host/plugin"
)

// The protocol between the host and its worker: frames of a 4-byte
// big-endian length and that many bytes of JSON, one message each, on two
// pipes (requests to the worker on its fd 3, answers from it on fd 4, so
// nothing the worker's runtime prints can corrupt the stream). The host
// sends a request and reads until the worker answers it with op "done";
// meanwhile the worker may ask the host for a die ("roll") or an item
// stat ("itemStat"), which the host answers at once. One request is in
// flight at a time.

// MaxFrame bounds one message: a ruleset and a party's sheets fit many
// times over; a worker that sends more is treated as broken.
const MaxFrame = 16 << 20

func writeFrame(w io.Writer, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("isolate: encode: %w", err)
	}
	if len(body) > MaxFrame {
		return fmt.Errorf("isolate: a message of %d bytes; at most %d", len(body), MaxFrame)
	}
	buf := make([]byte, 4+len(body))
	binary.BigEndian.PutUint32(buf, uint32(len(body)))
	copy(buf[4:], body)
	_, err = w.Write(buf)
	return err
}

func readFrame(r io.Reader, v any) error {
	var head [4]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return err
	}
	n := binary.BigEndian.Uint32(head[:])
	if n > MaxFrame {
		return fmt.Errorf("isolate: a message of %d bytes; at most %d", n, MaxFrame)
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return err
	}
	return json.Unmarshal(body, v)
}

// request is what the host sends.
type request struct {
	Op string `json:"op"` // load, validate, resolve, odds, answer, format, face, stat

	// load
	Dirs      []string                  `json:"dirs,omitempty"`
	Deadline  int64                     `json:"deadline,omitempty"` // ns
	MaxMemory uint64                    `json:"maxMemory,omitempty"`
	Config    map[string]map[string]any `json:"config,omitempty"`
	LogLevel  string                    `json:"logLevel,omitempty"`

	// the ruleset a call is about: its hash, and its file the first time
	// this worker sees it
	Ruleset *rulesetRef `json:"ruleset,omitempty"`

	// validate
	Kind    string `json:"kind,omitempty"`
	Pointer string `json:"pointer,omitempty"`

	// resolve
	Check *checkMsg `json:"check,omitempty"`

	// answer: the tag (text form) and the characters it may name
	Tag        *tag.Tag       `json:"tag,omitempty"`
	Characters []charMsg      `json:"characters,omitempty"`
	Plugin     string         `json:"plugin,omitempty"`
	Method     string         `json:"method,omitempty"` // record, item, items, block, section, prompt
	Record     *record.Record `json:"record,omitempty"`
	// items: every item line of a block, in one request
	Records []record.Record `json:"records,omitempty"`
	Name    string          `json:"name,omitempty"`
	Lines   []string        `json:"lines,omitempty"`
	// a prompt section (method section: Name, Text and Data) or the
	// whole prompt (method prompt), engine/prompt
	Text     string          `json:"text,omitempty"`
	Data     json.RawMessage `json:"data,omitempty"`
	Sections []sectionMsg    `json:"sections,omitempty"`

	// Stream is the position of the host's seeded dice stream, when the
	// call's stream is one: the worker draws from a copy and sends the
	// position back, instead of asking for each die
	Stream []byte `json:"stream,omitempty"`

	// answers to the worker's questions
	Face  int     `json:"face,omitempty"`
	Value float64 `json:"value,omitempty"`
}

type rulesetRef struct {
	Hash string          `json:"hash"`
	File string          `json:"file,omitempty"`
	JSON json.RawMessage `json:"json,omitempty"`
}

// checkMsg is a check in progress, as far as a resolution kind reads it.
type checkMsg struct {
	Tag      tag.Tag        `json:"tag"`
	Override int            `json:"override"` // index in resolution.overrides, -1 for none
	Target   check.Target   `json:"target"`
	Effects  check.Effects  `json:"effects"`
	Rec      *record.Record `json:"rec"`
	Char     charMsg        `json:"char"`
}

// charMsg is a character as it stands: its sheet, the scores its items
// leave and its live pools. Item stats are asked of the host.
type charMsg struct {
	Sheet  json.RawMessage `json:"sheet"`
	Scores map[string]int  `json:"scores,omitempty"`
	Pools  map[string]int  `json:"pools,omitempty"`
}

// response is what the worker sends: an answer (op "done") or a question.
type response struct {
	Op  string `json:"op"` // done, roll, itemStat
	Err string `json:"err,omitempty"`

	// load; LoadErrors[i] is Errors[i]'s plugin, when it is a
	// plugin.LoadError (the plugin path's refusals name its version and
	// whether it was shadowed)
	Plugins    []Loaded    `json:"plugins,omitempty"`
	Errors     []string    `json:"errors,omitempty"`
	LoadErrors []loadError `json:"loadErrors,omitempty"`

	// validate
	Validation *validation `json:"validation,omitempty"`

	// resolve, answer
	Record  *record.Record `json:"record,omitempty"`
	Ignored []string       `json:"ignored,omitempty"`
	Handled bool           `json:"handled,omitempty"`

	// odds: the kind's verdicts and their probabilities; NoOdds when it
	// gives none for this check (sample it); OddsErr when its answer was
	// refused (a plugin error, not a worker's)
	Odds    []check.Weighted `json:"odds,omitempty"`
	NoOdds  bool             `json:"noOdds,omitempty"`
	OddsErr string           `json:"oddsErr,omitempty"`

	// the dice stream's position after the call (see request.Stream)
	Stream []byte `json:"stream,omitempty"`

	// format
	Text     string `json:"text,omitempty"`
	Fallback bool   `json:"fallback,omitempty"`
	// items: one text per record, fallbackText where the built-in text
	// is to be used
	Texts []string `json:"texts,omitempty"`

	// questions
	Sides int                `json:"sides,omitempty"`
	Who   int                `json:"who,omitempty"`
	Ref   *valueref.ItemStat `json:"ref,omitempty"`
}

// Loaded is a plugin the worker loaded, as the host sees it.
type Loaded struct {
	Dir      string          `json:"dir"`
	Manifest plugin.Manifest `json:"manifest"`
	Config   map[string]any  `json:"config"`
}

// validation is what a kind's validate did to one resolution object.
type validation struct {
	Called   bool               `json:"called"`
	Problems []validate.Problem `json:"problems,omitempty"`
	Warnings []validate.Problem `json:"warnings,omitempty"`
	Plugin   map[string]any     `json:"plugin,omitempty"`
	Outcomes *ruleset.Outcomes  `json:"outcomes,omitempty"`
}

// sectionMsg is a prompt section on the wire: its data as JSON, which is
// all a formatter plugin reads of it.
type sectionMsg struct {
	Name string          `json:"name"`
	Text string          `json:"text"`
	Data json.RawMessage `json:"data,omitempty"`
}

// loadError is a plugin.LoadError as the worker sends it.
type loadError struct {
	Plugin   string `json:"plugin,omitempty"`
	Version  string `json:"version,omitempty"`
	Dir      string `json:"dir,omitempty"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Shadowed bool   `json:"shadowed,omitempty"`
}

// remoteLoadError is a worker's load error: its text as the worker wrote
// it, unwrapping to the plugin.LoadError it was.
type remoteLoadError struct {
	text string
	le   *plugin.LoadError
}

func (e *remoteLoadError) Error() string { return e.text }
func (e *remoteLoadError) Unwrap() error { return e.le }

// loadErrorOf rebuilds a worker's load error (a plain error when the
// worker sent no plugin for it).
func loadErrorOf(text string, le loadError) error {
	if le.Plugin == "" && le.Dir == "" {
		return errors.New(text)
	}
	return &remoteLoadError{text: text, le: &plugin.LoadError{Plugin: le.Plugin, Version: le.Version, Dir: le.Dir,
		File: le.File, Line: le.Line, Shadowed: le.Shadowed, Err: errors.New(text)}}
}
