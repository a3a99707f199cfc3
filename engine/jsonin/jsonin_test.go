package jsonin

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func wantErr(t *testing.T, doc, pointer, fragment string) {
	t.Helper()
	_, err := Decode([]byte(doc))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: want a refusal, got %v", doc, err)
	}
	if e.Pointer != pointer || !strings.Contains(e.Error(), fragment) {
		t.Fatalf("%s: want %s %q, got %s %q", doc, pointer, fragment, e.Pointer, e.Error())
	}
}

// The cases: duplicate keys and invalid UTF-8 at the pointer of
// the offending member, a BOM named as a BOM.
func TestStrictRefusals(t *testing.T) {
	wantErr(t, `{"resolution": {"max": 40, "max": 4}}`, "/resolution/max", `duplicate key "max"`)
	wantErr(t, `{"abilities": {"brawn": 4, "brawn": 1}}`, "/abilities/brawn", `duplicate key "brawn"`)
	wantErr(t, "{\"name\": \"Tam\xffsin\"}", "/name", "invalid UTF-8")
	wantErr(t, "\xef\xbb\xbf{}", "/", "byte order mark")
	wantErr(t, "{\"skills\": [{\"id\": \"a\"}, {\"id\": \"b\\ud800\"}]}", "/skills/1/id", "lone UTF-16 surrogate")
	wantErr(t, `{"a": 1} {"b": 2}`, "/", "text after the JSON value")
	wantErr(t, "{\"a\": \"x\ty\"}", "/a", "control character")
	wantErr(t, strings.Repeat("[", MaxDepth+1), "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0", "nested more than")
	wantErr(t, `{"a/b": {"c~d": 1, "c~d": 2}}`, "/a~1b/c~0d", "duplicate key")
}

// What encoding/json reads (with UseNumber), Decode reads the same.
func TestDecodeAgreesWithEncodingJSON(t *testing.T) {
	for _, doc := range []string{
		`{"a": [1, -2.5e3, 0, true, false, null, "x\"y\\z\/\u00e9\ud83d\ude00\n"], "b": {}, "c": []}`,
		`"plain"`, `12`, ` [ ] `,
	} {
		got, err := Decode([]byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		var want any
		dec := json.NewDecoder(strings.NewReader(doc))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n got %#v\nwant %#v", doc, got, want)
		}
	}
}

// Counts are checked as elements are decoded: an array past MaxItems is
// refused at its first excess element, not after reading the rest.
func TestCountsWhileDecoding(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"items": {"catalogs": [{"entries": [`)
	for i := 0; i < 300000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"id": "e"}`)
	}
	b.WriteString("]}]}}")
	start := time.Now()
	err := Check([]byte(b.String()))
	var e *Error
	if !errors.As(err, &e) || e.Pointer != "/items/catalogs/0/entries" || !strings.Contains(e.Msg, "more than 10000 elements") {
		t.Fatalf("got %v", err)
	}
	if e.Offset > len(b.String())/20 {
		t.Fatalf("refused at byte %d of %d: read too far", e.Offset, b.Len())
	}
	t.Logf("a 300,000-entry catalog refused after %d bytes in %v", e.Offset, time.Since(start))
}

// A file over the size limit is refused before it is read; the limit can
// be raised.
func TestSizeLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	os.WriteFile(path, []byte(`["`+strings.Repeat("x", 2000)+`"]`), 0o644)
	defer SetMaxBytes(0)
	SetMaxBytes(1000)
	if _, err := ReadFile(path); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "--max-input") {
		t.Fatalf("got %v", err)
	}
	SetMaxBytes(4000)
	if _, err := ReadFile(path); err != nil {
		t.Fatal(err)
	}
}

func TestAppendStringRoundTrips(t *testing.T) {
	for _, s := range []string{"", "plain", "a\"b\\c", "line\nbreak\ttab\r\x01\x1f", "é😀<>&", "\u2028"} {
		b := AppendString(nil, s)
		var got string
		if err := json.Unmarshal(b, &got); err != nil || got != s {
			t.Fatalf("%q: %s -> %q %v", s, b, got, err)
		}
	}
	if got := string(AppendString(nil, "a\xffb")); got != `"a\ufffdb"` {
		t.Fatalf("invalid UTF-8: %s", got)
	}
}

// FuzzDecode: never panics; what it accepts encoding/json accepts and
// reads the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":"c"}]}`, `{"a":1,"a":2}`, "\xef\xbb\xbf{}", `"\ud800"`, `[1e5,-0.5,true,null]`, "{\"x\":\"\xff\"}"} {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"k\u00e9y":"v\"al\n","k\u00e9y":1}`))
	f.Add([]byte(`{"a":"\ud83d\ude00","b":["x\/y",-1.5e3]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Decode(data)
		// Check, which builds nothing (views, escapes checked only),
		// refuses exactly what Decode refuses, with the same error.
		if cerr := Check(data); fmt.Sprint(cerr) != fmt.Sprint(err) {
			t.Fatalf("Check: %v\nDecode: %v", cerr, err)
		}
		if err != nil {
			return
		}
		var want any
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("accepted what encoding/json refuses: %v", err)
		}
		if !reflect.DeepEqual(v, want) {
			t.Fatalf("reads differently:\n got %#v\nwant %#v", v, want)
		}
	})
}
