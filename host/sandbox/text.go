package sandbox

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Every string that comes from a plugin (an error message, a refusal note,
// a validation problem, a print() line, a formatter's text) goes through
// one sanitizer, Clean, before anyone sees it. A plugin's text is data, and
// the GM reads it on a terminal among the host's own lines, so it must not
// be able to:
//   - start a line of its own: a forged "--- gm 9" transcript header, a
//     forged "FILE: valid" line from validate, a forged record line;
//   - command the terminal: ANSI escape sequences and other C0/C1 controls;
//   - reorder what is shown: bidi overrides and isolates (U+202A-U+202E,
//     U+2066-U+2069), invisible marks and the line and paragraph
//     separators U+2028 and U+2029;
//   - break the output's encoding: invalid UTF-8;
//   - flood the output: every string has a length cap, and callers that
//     collect many (validate's problems) cap their count.
//
// Such characters are not dropped silently but written as escapes (\n,
// \x1b, \u202e, \xff for a byte that is not UTF-8), so the GM sees that
// they were there.

// Caps for text from plugins.
const (
	// MaxNoteLen caps one error message, refusal note, problem or log line.
	MaxNoteLen = 1024
	// MaxProblems caps how many problems one plugin call may report (the
	// same 20 a manifest's problems are cut to).
	MaxProblems = 20
)

// Mode says whether line breaks are the text's own.
type Mode int

const (
	// Line is one line: line breaks and tabs are escaped too.
	Line Mode = iota
	// Lines is multi-line text (a formatter's block): "\n" and tabs are
	// kept, "\r" is escaped, and a line that would open a transcript entry
	// ("--- ") is indented so it cannot be read as one.
	Lines
)

// Clean returns s fit to show: at most max bytes of it (max <= 0:
// MaxNoteLen) with every control, format and separator character escaped
// as described above, and "... (N more bytes)" when it was cut. Its cost is
// bounded by max, not by len(s).
func Clean(s string, max int, mode Mode) string {
	if max <= 0 {
		max = MaxNoteLen
	}
	if isClean(s, max, mode) {
		return s
	}
	var b strings.Builder
	b.Grow(min(len(s), max) + 16)
	lineStart := true
	i := 0
	for i < len(s) && b.Len() < max {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n' && mode == Lines:
			b.WriteByte('\n')
		case r == '\t' && mode == Lines:
			b.WriteByte('\t')
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			if lineStart && mode == Lines && strings.HasPrefix(s[i:], "---") {
				b.WriteString("  ")
			}
			b.WriteString(s[i : i+size])
		}
		lineStart = r == '\n'
		i += size
	}
	if i < len(s) {
		fmt.Fprintf(&b, "... (%d more bytes)", len(s)-i)
	}
	return b.String()
}

// isClean reports whether Clean would return s unchanged (the common
// case, checked without allocating).
func isClean(s string, max int, mode Mode) bool {
	if len(s) > max {
		return false
	}
	lineStart := true
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			// ASCII, byte by byte: most of a prompt
			switch {
			case (c == '\n' || c == '\t') && mode == Lines:
			case c < 0x20 || c == 0x7f:
				return false
			case lineStart && c == '-' && mode == Lines && strings.HasPrefix(s[i:], "---"):
				return false
			}
			lineStart = c == '\n'
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 || unsafeRune(r) {
			return false
		}
		lineStart = false
		i += size
	}
	return true
}

// Unshowable reports the characters a value shown in a record may not hold:
// C0 and C1 controls, DEL, and the bidi, invisible-format and line or
// paragraph separator characters Clean escapes (U+202E, U+2066-U+2069,
// U+2028, U+2029, ...): note="x \u202eeurt=sseccus" renders as
// success=true.
func Unshowable(r rune) bool {
	return r < 0x20 || r == 0x7f || unsafeRune(r)
}

// unsafeRune reports the characters past ASCII that Clean escapes: C1
// controls, bidi embeddings, overrides, marks and isolates, zero-width and
// invisible format characters, the line and paragraph separators, the
// byte-order mark and the interlinear annotation controls.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f,
		r == 0x061c,
		r >= 0x200b && r <= 0x200f,
		r >= 0x2028 && r <= 0x202e,
		r >= 0x2060 && r <= 0x2069,
		r == 0xfeff,
		r >= 0xfff9 && r <= 0xfffb:
		return true
	}
	return false
}
