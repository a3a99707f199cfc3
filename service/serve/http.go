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
	// RetryAfter, when positive, is the Retry-After header in seconds
	// (a store outage, a spent deadline, a rate limit).
	RetryAfter int
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

func writeErrorBody(w http.ResponseWriter, status int, e *apiError) {
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
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

// noContent is a body-less answer (204), e.g. a CORS preflight.
type noContent struct{}

// statusWriter remembers the status for the request log and metrics
// and, when answerHook is set (tests), the body.
type statusWriter struct {
	http.ResponseWriter
	status int
	body   *bytes.Buffer
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.body != nil {
		w.body.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// Flush lets a streamed answer (server-sent events) reach the client.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the connection underneath.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// answerHook, when set (by the package's tests), sees every answer the
// service gives through wrap: the tests check each against the OpenAPI
// document.
var answerHook func(method, route string, status int, header http.Header, body []byte)

// wrap gives a route its request id, admission (origin, content type,
// API key), body limit, deadline, panic guard, request log line and
// metrics.
func (s *Server) wrap(rt route) http.Handler {
	latency := s.metrics.latency.WithLabelValues(rt.Path)
	log := s.opts.Logger
	handle := rt.Handle(s)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := s.requestID(r)
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		hook := answerHook
		if hook != nil {
			sw.body = new(bytes.Buffer)
		}
		sw.Header()["X-Request-Id"] = []string{id}
		ctx, cancel := context.WithTimeout(r.Context(), s.opts.Deadline)
		if rt.Stream {
			ctx, cancel = context.WithCancel(r.Context()) // a stream lasts as long as its client
		}
		defer cancel()
		r = r.WithContext(ctx)
		r.Body = http.MaxBytesReader(sw, r.Body, s.opts.MaxBody)
		var body any
		r, err := s.admit(sw, r, rt)
		if err == nil {
			body, err = s.run(r.Context(), rt.Path, handle, r) // the admitted context: it carries the key
		}
		switch {
		case err == nil:
			if _, ok := body.(noContent); ok {
				sw.WriteHeader(http.StatusNoContent)
			} else if st, ok := body.(streamed); ok {
				st.stream(sw)
			} else {
				writeJSON(sw, http.StatusOK, body)
			}
		default:
			var ae *apiError
			if !errors.As(err, &ae) {
				ae = &apiError{Status: http.StatusInternalServerError, Code: "engine-error", Message: err.Error()}
			}
			if ae.Code == "store-unavailable" {
				s.metrics.storeOutages.WithLabelValues(s.opts.Store.Name()).Inc()
			}
			writeErrorBody(sw, ae.Status, ae)
		}
		elapsed := time.Since(start)
		latency.Observe(elapsed.Seconds())
		s.metrics.request(rt.Path, sw.status).Inc()
		if log.IsInfo() { // the arguments alone cost allocations when nobody reads them
			log.Info("request", "id", id, "method", r.Method, "path", r.URL.Path, "status", sw.status, "ms", float64(elapsed.Microseconds())/1000)
		}
		if hook != nil {
			hook(rt.Method, rt.Path, sw.status, sw.Header(), sw.body.Bytes())
		}
	})
}

// streamed is an answer that writes itself over time (server-sent
// events) instead of one JSON body.
type streamed interface {
	stream(w *statusWriter)
}

// requestID is the client's own X-Request-Id when it sends a plain one
// (so a client can follow its request through the logs), else a new id:
// this process's random prefix and a counter, unique across servers.
func (s *Server) requestID(r *http.Request) string {
	if v := r.Header["X-Request-Id"]; len(v) == 1 && plainRequestID(v[0]) {
		return v[0]
	}
	return s.idPrefix + strconv.FormatUint(s.nextID.Add(1), 36)
}

// plainRequestID allows 1 to 128 letters, digits and . _ : - (nothing a
// log line or a header could be confused by).
func plainRequestID(v string) bool {
	if len(v) == 0 || len(v) > 128 {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == ':' || c == '-') {
			return false
		}
	}
	return true
}

// run calls the route's handler, turning a panic into a 500 (it is a bug,
// logged with its stack; the service keeps serving) and a spent deadline
// into 503. A handler that answered is answered, even if the deadline
// passed meanwhile: its work is done (an append the store acknowledged
// is stored), and a 503 would tell the client to do it again. The
// deadline cancels only work not done yet, where the handler checks it.
func (s *Server) run(ctx context.Context, path string, handle handlerFunc, r *http.Request) (body any, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.opts.Logger.Error("handler panic", "path", path, "panic", p, "stack", string(debug.Stack()))
			body, err = nil, &apiError{Status: http.StatusInternalServerError, Code: "engine-error", Message: "internal error; it is logged"}
		}
	}()
	body, err = handle(ctx, r)
	if errors.Is(err, context.DeadlineExceeded) {
		err = &apiError{Status: http.StatusServiceUnavailable, Code: "deadline", Message: fmt.Sprintf("the request took longer than its deadline (%s)", s.opts.Deadline), RetryAfter: 1}
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
	if err := jsonin.Into(data, v); err != nil {
		return bodyError(err)
	}
	return nil
}

// bodyError is a refused body: 400 naming the JSON pointer where it
// went wrong, in the message and as its one problem.
func bodyError(err error) *apiError {
	var je *jsonin.Error
	if !errors.As(err, &je) {
		return badRequest("body: %v", err)
	}
	msg := je.Msg
	if je.Syntax {
		msg = fmt.Sprintf("not valid JSON (line %d, column %d): %s", je.Line, je.Col, je.Msg)
	}
	e := badRequest("body: %s: %s", je.Pointer, msg)
	e.Problems = []validate.Problem{{Pointer: je.Pointer, Message: msg}}
	return e
}
