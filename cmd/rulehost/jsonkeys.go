package main

import (
	"encoding/json"
	"unicode"

	"github.com/rulehost/rulehost/engine/jsonin"
)

// lowerCamelJSON rewrites every object key of a JSON document to
// lowerCamel ("HasCharges" to "hasCharges", "ID" to "id"), so that
// `session show --json` speaks one convention even where an engine type
// has no json tags. A key that would collide with one already lowerCamel
// in the same object keeps its own spelling.
func lowerCamelJSON(b []byte) ([]byte, error) {
	v, err := jsonin.Decode(b)
	if err != nil {
		return nil, err
	}
	return json.Marshal(lowerKeys(v))
}

func lowerKeys(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			nk := lowerCamel(k)
			if _, taken := x[nk]; taken && nk != k {
				nk = k
			}
			out[nk] = lowerKeys(val)
		}
		return out
	case []any:
		for i := range x {
			x[i] = lowerKeys(x[i])
		}
		return x
	}
	return v
}

// lowerCamel lowers the leading run of capitals, keeping the last one of
// a run that starts a word ("HTMLName" to "htmlName").
func lowerCamel(k string) string {
	r := []rune(k)
	for i := 0; i < len(r) && unicode.IsUpper(r[i]); i++ {
		if i > 0 && i+1 < len(r) && unicode.IsLower(r[i+1]) {
			break
		}
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}
