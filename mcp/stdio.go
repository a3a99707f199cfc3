package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxDepth is the deepest nesting of arrays and objects a message may
// have. The SDK's reader ends the whole session on a message it cannot
// decode (one nested past its decoder's limit among them), so every line
// is screened before the SDK reads it: a line nested deeper, one that is
// not JSON, or one longer than MaxLine is answered with a JSON-RPC error
// here, and the session goes on.
const MaxDepth = 1000

// MaxLine bounds one line of stdio (one message), as the SDK's
// DefaultMaxLineLength does.
const MaxLine = sdk.DefaultMaxLineLength

// JSON-RPC error codes the screen answers with.
const (
	codeParse   = -32700
	codeInvalid = -32600
)

// DrainWait bounds how long ServeStdio waits, once its input has ended,
// for the answers to the requests it already passed on.
const DrainWait = 30 * time.Second

// ServeStdio runs srv over newline-delimited JSON-RPC on in and out (a
// desktop client's stdin and stdout) until in ends or ctx is done. When
// in ends, every request already read is answered before the session
// closes (at most DrainWait): a client that writes its requests and
// closes its end at once, as a script piping a file does, gets all its
// answers, where the SDK alone would close at the end of input and drop
// the calls still running.
func ServeStdio(ctx context.Context, srv *sdk.Server, in io.Reader, out io.Writer) error {
	var open openRequests
	w := &lockedWriter{w: out, answered: open.answered}
	pr, pw := io.Pipe()
	ran := make(chan struct{})
	go func() {
		err := Screen(in, passWriter{pw, open.passed}, w)
		if err == nil { // the end of input: let the answers out first
			open.drain(ctx, ran, DrainWait)
		}
		pw.CloseWithError(err)
	}()
	// The screen bounds each line (MaxLine) and answers one past it; the
	// SDK's own bound, which ends the session instead, is off, so that
	// one bound decides.
	err := srv.Run(ctx, &sdk.IOTransport{Reader: pr, Writer: w, MaxLineLength: -1})
	close(ran)
	pr.Close()
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe) {
		return nil
	}
	return err
}

// lockedWriter writes each message whole: the SDK writes one message per
// Write, and the screen's errors go between them, never inside. Each
// response it writes is counted off the open requests (answered).
type lockedWriter struct {
	mu       sync.Mutex
	w        io.Writer
	answered func(line []byte)
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n, err := l.w.Write(p)
	if l.answered != nil {
		for line := range bytes.SplitSeq(p, []byte{'\n'}) {
			l.answered(line)
		}
	}
	return n, err
}

// passWriter is the SDK's side of the screen; each line it passes (one
// message a Write) is noted (passed) before the SDK can read it.
type passWriter struct {
	w      io.Writer
	passed func(line []byte)
}

func (p passWriter) Write(b []byte) (int, error) {
	p.passed(b)
	return p.w.Write(b)
}

// openRequests are the requests passed to the SDK and not yet answered,
// by id (a client may reuse one).
type openRequests struct {
	mu      sync.Mutex
	ids     map[string]int
	n       int
	changed chan struct{} // closed and replaced whenever n falls
}

