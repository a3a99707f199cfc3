package serve

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
)

// requestTypes are every body the routes decode (a new one belongs
// here, so FuzzDecodeNamesPointer covers it).
func requestTypes() map[string]func() any {
	return map[string]func() any{
		"validate":   func() any { return &validateRequest{} },
		"check":      func() any { return &checkRequest{} },
		"roll":       func() any { return &rollRequest{} },
		"odds":       func() any { return &oddsRequest{} },
		"prompt":     func() any { return &promptRequest{} },
		"replay":     func() any { return &replayRequest{} },
		"create":     func() any { return &createRequest{} },
		"append":     func() any { return &appendRequest{} },
		"regenerate": func() any { return &regenerateRequest{} },
	}
}

// decodeBody runs the service's body decoder (the fast path included,
// for check and roll) on data.
func decodeBody(name string, v any, data string) error {
	r := httptest.NewRequest("POST", "/", strings.NewReader(data))
	switch req := v.(type) {
	case *checkRequest:
		return decodeWith(r, req, func(b []byte) bool { return fastCheckRequest(b, req) })
	case *rollRequest:
		return decodeWith(r, req, func(b []byte) bool { return fastRollRequest(b, req) })
	}
	return decode(r, v)
}

// wantPointer: a refused body is 400 bad-request whose one problem names
// the JSON pointer, and the message says it too.
func wantPointer(t *testing.T, name, data string, err error) {
	t.Helper()
	var ae *apiError
	if !errors.As(err, &ae) || ae.Code != "bad-request" || len(ae.Problems) != 1 || !strings.HasPrefix(ae.Problems[0].Pointer, "/") ||
		!strings.Contains(ae.Message, ae.Problems[0].Pointer+": ") {
		t.Fatalf("%s %q: %#v; want bad-request naming a JSON pointer", name, data, err)
	}
}

func TestDecodeNamesPointers(t *testing.T) {
	for _, c := range []struct{ route, body, want string }{
		{"check", `{"bundled":"d20-5e","bundledSheets":[1],"tag":"x"}`, "body: /bundledSheets/0: want a string, found a number"},
		{"check", `{"tag":"x","bogus":true}`, `body: /bogus: unknown member "bogus"`},
		{"roll", `{"tag":"x","seed":"7"}`, "body: /seed: want a whole number, found a string"},
		{"append", `{"kind":"gm","text":"x","expectedSeq":"1"}`, "body: /expectedSeq: want a whole number, found a string"},
		{"create", `{"seed":-3,"bundled":"d20-5e"}`, "body: /seed: want a whole number from 0"},
		{"prompt", `{"sections":[3]}`, "body: /sections/0: want a string, found a number"},
		{"validate", `{"sheets":{}}`, "body: /sheets: want an array, found an object"},
		{"replay", `{"text":`, "body: /text: not valid JSON (line 1, column 9)"},
	} {
		v := requestTypes()[c.route]()
		err := decodeBody(c.route, v, c.body)
		wantPointer(t, c.route, c.body, err)
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v; want %q", c.route, c.body, err, c.want)
		}
	}
}

// FuzzDecodeNamesPointer: every body any route refuses while decoding is
// refused at a JSON pointer.
func FuzzDecodeNamesPointer(f *testing.F) {
	for _, s := range []string{`{}`, `{"tag":"x","seed":1}`, `{"bundledSheets":[1]}`, `{"kind":"gm","text":"x","expectedSeq":-1}`, `{"sections":["rules",2]}`,
		`{"ruleset":{"a":[1,{}]},"sheets":[{}]}`, `[`, `{"tag":"\ud800"}`, "\xff", `{"repeat":1e400}`, `{"seed":18446744073709551616}`} {
		for name := range requestTypes() {
			f.Add(name, s)
		}
	}
	f.Fuzz(func(t *testing.T, name, data string) {
		mk, ok := requestTypes()[name]
		if !ok {
			return
		}
		if err := decodeBody(name, mk(), data); err != nil {
			wantPointer(t, name, data, err)
		}
	})
}
