package suite

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
	"time"
)

// The JUnit document as encoding/xml wrote it before WriteJUnit wrote it
// by hand: TestJUnitAsEncodingXML and FuzzJUnitAsEncodingXML hold the two
// byte for byte equal.
type xmlSuites struct {
	XMLName  xml.Name   `xml:"testsuites"`
	Tests    int        `xml:"tests,attr"`
	Failures int        `xml:"failures,attr"`
	Skipped  int        `xml:"skipped,attr"`
	Time     string     `xml:"time,attr"`
	Suites   []xmlSuite `xml:"testsuite"`
}

type xmlSuite struct {
	Name     string    `xml:"name,attr"`
	Tests    int       `xml:"tests,attr"`
	Failures int       `xml:"failures,attr"`
	Errors   int       `xml:"errors,attr"`
	Skipped  int       `xml:"skipped,attr"`
	Time     string    `xml:"time,attr"`
	Cases    []xmlCase `xml:"testcase"`
}

type xmlCase struct {
	Name      string      `xml:"name,attr"`
	ClassName string      `xml:"classname,attr"`
	Time      string      `xml:"time,attr"`
	Failure   *xmlMessage `xml:"failure,omitempty"`
	Skipped   *xmlMessage `xml:"skipped,omitempty"`
}

type xmlMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// encodingXML is the old WriteJUnit.
func encodingXML(w io.Writer, results []*Result, elapsed time.Duration) error {
	out := xmlSuites{Time: seconds(elapsed)}
	index := map[string]int{}
	for _, r := range results {
		i, ok := index[r.Suite]
		if !ok {
			i = len(out.Suites)
			index[r.Suite] = i
			out.Suites = append(out.Suites, xmlSuite{Name: r.Suite})
		}
		s := &out.Suites[i]
		jc := xmlCase{Name: r.Kind + "/" + r.Name, ClassName: r.Suite + "." + r.Kind, Time: seconds(r.Duration)}
		switch r.Status {
		case Fail:
			first, _, _ := strings.Cut(r.Message, "\n")
			jc.Failure = &xmlMessage{Message: xmlSafe(first), Type: r.Kind, Text: xmlSafe(r.Message)}
			s.Failures++
			out.Failures++
		case Skip:
			jc.Skipped = &xmlMessage{Message: xmlSafe(r.Message)}
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
	io.WriteString(w, xml.Header)
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func sameAsEncodingXML(t *testing.T, results []*Result) {
	t.Helper()
	var got, want bytes.Buffer
	if err := WriteJUnit(&got, results, 1500*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := encodingXML(&want, results, 1500*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("WriteJUnit differs from encoding/xml:\n got: %q\nwant: %q", got.String(), want.String())
	}
}

// TestJUnitAsEncodingXML: no results, passes, skips and failures over two
// suites, with markup, quotes, control characters, invalid UTF-8 and
// characters outside XML in every field.
func TestJUnitAsEncodingXML(t *testing.T) {
	sameAsEncodingXML(t, nil)
	hostile := "a<b>&\"c'\td\r\ne\x01f\xffg\uFFFEh\U0001F600\u2028i"
	var results []*Result
	for i, st := range []Status{Pass, Skip, Fail, Fail, Pass, Skip} {
		suite := []string{"alpha", "b&" + hostile}[i%2]
		results = append(results, &Result{Suite: suite, Kind: []string{"check", "plugin", hostile}[i%3], Name: hostile[:i*3],
			Status: st, Message: []string{"", "why\nnot", hostile, "one line"}[i%4], Duration: time.Duration(i) * 1234567})
	}
	sameAsEncodingXML(t, results)
	sameAsEncodingXML(t, results[:1])
	sameAsEncodingXML(t, results[2:3])
}

func FuzzJUnitAsEncodingXML(f *testing.F) {
	f.Add("alpha", "check", "a case", "why\nnot", uint8(2), uint8(0))
	f.Add("b&\"<", "plugin", "x\x00y", "\xff\r\n\t'", uint8(1), uint8(3))
	f.Fuzz(func(t *testing.T, suite, kind, name, msg string, status, layout uint8) {
		st := []Status{Pass, Skip, Fail}[int(status)%3]
		results := []*Result{{Suite: suite, Kind: kind, Name: name, Status: st, Message: msg}}
		if layout&1 != 0 {
			results = append(results, &Result{Suite: suite + "2", Kind: kind, Name: msg, Status: Fail, Message: name})
		}
		if layout&2 != 0 {
			results = append(results, &Result{Suite: suite, Kind: name, Name: kind, Status: Skip, Message: suite})
		}
		sameAsEncodingXML(t, results)
	})
}
