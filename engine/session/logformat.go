package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"strconv"
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

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

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
	sum := crc32.Checksum(dst[start:], castagnoli)
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
