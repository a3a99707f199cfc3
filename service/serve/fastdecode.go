package serve

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// A hand-written decoder for the hot requests (check and roll with a
// bundled ruleset): encoding/json's reflection was about a fifth of a
// check request's CPU. It reads only what jsonin.Check has already
// accepted (one object, valid UTF-8, no duplicate keys), and only the
// plain shapes: exact member names, strings, whole numbers, arrays of
// strings. Anything else (an inline ruleset, a null, a member name in
// another case, a number with a fraction) makes it give up, and the
// general decoder reads the body, so the answers and the errors are
// always the general decoder's. FuzzFastDecode checks that whatever it
// decodes, the general decoder decodes the same.

// flat walks a checked JSON object's members.
type flat struct {
	data []byte
	i    int
}

func (f *flat) ws() {
	for f.i < len(f.data) {
		switch f.data[f.i] {
		case ' ', '\t', '\n', '\r':
			f.i++
		default:
			return
		}
	}
}

// eat consumes c (after white space) and says whether it was there.
func (f *flat) eat(c byte) bool {
	f.ws()
	if f.i < len(f.data) && f.data[f.i] == c {
		f.i++
		return true
	}
	return false
}

// str reads a string.
func (f *flat) str() (string, bool) {
	f.ws()
	if f.i >= len(f.data) || f.data[f.i] != '"' {
		return "", false
	}
	start, escaped := f.i, false
	for f.i++; f.i < len(f.data); f.i++ {
		switch f.data[f.i] {
		case '\\':
			escaped = true
			f.i++
		case '"':
			f.i++
			tok := f.data[start:f.i]
			if !escaped {
				return string(tok[1 : len(tok)-1]), true
			}
			return unescape(tok[1 : len(tok)-1])
		}
	}
	return "", false
}

// num reads a number token made only of digits and a leading minus.
func (f *flat) num() (string, bool) {
	f.ws()
	start := f.i
	for f.i < len(f.data) && (f.data[f.i] >= '0' && f.data[f.i] <= '9' || f.data[f.i] == '-' && f.i == start) {
		f.i++
	}
	if f.i < len(f.data) {
		switch f.data[f.i] {
		case '.', 'e', 'E':
			return "", false
		}
	}
	return string(f.data[start:f.i]), f.i > start
}

// strs reads an array of strings.
func (f *flat) strs() ([]string, bool) {
	if !f.eat('[') {
		return nil, false
	}
	out := []string{}
	if f.eat(']') {
		return out, true
	}
	for {
		s, ok := f.str()
		if !ok {
			return nil, false
		}
		out = append(out, s)
		if f.eat(']') {
			return out, true
		}
		if !f.eat(',') {
			return nil, false
		}
	}
}

// members calls member for each member name; member reads the value and
// says whether it could.
func (f *flat) members(member func(name string) bool) bool {
	if !f.eat('{') {
		return false
	}
	if f.eat('}') {
		return true
	}
	for {
		name, ok := f.str()
		if !ok || !f.eat(':') || !member(name) {
			return false
		}
		if f.eat('}') {
			f.ws()
			return f.i == len(f.data)
		}
		if !f.eat(',') {
			return false
		}
	}
}

// source reads the members a bundled source has (bundled,
// bundledSheets); false for any other name.
func (f *flat) source(name string, src *rulesetSource, sheets *sheetSources) (handled, ok bool) {
	switch name {
	case "bundled":
		src.Bundled, ok = f.str()
		return true, ok
	case "bundledSheets":
		if sheets == nil {
			return true, false
		}
		sheets.BundledSheets, ok = f.strs()
		return true, ok
	}
	return false, false
}

func (f *flat) uint64(v *uint64) bool {
	tok, ok := f.num()
	if !ok {
		return false
	}
	n, err := strconv.ParseUint(tok, 10, 64)
	*v = n
	return err == nil
}

func (f *flat) int(v *int) bool {
	tok, ok := f.num()
	if !ok {
		return false
	}
	n, err := strconv.ParseInt(tok, 10, strconv.IntSize)
	*v = int(n)
	return err == nil
}

// fastCheckRequest decodes a check request by hand, or says it cannot.
func fastCheckRequest(data []byte, req *checkRequest) bool {
	f := flat{data: data}
	var got checkRequest
	ok := f.members(func(name string) bool {
		if handled, ok := f.source(name, &got.rulesetSource, &got.sheetSources); handled {
			return ok
		}
		switch name {
		case "tag":
			var ok bool
			got.Tag, ok = f.str()
			return ok
		case "seed":
			return f.uint64(&got.Seed)
		case "repeat":
			return f.int(&got.Repeat)
		}
		return false
	})
	if ok {
		*req = got
	}
	return ok
}

// fastRollRequest decodes a roll request by hand, or says it cannot.
func fastRollRequest(data []byte, req *rollRequest) bool {
	f := flat{data: data}
	var got rollRequest
	ok := f.members(func(name string) bool {
		if handled, ok := f.source(name, &got.rulesetSource, nil); handled {
			return ok
		}
		switch name {
		case "tag":
			var ok bool
			got.Tag, ok = f.str()
			return ok
		case "seed":
			return f.uint64(&got.Seed)
		}
		return false
	})
	if ok {
		*req = got
	}
	return ok
}

// unescape reads a JSON string's escapes (a tag's \" above all). A
// surrogate that is not half of a pair gives up (jsonin.Check refuses it
// anyway).
func unescape(b []byte) (string, bool) {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if i++; i >= len(b) {
			return "", false
		}
		switch b[i] {
		case '"', '\\', '/':
			out = append(out, b[i])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(b[i+1:])
			if !ok {
				return "", false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if i+2 >= len(b) || b[i+1] != '\\' || b[i+2] != 'u' {
					return "", false
				}
				r2, ok := hex4(b[i+3:])
				if r = utf16.DecodeRune(r, r2); !ok || r == utf8.RuneError {
					return "", false
				}
				i += 6
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", false
		}
	}
	return string(out), true
}

// hex4 reads four hexadecimal digits.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
