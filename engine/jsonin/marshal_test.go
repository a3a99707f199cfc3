package jsonin

import (
	"bytes"
	"encoding/json"
	"testing"
)

// sameAsJSONMarshal: Marshal's bytes and error are json.Marshal's.
func sameAsJSONMarshal(t *testing.T, v any) {
	t.Helper()
	got, gerr := Marshal(v)
	want, werr := json.Marshal(v)
	if (gerr == nil) != (werr == nil) || !bytes.Equal(got, want) {
		t.Fatalf("Marshal(%#v) = %q, %v; json.Marshal: %q, %v", v, got, gerr, want, werr)
	}
}

// TestMarshalAsJSON: decoded documents with every escape encoding/json
// writes (HTML characters, U+2028/9, control characters, invalid UTF-8),
// unsorted keys, numbers in every form, and values Decode never builds.
func TestMarshalAsJSON(t *testing.T) {
	for _, doc := range []string{
		`{"z":1,"a":[true,false,null,"x"],"m":{"b":-0.5e+10,"a":{}},"e":[]}`,
		`["<a href=\"x\">&amp;</a>", "\u2028\u2029", "\b\f\n\r\t\u0001\u001f\u007f", "\\", "é😀"]`,
		`[0, -0, 1.0, 1E5, 123456789012345678901234567890, -1.5e-7]`,
	} {
		v, err := Decode([]byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		sameAsJSONMarshal(t, v)
	}
	for _, v := range []any{"\xff\xfe", map[string]any{"\xff": "<"}, json.Number(""), json.Number("01"), json.Number("1."), json.Number("abc"),
		[]any(nil), map[string]any(nil), 3.5, []int{1}, map[string]any{"f": func() {}}} {
		sameAsJSONMarshal(t, v)
	}
}

func FuzzMarshal(f *testing.F) {
	for _, s := range []string{`{"b":"<&>","a":[1,2.5e3,null]}`, `"\u2028\u0000"`, `[{"x":{"y":[]}}]`, `-0.0E-0`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Decode(data)
		if err != nil {
			return
		}
		sameAsJSONMarshal(t, v)
	})
}
