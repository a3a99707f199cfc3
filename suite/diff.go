package suite

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/host/sandbox"
)

// Diff is one difference between a golden and what a case produced: which
// record (and, in a transcript, which entry and tag), which attribute,
// expected and actual. A whole record or line that is missing or extra
// has no Attr, and "" on the side it is missing from.
type Diff struct {
	// Entry is the transcript entry ("entry 3 (gm, line 12)"); Tag the GM
	// tag that produced the record, when known.
	Entry string `json:"entry,omitempty"`
	Tag   string `json:"tag,omitempty"`
	// Record is the record's position (1-based) in the case or entry;
	// Seed the seed that rolled it (check cases). Line is a final-state
	// line's position instead.
	Record int     `json:"record,omitempty"`
	Seed   *uint64 `json:"seed,omitempty"`
	Line   int     `json:"line,omitempty"`
	// Attr is the attribute that differs ("" for the whole record or line).
	Attr     string `json:"attribute,omitempty"`
	Expected string `json:"expected"`
	Actual   string `json:"actual"`
}

// String renders a diff as one readable line.
func (d Diff) String() string {
	var where []string
	if d.Entry != "" {
		where = append(where, d.Entry)
	}
	if d.Tag != "" {
		where = append(where, "tag "+d.Tag)
	}
	switch {
	case d.Line > 0:
		where = append(where, fmt.Sprintf("final state line %d", d.Line))
	case d.Record > 0 && d.Seed != nil:
		where = append(where, fmt.Sprintf("record %d (seed %d)", d.Record, *d.Seed))
	case d.Record > 0:
		where = append(where, fmt.Sprintf("record %d", d.Record))
	}
	at := shown(strings.Join(where, ", "))
	switch {
	case at == "" && d.Attr != "":
		// Not a record's attribute: an odds case's probability.
		return fmt.Sprintf("%s: expected %s, actual %s", shown(d.Attr), orMissing(d.Expected), orMissing(d.Actual))
	case d.Attr != "":
		return fmt.Sprintf("%s: attribute %s: expected %s, actual %s", at, shown(d.Attr), orMissing(d.Expected), orMissing(d.Actual))
	case d.Expected == "":
		return fmt.Sprintf("%s: unexpected %s", at, shown(d.Actual))
	case d.Actual == "":
		return fmt.Sprintf("%s: missing %s", at, shown(d.Expected))
	}
	return fmt.Sprintf("%s:\n    expected %s\n    actual   %s", at, shown(d.Expected), shown(d.Actual))
}

func orMissing(v string) string {
	if v == absent {
		return "(absent)"
	}
	return shownQ(v)
}

// maxShown bounds what a diff prints of one line or value from a file
// (a golden, a transcript): the reader needs the start of a long line,
// not megabytes of it.
const maxShown = 2048

// shown is text from a file as a suite prints it: escaped as plugin text
// is (an ESC or CR byte in a golden must not reach the terminal, nor a
// line break start a line of its own) and cut to maxShown bytes.
func shown(s string) string { return sandbox.Clean(s, maxShown, sandbox.Line) }

// shownQ is a value quoted (%q escapes every control byte), cut first.
func shownQ(s string) string {
	if len(s) <= maxShown {
		return fmt.Sprintf("%q", s)
	}
	cut := strings.ToValidUTF8(s[:maxShown], "")
	return fmt.Sprintf("%q ... (%d more bytes)", cut, len(s)-len(cut))
}

// absent marks an attribute missing on one side of an attribute diff.
const absent = "\x00"

// recordDiffs compares two record lines attribute by attribute. Lines that
// are not both records with the same name differ whole. base is copied
// into each diff (its Entry, Tag, Record, Seed).
func recordDiffs(base Diff, expected, actual string) []Diff {
	if expected == actual {
		return nil
	}
	er, err1 := record.Parse(expected)
	ar, err2 := record.Parse(actual)
	if err1 != nil || err2 != nil || er.Name != ar.Name {
		d := base
		d.Expected, d.Actual = expected, actual
		return []Diff{d}
	}
	var out []Diff
	seen := map[string]bool{}
	for _, a := range er.Attrs {
		seen[a.Key] = true
		got, ok := ar.Get(a.Key)
		if !ok {
			got = absent
		}
		if got != a.Value {
			d := base
			d.Attr, d.Expected, d.Actual = a.Key, a.Value, got
			out = append(out, d)
		}
	}
	for _, a := range ar.Attrs {
		if !seen[a.Key] {
			d := base
			d.Attr, d.Expected, d.Actual = a.Key, absent, a.Value
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		// Same attributes, other order: the order is part of the record.
		d := base
		d.Attr = "(order)"
		d.Expected, d.Actual = keyOrder(er), keyOrder(ar)
		out = append(out, d)
	}
	return out
}

func keyOrder(r record.Record) string {
	keys := make([]string, len(r.Attrs))
	for i, a := range r.Attrs {
		keys[i] = a.Key
	}
	return strings.Join(keys, " ")
}

// maxDiffs bounds the diffs one case reports; the message says how many
// more records differ.
const maxDiffs = 20

// listDiffs compares two lists of record lines position by position.
// seeds, when given, name each position's seed.
func listDiffs(base Diff, expected, actual []string, seeds []uint64) []Diff {
	var out []Diff
	n := max(len(expected), len(actual))
	for i := 0; i < n; i++ {
		d := base
		d.Record = i + 1
		if i < len(seeds) {
			s := seeds[i]
			d.Seed = &s
		}
		switch {
		case i >= len(expected):
			d.Actual = actual[i]
			out = append(out, d)
		case i >= len(actual):
			d.Expected = expected[i]
			out = append(out, d)
		default:
			out = append(out, recordDiffs(d, expected[i], actual[i])...)
		}
	}
	return out
}

// summarize renders diffs for a message, at most maxDiffs of them.
func summarize(diffs []Diff) string {
	var b strings.Builder
	for i, d := range diffs {
		if i == maxDiffs {
			fmt.Fprintf(&b, "\n  ... and %d more differences", len(diffs)-maxDiffs)
			break
		}
		b.WriteString("\n  ")
		b.WriteString(d.String())
	}
	return b.String()
}

// MarshalJSON writes an absent attribute as null.
func (d Diff) MarshalJSON() ([]byte, error) {
	type plain Diff
	out := struct {
		plain
		Expected *string `json:"expected"`
		Actual   *string `json:"actual"`
	}{plain: plain(d)}
	if d.Expected != absent {
		out.Expected = &d.Expected
	}
	if d.Actual != absent {
		out.Actual = &d.Actual
	}
	return json.Marshal(out)
}
