package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestMain checks every answer the package's tests get through a route
// against the OpenAPI document (docs/http.md): its status must be one
// the route declares, and its body must match the declared schema. A
// mismatch fails the run, naming the route, the status and why.
func TestMain(m *testing.M) {
	v := newAnswerValidator()
	// Checked beside the request, not in it: a large answer's check
	// would otherwise hold its connection (and a graceful shutdown).
	var pending sync.WaitGroup
	answerHook = func(method, route string, status int, header http.Header, body []byte) {
		header, body = header.Clone(), bytes.Clone(body)
		pending.Add(1)
		go func() {
			defer pending.Done()
			v.check(method, route, status, header, body)
		}()
	}
	code := m.Run()
	answerHook = nil
	pending.Wait()
	if errs := v.failures(); len(errs) > 0 {
		fmt.Fprintf(os.Stderr, "answers that do not match the OpenAPI document (%d):\n", len(errs))
		for _, e := range errs {
			fmt.Fprintln(os.Stderr, "  "+e)
		}
		code = 1
	}
	fmt.Fprintf(os.Stderr, "%d answers checked against the OpenAPI document\n", v.checked)
	os.Exit(code)
}

type answerValidator struct {
	doc      map[string]any
	compiler *jsonschema.Compiler

	mu      sync.Mutex
	schemas map[string]*jsonschema.Schema
	errs    []string
	seen    map[string]bool
	checked int
}

func newAnswerValidator() *answerValidator {
	raw, _ := json.Marshal(New(Options{}).OpenAPI())
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		panic(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("openapi.json", doc); err != nil {
		panic(err)
	}
	var m map[string]any
	json.Unmarshal(raw, &m)
	return &answerValidator{doc: m, compiler: c, schemas: map[string]*jsonschema.Schema{}, seen: map[string]bool{}}
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// schemaFor is the declared schema of an answer, or why there is none.
func (v *answerValidator) schemaFor(method, path string, status int) (*jsonschema.Schema, error) {
	loc := "openapi.json#/components/schemas/Error"
	if paths, _ := v.doc["paths"].(map[string]any); paths[path] != nil {
		op, _ := paths[path].(map[string]any)[strings.ToLower(method)].(map[string]any)
		if op == nil {
			if status != http.StatusMethodNotAllowed && status != http.StatusUnsupportedMediaType && status != http.StatusForbidden {
				return nil, fmt.Errorf("%s %s: not in the document", method, path)
			}
		} else {
			responses, _ := op["responses"].(map[string]any)
			if responses[strconv.Itoa(status)] == nil {
				return nil, fmt.Errorf("%s %s: status %d is not declared", method, path, status)
			}
			loc = fmt.Sprintf("openapi.json#/paths/%s/%s/responses/%d/content/application~1json/schema", escapePointer(path), strings.ToLower(method), status)
		}
	} else if status < 400 {
		return nil, nil // the preflight's 204 has no body
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if sch := v.schemas[loc]; sch != nil {
		return sch, nil
	}
	sch, err := v.compiler.Compile(loc)
	if err != nil {
		return nil, err
	}
	v.schemas[loc] = sch
	return sch, nil
}

func (v *answerValidator) check(method, path string, status int, header http.Header, body []byte) {
	fail := func(err error) {
		v.mu.Lock()
		defer v.mu.Unlock()
		msg := fmt.Sprintf("%s %s %d: %v (body %.200s)", method, path, status, err, body)
		if !v.seen[msg] {
			v.seen[msg] = true
			v.errs = append(v.errs, msg)
		}
	}
	if header.Get("Content-Type") == "text/event-stream" || status == http.StatusNoContent {
		return
	}
	sch, err := v.schemaFor(method, path, status)
	if err != nil {
		fail(err)
		return
	}
	v.mu.Lock()
	v.checked++
	v.mu.Unlock()
	if sch == nil {
		return
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		fail(fmt.Errorf("not JSON: %v", err))
		return
	}
	if err := sch.Validate(inst); err != nil {
		fail(err)
	}
}

func (v *answerValidator) failures() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return append([]string(nil), v.errs...)
}

// TestAnswerValidatorCatches: the validator refuses an answer off the
// document (a Section named outside its enum, an undeclared status), so
// TestMain's check can fail.
func TestAnswerValidatorCatches(t *testing.T) {
	v := newAnswerValidator()
	h := http.Header{}
	v.check("POST", "/v1/prompt", 200, h, []byte(`{"sections":[{"name":"nonsense","data":null,"text":""}],"text":""}`))
	v.check("POST", "/v1/roll", 418, h, []byte(`{"error":{"code":"x","message":"y"}}`))
	v.check("POST", "/v1/prompt", 200, h, []byte(`{"sections":[{"name":"cut","data":["rules"],"text":"..."}],"text":"..."}`))
	if errs := v.failures(); len(errs) != 2 || !strings.Contains(errs[0], "nonsense") && !strings.Contains(errs[0], "enum") || !strings.Contains(errs[1], "418") {
		t.Errorf("validator failures: %q; want the bad section name and the undeclared 418, and a cut section taken", errs)
	}
}
