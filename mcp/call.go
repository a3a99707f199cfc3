package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/internal/lazy"
)

// ArgError is a malformed tool call: the argument at fault ("" for the
// call as a whole) and what to do. A malformed call is answered with a
// tool error and changes nothing.
type ArgError struct {
	Tool string `json:"tool"`
	Arg  string `json:"argument,omitempty"`
	Msg  string `json:"error"`
}

func (e *ArgError) Error() string {
	if e.Arg == "" {
		return fmt.Sprintf("tool %s: %s", e.Tool, e.Msg)
	}
	return fmt.Sprintf("tool %s: argument %q: %s", e.Tool, e.Arg, e.Msg)
}

// keyRE is an attribute key the tag grammar reads (docs/tags.md).
var keyRE = lazy.Regexp(`^[A-Za-z][A-Za-z0-9_.-]{0,63}$`)

// maxArgs bounds a call's arguments, as a tag's attributes are bounded.
const maxArgs = 256

// TagOf turns a call's arguments (a JSON object; empty or null is no
// argument) into the tag the call stands for: the tool's fixed attributes
// first, then each argument in the order given, printed as the tag would
// say it. Values are not held to the schema's enums: a skill the ruleset
// does not have is answered by the engine's own refusal (unknown-skill),
// exactly as the tag would be. What no tag could say (an unknown argument,
// an object, a number where a word is wanted, a required argument left
// out) is an ArgError naming the argument.
func (t *Tool) TagOf(args json.RawMessage) (tag.Tag, error) {
	out := tag.Tag{Name: t.Tag}
	for _, f := range t.Fixed {
		out.Attrs = append(out.Attrs, tag.Attr{Key: f[0], Value: f[1]})
	}
	bad := func(arg, format string, a ...any) error {
		return &ArgError{Tool: t.Name, Arg: arg, Msg: fmt.Sprintf(format, a...)}
	}
	pairs, err := objectPairs(args)
	if err != nil {
		return tag.Tag{}, bad("", "%v", err)
	}
	if len(pairs) > maxArgs {
		return tag.Tag{}, bad("", "%d arguments; at most %d", len(pairs), maxArgs)
	}
	seen := map[string]bool{}
	for _, p := range pairs {
		low := strings.ToLower(p.key)
		if seen[low] {
			return tag.Tag{}, bad(p.key, "given twice (argument names are compared in any case); give it once")
		}
		seen[low] = true
		for _, f := range t.Fixed {
			if strings.EqualFold(f[0], p.key) {
				return tag.Tag{}, bad(p.key, "is fixed by the tool (%s=%q); leave it out", f[0], f[1])
			}
		}
		a, ok := t.Arg(p.key)
		switch {
		case ok:
		case t.Open && keyRE().MatchString(p.key):
			a = Arg{Name: p.key, Type: String}
		default:
			return tag.Tag{}, bad(p.key, "not an argument of this tool; it takes %s", t.argNames())
		}
		if string(p.value) == "null" {
			continue // a model's way of leaving an optional argument out
		}
		v, msg := scalar(p.value, a.Type)
		if msg != "" {
			return tag.Tag{}, bad(p.key, "%s", msg)
		}
		out.Attrs = append(out.Attrs, tag.Attr{Key: a.Name, Value: v})
	}
	for _, a := range t.Args {
		if a.Required && !out.Has(a.Name) {
			return tag.Tag{}, bad(a.Name, "required; give it")
		}
	}
	return out, nil
}

func (t *Tool) argNames() string {
	if len(t.Args) == 0 {
		return "no arguments"
	}
	names := make([]string, len(t.Args))
	for i, a := range t.Args {
		names[i] = a.Name
	}
	return strings.Join(names, ", ")
}

type pair struct {
	key   string
	value json.RawMessage
}

// objectPairs reads a JSON object's members in the order written (the
// tag keeps that order). Values are kept raw.
func objectPairs(raw json.RawMessage) ([]pair, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] != '{' {
		return nil, fmt.Errorf("the arguments are a JSON object {\"name\": value, ...}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("the arguments are not JSON: %v", err)
	}
	var out []pair
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("the arguments are not JSON: %v", err)
		}
		key, _ := k.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("argument %q: not JSON: %v", key, err)
		}
		out = append(out, pair{key, v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("the arguments are not JSON: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("the arguments are one JSON object; found more after it")
	}
	return out, nil
}

// scalar reads one argument's value as the tag's text, or says why it
// cannot be. A number given as a string is kept as written ("+2"), so a
// call says exactly what its tag would.
func scalar(raw json.RawMessage, typ string) (string, string) {
	var s string
	isString := len(raw) > 0 && raw[0] == '"'
	switch {
	case isString:
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", "not a JSON string"
		}
	case string(raw) == "true" || string(raw) == "false":
		s = string(raw)
	case len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9'):
		s = string(raw)
	default:
		return "", fmt.Sprintf("want a %s, found %s", typ, kindOf(raw))
	}
	switch typ {
	case Integer:
		if _, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimSpace(s), "+"), 10, 64); err != nil {
			return "", fmt.Sprintf("want an integer, found %s", shown(raw))
		}
	case Number:
		if _, err := strconv.ParseFloat(strings.TrimPrefix(strings.TrimSpace(s), "+"), 64); err != nil {
			return "", fmt.Sprintf("want a number, found %s", shown(raw))
		}
	case Boolean:
		switch strings.ToLower(s) {
		case "true", "false":
			s = strings.ToLower(s)
		default:
			return "", fmt.Sprintf("want true or false, found %s", shown(raw))
		}
	}
	return s, ""
}

func kindOf(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "a list"
	}
	return shown(raw)
}

// shown quotes a value for an error, cut short.
func shown(raw json.RawMessage) string {
	if len(raw) > 40 {
		return string(raw[:40]) + "..."
	}
	return string(raw)
}

// CallOf is the call a tag stands for, the inverse of TagOf: the tool
// named by the tag (inventory_ACTION for an inventory action) with each
// attribute in the tag's order: as a JSON number or boolean where the
// argument takes one and the text is exactly how TagOf prints it back
// ("2", "true"), as a JSON string otherwise ("+1"), so TagOf of the call
// is the tag again, byte for byte. ok is false when no
// tool of the table is that tag.
func (t *Table) CallOf(tg tag.Tag) (Call, bool) {
	name := strings.ToLower(tg.Name)
	if name == "inventory" {
		name += "_" + strings.ToLower(tg.Value("action"))
	}
	tl, ok := t.byName[name]
	if !ok {
		return Call{}, false
	}
	var b []byte
	b = append(b, '{')
	n := 0
	for _, a := range tg.Attrs {
		fixed := false
		for _, f := range tl.Fixed {
			fixed = fixed || strings.EqualFold(f[0], a.Key)
		}
		if fixed {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		k, _ := json.Marshal(a.Key)
		b = append(append(b, k...), ':')
		b = appendValue(b, tl, a)
	}
	b = append(b, '}')
	return Call{Name: name, Args: b}, true
}

func appendValue(b []byte, tl *Tool, a tag.Attr) []byte {
	arg, _ := tl.Arg(a.Key)
	switch arg.Type {
	case Integer:
		if n, err := strconv.Atoi(a.Value); err == nil && strconv.Itoa(n) == a.Value {
			return append(b, a.Value...)
		}
	case Boolean:
		if a.Value == "true" || a.Value == "false" {
			return append(b, a.Value...)
		}
	}
	v, _ := json.Marshal(a.Value)
	return append(b, v...)
}
