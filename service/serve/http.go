package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/validate"
)

// apiError is an error a handler answers with: an HTTP status, a reason
// code (the CLI's and the spec's words) and, for a refused ruleset or
// sheet, every problem at its JSON pointer.
type apiError struct {
	Status   int
	Code     string
	Message  string
	Problems []validate.Problem
	// Seq is the log's current seq, for a conflict (409).
	Seq *int
	// Record is the refusal record, for a tag the engine refuses (odds).
	Record *recordOut
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

func badRequest(format string, args ...any) *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: "bad-request", Message: fmt.Sprintf(format, args...)}
}

// refusedInput is a well-formed request whose content the engine refuses
// (an invalid ruleset, sheet or tag): 422 with the problems.
func refusedInput(code string, err error) *apiError {
	e := &apiError{Status: http.StatusUnprocessableEntity, Code: code, Message: err.Error()}
	var verr *validate.Error
	if errors.As(err, &verr) {
		e.Problems = verr.Problems
	}
	return e
}

// errorBody is the JSON form of every error.
type errorBody struct {
	Error struct {
		Code     string             `json:"code"`
		Message  string             `json:"message"`
		Problems []validate.Problem `json:"problems,omitempty"`
		Seq      *int               `json:"seq,omitempty"`
		Record   *recordOut         `json:"record,omitempty"`
	} `json:"error"`
}

func writeError(w http.ResponseWriter, status int, code, msg string, problems []validate.Problem) {
	writeErrorBody(w, status, &apiError{Code: code, Message: msg, Problems: problems})
}

func writeErrorBody(w http.ResponseWriter, status int, e *apiError) {
	var b errorBody
	b.Error.Code, b.Error.Message, b.Error.Problems, b.Error.Seq, b.Error.Record = e.Code, e.Message, e.Problems, e.Seq, e.Record
	writeJSON(w, status, b)
}

// jsonAppender is a response that writes its own JSON, without
// reflection: the answers of the hot routes (a check's records), where
// encoding/json cost about a tenth of the request.
type jsonAppender interface {
	appendJSON(dst []byte) []byte
}

// bufPool recycles response and request buffers between requests.
var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooled keeps a buffer that grew for one large body out of the pool.
const maxPooled = 64 << 10

func getBuf() *bytes.Buffer { return bufPool.Get().(*bytes.Buffer) }

func putBuf(b *bytes.Buffer) {
	if b.Cap() <= maxPooled {
		b.Reset()
		bufPool.Put(b)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := getBuf()
	defer putBuf(buf)
	if a, ok := v.(jsonAppender); ok {
		buf.Write(a.appendJSON(buf.AvailableBuffer()))
		buf.WriteByte('\n')
	} else {
		enc := json.NewEncoder(buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			status = http.StatusInternalServerError
			buf.Reset()
			fmt.Fprintf(buf, `{"error":{"code":"engine-error","message":%q}}`+"\n", err.Error())
		}
	}
	h := w.Header()
	h["Content-Type"] = jsonContentType
	h["Content-Length"] = []string{strconv.Itoa(buf.Len())}
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

var jsonContentType = []string{"application/json"}

// handlerFunc is a route's work: it reads the request and returns the
// response body, or an error (an *apiError, or anything else as 500).
type handlerFunc func(ctx context.Context, r *http.Request) (any, error)

// statusWriter remembers the status for the request log and metrics.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// wrap gives a route its request id, body limit, deadline, panic guard,
// request log line and metrics.
func (s *Server) wrap(rt route) http.Handler {
	latency := s.metrics.latency.WithLabelValues(rt.Path)
	log := s.opts.Logger
	handle := rt.Handle(s)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := strconv.FormatUint(s.nextID.Add(1), 10)
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		sw.Header()["X-Request-Id"] = []string{id}
		ctx, cancel := context.WithTimeout(r.Context(), s.opts.Deadline)
		defer cancel()
		r = r.WithContext(ctx)
		r.Body = http.MaxBytesReader(sw, r.Body, s.opts.MaxBody)
		body, err := s.run(ctx, rt.Path, handle, r)
		switch {
		case err == nil:
			writeJSON(sw, http.StatusOK, body)
		default:
			var ae *apiError
			if !errors.As(err, &ae) {
				ae = &apiError{Status: http.StatusInternalServerError, Code: "engine-error", Message: err.Error()}
			}
			writeErrorBody(sw, ae.Status, ae)
		}
		elapsed := time.Since(start)
		latency.Observe(elapsed.Seconds())
		s.metrics.request(rt.Path, sw.status).Inc()
		if log.IsInfo() { // the arguments alone cost allocations when nobody reads them
			log.Info("request", "id", id, "method", r.Method, "path", r.URL.Path, "status", sw.status, "ms", float64(elapsed.Microseconds())/1000)
		}
	})
}

// run calls the route's handler, turning a panic into a 500 (it is a bug,
// logged with its stack; the service keeps serving) and a spent deadline
// into 503.
func (s *Server) run(ctx context.Context, path string, handle handlerFunc, r *http.Request) (body any, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.opts.Logger.Error("handler panic", "path", path, "panic", p, "stack", string(debug.Stack()))
			body, err = nil, &apiError{Status: http.StatusInternalServerError, Code: "engine-error", Message: "internal error; it is logged"}
		}
	}()
	body, err = handle(ctx, r)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if errors.Is(err, context.DeadlineExceeded) {
		err = &apiError{Status: http.StatusServiceUnavailable, Code: "deadline", Message: fmt.Sprintf("the request took longer than its deadline (%s)", s.opts.Deadline)}
	}
	return body, err
}

// decode reads a strict JSON body into v: one object, no unknown
// members, no duplicate keys, nothing after it, within the size limit.
func decode(r *http.Request, v any) error {
	return decodeWith(r, v, nil)
}

// decodeWith is decode with a fast path: fast, when not nil, decodes the
// checked body into v by hand and says whether it could; when it cannot
// (anything but the plain shapes it knows) the general decoder runs, so
// every answer, and every error, is the general decoder's.
func decodeWith(r *http.Request, v any, fast func(data []byte) bool) error {
	buf := getBuf()
	defer putBuf(buf) // v holds copies (strings, json.RawMessage), never the buffer
	_, err := buf.ReadFrom(r.Body)
	data := buf.Bytes()
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &apiError{Status: http.StatusRequestEntityTooLarge, Code: "too-large", Message: fmt.Sprintf("the body is over %d bytes; send less, or start the service with a larger --max-body", tooBig.Limit)}
		}
		return badRequest("reading the body: %v", err)
	}
	if fast != nil && jsonin.Check(data) == nil && fast(data) {
		return nil
	}
	if err := jsonin.Unmarshal(data, v); err != nil {
		return badRequest("body: %v", err)
	}
	return nil
}