// passed notes a request (a message with a method and a number or string
// id); notifications and answers to the server's own requests are not
// waited for.
func (o *openRequests) passed(line []byte) {
	id, method, ok := messageID(line)
	if !ok || !method {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ids == nil {
		o.ids = map[string]int{}
	}
	o.ids[id]++
	o.n++
}

// answered counts a response (an id and no method) off the open requests.
func (o *openRequests) answered(line []byte) {
	id, method, ok := messageID(line)
	if !ok || method {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ids[id] == 0 {
		return
	}
	if o.ids[id]--; o.ids[id] == 0 {
		delete(o.ids, id) // a long session of fresh ids keeps none of them
	}
	o.n--
	if o.changed != nil {
		close(o.changed)
		o.changed = nil
	}
}

// drain waits until every passed request is answered, ctx is done, the
// SDK has stopped (ran closed) or max has passed.
func (o *openRequests) drain(ctx context.Context, ran <-chan struct{}, max time.Duration) {
	timer := time.NewTimer(max)
	defer timer.Stop()
	for {
		o.mu.Lock()
		if o.n == 0 {
			o.mu.Unlock()
			return
		}
		if o.changed == nil {
			o.changed = make(chan struct{})
		}
		ch := o.changed
		o.mu.Unlock()
		select {
		case <-ch:
		case <-ran:
			return
		case <-ctx.Done():
			return
		case <-timer.C:
			return
		}
	}
}

// messageID reads a message's top-level id (a string or an integer, as
// one key: "s:" or "n:" and its text) and whether it has a method; ok is
// false without such an id.
func messageID(line []byte) (id string, method, ok bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(line, &m) != nil {
		return "", false, false
	}
	_, method = m["method"]
	raw := bytes.TrimSpace(m["id"])
	switch {
	case len(raw) == 0:
		return "", method, false
	case raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", method, false
		}
		return "s:" + s, method, true
	default:
		n, err := strconv.ParseInt(string(raw), 10, 64)
		if err != nil {
			return "", method, false
		}
		return "n:" + strconv.FormatInt(n, 10), method, true
	}
}

func (l *lockedWriter) Close() error { return nil }

// Screen copies in to pass line by line, each line a message the SDK can
// read; every other line is answered on errs with a JSON-RPC error (its
// id when one can be read) and dropped. It returns when in ends (nil) or
// pass fails.
func Screen(in io.Reader, pass io.Writer, errs io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if err == bufio.ErrBufferFull {
			if len(line) > MaxLine {
				if err := skipLine(r); err != nil && err != io.EOF {
					return err
				}
				writeError(errs, nil, codeInvalid, fmt.Sprintf("message longer than %d bytes", MaxLine))
				line = line[:0]
			}
			continue
		}
		if len(line) > 0 {
			if msg := screenLine(line); msg != nil {
				writeError(errs, msg.id, msg.code, msg.text)
			} else if t := bytes.TrimSpace(line); len(t) > 0 {
				if _, werr := pass.Write(append(t, '\n')); werr != nil {
					return werr
				}
			}
		}
		line = line[:0]
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func skipLine(r *bufio.Reader) error {
	for {
		_, err := r.ReadSlice('\n')
		if err != bufio.ErrBufferFull {
			return err
		}
	}
}

type refusal struct {
	id   json.RawMessage
	code int
	text string
}

// screenLine says why a line may not reach the SDK, or nil.
func screenLine(line []byte) *refusal {
	t := bytes.TrimSpace(line)
	if len(t) == 0 {
		return nil
	}
	if len(t) > MaxLine {
		return &refusal{nil, codeInvalid, fmt.Sprintf("message longer than %d bytes", MaxLine)}
	}
	if d := Depth(t); d > MaxDepth {
		return &refusal{idOf(t), codeInvalid, fmt.Sprintf("message nested %d levels deep; at most %d", d, MaxDepth)}
	}
	if !json.Valid(t) {
		return &refusal{nil, codeParse, "parse error: the line is not one JSON value"}
	}
	return nil
}

// Depth is the deepest nesting of arrays and objects in b, outside
// strings, read in one pass without decoding.
func Depth(b []byte) int {
	depth, max := 0, 0
	in, esc := false, false
	for _, c := range b {
		switch {
		case in:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				in = false
			}
		case c == '"':
			in = true
		case c == '[' || c == '{':
			depth++
			if depth > max {
				max = depth
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return max
}

// idOf is the id of a message refused before decoding: the value of a
// top-level "id" member that is a number or a string, found by reading
// tokens only as far as it (never the deep part after it, and never
// further than MaxDepth); nil when there is none to read.
func idOf(b []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil
		}
		key, _ := k.(string)
		v, err := dec.Token()
		if err != nil {
			return nil
		}
		switch tv := v.(type) {
		case json.Delim:
			return nil // a nested value before any id: not read further
		case json.Number:
			if key == "id" {
				return json.RawMessage(tv.String())
			}
		case string:
			if key == "id" {
				q, _ := json.Marshal(tv)
				return q
			}
		}
	}
	return nil
}

func writeError(w io.Writer, id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	m, _ := json.Marshal(msg)
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%s}}`+"\n", id, code, m)
}
