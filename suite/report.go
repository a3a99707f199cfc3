package suite

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"time"
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
// and diff, <skipped> with the reason.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes the results as JUnit XML.
func WriteJUnit(w io.Writer, results []*Result, elapsed time.Duration) error {
	out := junitSuites{Time: seconds(elapsed)}
	index := map[string]int{}
	for _, r := range results {
		i, ok := index[r.Suite]
		if !ok {
			i = len(out.Suites)
			index[r.Suite] = i
			out.Suites = append(out.Suites, junitSuite{Name: r.Suite})
		}
		s := &out.Suites[i]
		jc := junitCase{Name: r.Kind + "/" + r.Name, ClassName: r.Suite + "." + r.Kind, Time: seconds(r.Duration)}
		switch r.Status {
		case Fail:
			first, _, _ := strings.Cut(r.Message, "\n")
			jc.Failure = &junitMessage{Message: xmlSafe(first), Type: r.Kind, Text: xmlSafe(r.Message)}
			s.Failures++
			out.Failures++
		case Skip:
			jc.Skipped = &junitMessage{Message: xmlSafe(r.Message)}
			s.Skipped++
			out.Skipped++
		}
		s.Tests++
		out.Tests++
		s.Cases = append(s.Cases, jc)
	}
	for i := range out.Suites {
		var d time.Duration
		for _, r := range results {
			if r.Suite == out.Suites[i].Name {
				d += r.Duration
			}
		}
		out.Suites[i].Time = seconds(d)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
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
