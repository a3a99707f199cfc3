package suite

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"
)

// WriteLine prints one result as the plain report does: "PASS ID",
// "SKIP ID (reason)" or "FAIL ID" followed by the indented message.
func WriteLine(w io.Writer, r *Result, verbose bool) {
	switch r.Status {
	case Pass:
		suffix := ""
		if r.Updated {
			suffix = " (updated)"
		}
		fmt.Fprintf(w, "PASS %s%s\n", r.ID, suffix)
		if verbose && r.Got != "" {
			fmt.Fprintf(w, "     %s\n", strings.ReplaceAll(r.Got, "\n", " "))
		}
	case Skip:
		fmt.Fprintf(w, "SKIP %s (%s)\n", r.ID, r.Message)
	default:
		fmt.Fprintf(w, "FAIL %s\n", r.ID)
		for _, l := range strings.Split(r.Message, "\n") {
			fmt.Fprintf(w, "     %s\n", l)
		}
	}
}

// WriteSummary prints the closing lines: time and jobs, then
// "N passed, N failed, N skipped" alone on its line (CI reads it).
func WriteSummary(w io.Writer, s Summary) {
	upd := ""
	if s.Updated > 0 {
		upd = fmt.Sprintf(", %d goldens updated", s.Updated)
	}
	fmt.Fprintf(w, "ran %s in %s with %s%s\n", plural(s.Passed+s.Failed+s.Skipped, "case"), s.Elapsed.Round(time.Millisecond), plural(s.Jobs, "job"), upd)
	fmt.Fprintf(w, "%d passed, %d failed, %d skipped\n", s.Passed, s.Failed, s.Skipped)
}

// WriteJSON prints one JSON object per result, one per line.
func WriteJSON(w io.Writer, r *Result) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

// JUnit XML, as CI systems read it: one <testsuite> per suite, one
// <testcase> per case (classname SUITE.KIND), <failure> with the message
// and diff, <skipped> with the reason. It is written by hand, in
// encoding/xml's layout and escaping (TestJUnitAsEncodingXML holds them
// equal): linking encoding/xml cost every rulehost command its
// initialisers.
type junitSuite struct {
	Name                             string
	Tests, Failures, Errors, Skipped int
	Time                             string
	Cases                            []junitCase
}

type junitCase struct {
	Name, ClassName, Time string
	Failure, Skipped      *junitMessage
}

type junitMessage struct {
	Message, Type, Text string
}

// junitHeader is encoding/xml's Header.
const junitHeader = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// WriteJUnit writes the results as JUnit XML.
func WriteJUnit(w io.Writer, results []*Result, elapsed time.Duration) error {
	var suites []junitSuite
	var tests, failures, skipped int
	index := map[string]int{}
	for _, r := range results {
		i, ok := index[r.Suite]
		if !ok {
			i = len(suites)
			index[r.Suite] = i
			suites = append(suites, junitSuite{Name: r.Suite})
		}
		s := &suites[i]
		jc := junitCase{Name: r.Kind + "/" + r.Name, ClassName: r.Suite + "." + r.Kind, Time: seconds(r.Duration)}
		switch r.Status {
		case Fail:
			first, _, _ := strings.Cut(r.Message, "\n")
			jc.Failure = &junitMessage{Message: xmlSafe(first), Type: r.Kind, Text: xmlSafe(r.Message)}
			s.Failures++
			failures++
		case Skip:
			jc.Skipped = &junitMessage{Message: xmlSafe(r.Message)}
			s.Skipped++
			skipped++
		}
		s.Tests++
		tests++
		s.Cases = append(s.Cases, jc)
	}
	for i := range suites {
		var d time.Duration
		for _, r := range results {
			if r.Suite == suites[i].Name {
				d += r.Duration
			}
		}
		suites[i].Time = seconds(d)
	}
	var b strings.Builder
	b.WriteString(junitHeader)
	fmt.Fprintf(&b, `<testsuites tests="%d" failures="%d" skipped="%d" time="%s">`, tests, failures, skipped, xmlEscape(seconds(elapsed)))
	for _, s := range suites {
		fmt.Fprintf(&b, "\n  "+`<testsuite name="%s" tests="%d" failures="%d" errors="%d" skipped="%d" time="%s">`,
			xmlEscape(s.Name), s.Tests, s.Failures, s.Errors, s.Skipped, xmlEscape(s.Time))
		for _, c := range s.Cases {
			fmt.Fprintf(&b, "\n    "+`<testcase name="%s" classname="%s" time="%s">`, xmlEscape(c.Name), xmlEscape(c.ClassName), xmlEscape(c.Time))
			for _, m := range []struct {
				tag string
				msg *junitMessage
			}{{"failure", c.Failure}, {"skipped", c.Skipped}} {
				if m.msg == nil {
					continue
				}
				fmt.Fprintf(&b, "\n      <%s message=\"%s\"", m.tag, xmlEscape(m.msg.Message))
				if m.msg.Type != "" {
					fmt.Fprintf(&b, ` type="%s"`, xmlEscape(m.msg.Type))
				}
				fmt.Fprintf(&b, ">%s</%s>", xmlEscape(m.msg.Text), m.tag)
			}
			if c.Failure != nil || c.Skipped != nil {
				b.WriteString("\n    ")
			}
			b.WriteString("</testcase>")
		}
		if len(s.Cases) > 0 {
			b.WriteString("\n  ")
		}
		b.WriteString("</testsuite>")
	}
	if len(suites) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("</testsuites>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// xmlEscape is encoding/xml's escaping of attribute values and character
// data: the five markup characters, tab, newline and carriage return as
// references, and what XML cannot hold (or invalid UTF-8) as U+FFFD.
func xmlEscape(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		r, width := utf8.DecodeRuneInString(s[i:])
		i += width
		var esc string
		switch r {
		case '"':
			esc = "&#34;"
		case '\'':
			esc = "&#39;"
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '\t':
			esc = "&#x9;"
		case '\n':
			esc = "&#xA;"
		case '\r':
			esc = "&#xD;"
		default:
			if !xmlChar(r) || (r == utf8.RuneError && width == 1) {
				esc = "\uFFFD"
				break
			}
			continue
		}
		b.WriteString(s[last : i-width])
		b.WriteString(esc)
		last = i
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// xmlChar: r is a character XML 1.0 holds.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// xmlSafe drops characters XML 1.0 cannot hold (a plugin's message may
// carry any byte), keeping tabs and newlines.
func xmlSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20, r == 0xFFFE, r == 0xFFFF, r >= 0xD800 && r <= 0xDFFF:
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
