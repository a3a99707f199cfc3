package session

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Entry is one entry of a transcript: an event kind and its text.
type Entry struct {
	Kind string
	Text string
	Line int // where its header is, for messages
}

// ParseTranscript reads a transcript (docs/session.md): entries, each
// opened by a header line "--- gm", "--- player" or "--- regenerate" and
// holding every line up to the next header. Lines before the first header
// must be blank or comments ("#"). An entry's text is trimmed of blank
// lines at both ends.
func ParseTranscript(r io.Reader) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var cur *Entry
	var lines []string
	flush := func() {
		if cur != nil {
			cur.Text = strings.Trim(strings.Join(lines, "\n"), "\n")
			out = append(out, *cur)
		}
		lines = nil
	}
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if head, ok := strings.CutPrefix(line, "--- "); ok {
			kind := strings.ToLower(strings.TrimSpace(head))
			switch kind {
			case GMReply, PlayerAction, Regenerate:
			default:
				return nil, fmt.Errorf("transcript line %d: unknown entry %q; want \"--- gm\", \"--- player\" or \"--- regenerate\"", n, head)
			}
			flush()
			cur = &Entry{Kind: kind, Line: n}
			continue
		}
		if cur == nil {
			if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") {
				return nil, fmt.Errorf("transcript line %d: text before the first entry; start an entry with \"--- gm\"", n)
			}
			continue
		}
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("transcript: %w", err)
	}
	flush()
	return out, nil
}
