package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/rulehost/rulehost/engine/jsonin"
)

// Log formats (docs/session.md "The log"). Format 1 lines are
// {"seq","kind","text"} without an integrity check; they are still read,
// never written. Format 2 adds "crc" to every line and "more" to the lines
// of a batch but its last.
const (
	FormatV1      = 1
	FormatV2      = 2
	CurrentFormat = FormatV2
)

// castagnoli is the CRC-32C table, made on first use: commands that
// never read or write a log (a one-shot check) skip building it at init.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// AppendLine appends an event's line (format 2, newline included) to dst:
//
//	{"seq":N,"kind":"K","text":"T"[,"key":"I"][,"more":true],"crc":"xxxxxxxx"}
//
// The crc is CRC-32C of the same bytes with ,"crc":... left out, that is
// of {"seq":N,"kind":"K","text":"T"[,"key":"I"][,"more":true]}. key is an
// event's idempotency key, written only when it has one, so a log of
// events without keys is byte for byte what it always was. more marks an event
// whose batch (one transcript, appended all or nothing) goes on; a log
// that ends in such an event holds a batch cut short, which is not part
// of the session.
func AppendLine(dst []byte, ev Event, more bool) []byte {
	start := len(dst)
	dst = append(dst, `{"seq":`...)
	dst = strconv.AppendInt(dst, int64(ev.Seq), 10)
	dst = append(dst, `,"kind":`...)
	dst = jsonin.AppendString(dst, ev.Kind)
	dst = append(dst, `,"text":`...)
	dst = jsonin.AppendString(dst, ev.Text)
	if ev.Key != "" {
		dst = append(dst, `,"key":`...)
		dst = jsonin.AppendString(dst, ev.Key)
	}
	if more {
		dst = append(dst, `,"more":true`...)
	}
	dst = append(dst, '}')
	sum := crc32.Checksum(dst[start:], castagnoli())
	dst = dst[:len(dst)-1]
	dst = append(dst, `,"crc":"`...)
	dst = appendHex32(dst, sum)
	return append(dst, '"', '}', '\n')
}

func appendHex32(dst []byte, v uint32) []byte {
	const hex = "0123456789abcdef"
	for shift := 28; shift >= 0; shift -= 4 {
		dst = append(dst, hex[(v>>uint(shift))&0xF])
	}
	return dst
}

// LineError is a log line refused: its number (from 1) and what is wrong.
type LineError struct {
	Line int
	Msg  string
}

func (e *LineError) Error() string {
	return fmt.Sprintf("session: %s line %d: %s; the log is damaged or was changed by hand (nothing was skipped: fix or remove that line)", LogFile, e.Line, e.Msg)
}

// decodeLine reads one log line (without its newline) strictly: valid
// UTF-8, one JSON object and nothing after it, exactly the members of its
// format with the right types, a known kind and, in format 2, a crc that
// matches and the canonical bytes AppendLine writes. It never skips: every
// departure is an error saying what it is.
func decodeLine(line []byte, format int) (ev Event, more bool, err error) {
	if format >= FormatV2 {
		if ev, more, ok := fastLine(line); ok {
			return ev, more, nil
		}
	}
	return decodeLineStrict(line, format)
}

// decodeLineStrict is decodeLine without the fast path: it reads any
// line, and says what is wrong with a bad one.
func decodeLineStrict(line []byte, format int) (ev Event, more bool, err error) {
	if len(line) == 0 {
		return ev, false, errors.New("the line is empty")
	}
	if !utf8.Valid(line) {
		return ev, false, fmt.Errorf("invalid UTF-8 at byte %d of the line", invalidAt(line))
	}
	v, n, err := jsonin.DecodePrefix(line)
	if err != nil {
		return ev, false, fmt.Errorf("not a JSON event: %v", err)
	}
	if n < len(line) {
		if line[n] == '{' {
			return ev, false, fmt.Errorf("the newline after byte %d is missing: a second event starts there", n)
		}
		return ev, false, fmt.Errorf("garbage after the event at byte %d (%q)", n, clip(line[n:]))
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return ev, false, errors.New("not a JSON object")
	}
	var crc string
	for k, val := range obj {
		switch k {
		case "seq":
			num, ok := val.(json.Number)
			i, err := strconv.Atoi(string(num))
			if !ok || err != nil || i < 1 {
				return ev, false, fmt.Errorf("seq %v is not a positive integer", val)
			}
			ev.Seq = i
		case "kind":
			if ev.Kind, ok = val.(string); !ok {
				return ev, false, errors.New("kind is not a string")
			}
		case "text":
			if ev.Text, ok = val.(string); !ok {
				return ev, false, errors.New("text is not a string")
			}
		case "key":
			if ev.Key, ok = val.(string); !ok || format < FormatV2 {
				return ev, false, errors.New(`"key" is not a string in a format 2 log`)
			}
			if err := CheckKey(ev.Key); err != nil {
				return ev, false, err
			}
		case "more":
			if b, ok := val.(bool); !ok || !b || format < FormatV2 {
				return ev, false, errors.New(`"more" is not true in a format 2 log`)
			}
			more = true
		case "crc":
			if crc, ok = val.(string); !ok || format < FormatV2 {
				return ev, false, errors.New(`"crc" is not a string in a format 2 log`)
			}
		default:
			return ev, false, fmt.Errorf("unknown member %q", k)
		}
	}
	for _, m := range []string{"seq", "kind", "text"} {
		if _, ok := obj[m]; !ok {
			return ev, false, fmt.Errorf("missing member %q", m)
		}
	}
	switch ev.Kind {
	case GMReply, PlayerAction, Regenerate:
	default:
		return ev, false, fmt.Errorf("unknown kind %q; want gm, player or regenerate", ev.Kind)
	}
	if format < FormatV2 {
		return ev, false, nil
	}
	if crc == "" {
		return ev, false, errors.New(`missing member "crc" (the integrity check)`)
	}
	want := AppendLine(nil, ev, more)
	wantCRC := string(want[len(want)-11 : len(want)-3])
	if crc != wantCRC {
		return ev, false, fmt.Errorf("integrity check failed: the line says crc %q, its content gives %q", crc, wantCRC)
	}
	if string(want[:len(want)-1]) != string(line) {
		return ev, false, errors.New("not in the canonical form the store writes (spacing, order or escapes differ)")
	}
	return ev, more, nil
}

