package jsonin

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

type intoInner struct {
	Name string `json:"name"`
}

type intoEmbedded struct {
	Ruleset json.RawMessage `json:"ruleset,omitempty"`
	Bundled string          `json:"bundled,omitempty"`
}

type intoTarget struct {
	intoEmbedded
	Tag    string            `json:"tag"`
	Seed   uint64            `json:"seed"`
	Repeat int               `json:"repeat,omitempty"`
	Small  int8              `json:"small,omitempty"`
	Ratio  float64           `json:"ratio,omitempty"`
	On     bool              `json:"on,omitempty"`
	Names  []string          `json:"names,omitempty"`
	Seq    *int              `json:"seq,omitempty"`
	Inner  *intoInner        `json:"inner,omitempty"`
	Tags   map[string]string `json:"tags,omitempty"`
	Any    any               `json:"any,omitempty"`
	Hidden string            `json:"-"`
}

func TestIntoNamesPointers(t *testing.T) {
	for _, c := range []struct{ doc, pointer, msg string }{
		{`{"bogus":1}`, "/bogus", `unknown member "bogus"; allowed here: any, bundled, inner, names, on, ratio, repeat, ruleset, seed, seq, small, tag, tags`},
		{`{"Tag":"x"}`, "/Tag", `unknown member "Tag"`},
		{`{"Hidden":"x"}`, "/Hidden", `unknown member`},
		{`{"names":["a",1]}`, "/names/1", "want a string, found a number"},
		{`{"names":"a"}`, "/names", "want an array, found a string"},
		{`{"tag":null}`, "/tag", "want a string, found null"},
		{`{"seed":-1}`, "/seed", "want a whole number from 0 to 18446744073709551615, found -1"},
		{`{"repeat":1.5}`, "/repeat", "want a whole number from"},
		{`{"small":300}`, "/small", "want a whole number from -128 to 127, found 300"},
		{`{"on":"yes"}`, "/on", "want true or false, found a string"},
		{`{"ratio":true}`, "/ratio", "want a number, found a boolean"},
		{`{"inner":{"name":{}}}`, "/inner/name", "want a string, found an object"},
		{`{"inner":{"x~y/z":1}}`, "/inner/x~0y~1z", "unknown member"},
		{`{"tags":{"a":2}}`, "/tags/a", "want a string, found a number"},
		{`{"bundled":["x"]}`, "/bundled", "want a string, found an array"},
		{`[1]`, "/", "want an object, found an array"},
		{`{"tag":"a","tag":"b"}`, "/tag", "duplicate"},
		{`{"tag":`, "/tag", "unexpected end"},
	} {
		var v intoTarget
		err := Into([]byte(c.doc), &v)
		var je *Error
		if !errors.As(err, &je) {
			t.Errorf("%s: %v; want an *Error", c.doc, err)
			continue
		}
		if je.Pointer != c.pointer || !strings.Contains(je.Msg, c.msg) {
			t.Errorf("%s: %q at %q; want %q at %q", c.doc, je.Msg, je.Pointer, c.msg, c.pointer)
		}
	}
}

func TestIntoAsEncodingJSON(t *testing.T) {
	doc := `{"ruleset":{"b":1,"a":[2]},"tag":"t","seed":18446744073709551615,"names":["x"],"seq":null,"inner":{"name":"n"},"tags":{"k":"v"},"any":[1,"2"],"ratio":1e3,"small":-128}`
	var got, want intoTarget
	if err := Into([]byte(doc), &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(doc), &want); err != nil {
		t.Fatal(err)
	}
	got.Any, want.Any = nil, nil // UseNumber: json.Number against float64
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Into:\n got %+v\nwant %+v", got, want)
	}
	if string(got.Ruleset) != `{"b":1,"a":[2]}` {
		t.Errorf("a raw member is not kept byte for byte: %s", got.Ruleset)
	}
}

// FuzzInto: whatever the bytes, Into either fills the value as
// encoding/json does or refuses with an *Error naming a JSON pointer.
func FuzzInto(f *testing.F) {
	for _, s := range []string{`{}`, `{"tag":"x","seed":1}`, `{"names":["a",1]}`, `{"inner":{"name":2}}`, `{"seed":-1}`, `{"ruleset":{"x":[1,{}]}}`, `{"tags":{"a":"b"}}`, `[`, `{"tag":"\ud800"}`, `{"Tag":"x"}`, `{"small":1e2}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v intoTarget
		err := Into(data, &v)
		if err != nil {
			var je *Error
			if !errors.As(err, &je) || !strings.HasPrefix(je.Pointer, "/") {
				t.Fatalf("%q: %v (%T) does not name a pointer", data, err, err)
			}
			return
		}
		var want intoTarget
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.DisallowUnknownFields()
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("%q: Into took what encoding/json refuses: %v", data, err)
		}
		if !reflect.DeepEqual(v, want) {
			t.Fatalf("%q: Into %+v, encoding/json %+v", data, v, want)
		}
	})
}