// fastLine reads a line laid out exactly as AppendLine writes it, the
// only lines a format 2 log holds, without building a JSON tree: most of
// a long session's refold was reading its log. It accepts a line only
// when AppendLine writes that very line for the event it read (so the
// crc matches and the form is canonical), the line is valid UTF-8, the
// kind is known and the key well formed: exactly what decodeLineStrict
// accepts of such a line, with the same event. Anything else (ok false)
// goes to decodeLineStrict, which says what is wrong.
func fastLine(line []byte) (ev Event, more bool, ok bool) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"seq":`))
	if !ok || len(rest) == 0 || rest[0] < '1' || rest[0] > '9' {
		return ev, false, false
	}
	n := 0
	for len(rest) > 0 && rest[0] >= '0' && rest[0] <= '9' {
		if n > (1<<31)/10 {
			return ev, false, false
		}
		n = n*10 + int(rest[0]-'0')
		rest = rest[1:]
	}
	ev.Seq = n
	if ev.Kind, rest, ok = fastMember(rest, `,"kind":`); !ok {
		return ev, false, false
	}
	if ev.Text, rest, ok = fastMember(rest, `,"text":`); !ok {
		return ev, false, false
	}
	if bytes.HasPrefix(rest, []byte(`,"key":`)) {
		if ev.Key, rest, ok = fastMember(rest, `,"key":`); !ok || CheckKey(ev.Key) != nil {
			return ev, false, false
		}
	}
	more = bytes.HasPrefix(rest, []byte(`,"more":true`))
	switch ev.Kind {
	case GMReply, PlayerAction, Regenerate:
	default:
		return ev, false, false
	}
	if !utf8.Valid(line) {
		return ev, false, false
	}
	var buf [512]byte
	want := AppendLine(buf[:0], ev, more)
	if !bytes.Equal(want[:len(want)-1], line) {
		return ev, false, false
	}
	return ev, more, true
}

// fastMember reads `name` and a JSON string as AppendString writes it.
func fastMember(b []byte, name string) (string, []byte, bool) {
	rest, ok := bytes.CutPrefix(b, []byte(name))
	if !ok || len(rest) == 0 || rest[0] != '"' {
		return "", nil, false
	}
	rest = rest[1:]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return "", nil, false
	}
	if bytes.IndexByte(rest[:end], '\\') < 0 {
		return string(rest[:end]), rest[end+1:], true
	}
	var out []byte
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c == '"':
			return string(out), rest[i+1:], true
		case c != '\\':
			out = append(out, c)
		case i+1 >= len(rest):
			return "", nil, false
		default:
			i++
			switch rest[i] {
			case '"', '\\':
				out = append(out, rest[i])
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				if i+4 >= len(rest) || rest[i+1] != '0' || rest[i+2] != '0' {
					return "", nil, false
				}
				hi, lo := unhex(rest[i+3]), unhex(rest[i+4])
				if hi < 0 || lo < 0 {
					return "", nil, false
				}
				out = append(out, byte(hi<<4|lo))
				i += 4
			default:
				return "", nil, false
			}
		}
	}
	return "", nil, false
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return -1
}

func invalidAt(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(b)
}

func clip(b []byte) []byte {
	if len(b) > 20 {
		return b[:20]
	}
	return b
}
