package suite_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/suite"
)

// transcriptSuite is a suite of the Ember Roads transcript, with its
// golden recorded.
func transcriptSuite(t *testing.T) (dir, golden string) {
	dir = t.TempDir()
	writeFile(t, filepath.Join(dir, "suite.json"), `{
  "name": "tr",
  "transcripts": [{"name": "ford", "transcript": "`+repo(t, "rulesets/ember-roads/transcripts/01-the-ford.txt")+`",
    "ruleset": "`+repo(t, "rulesets/ember-roads/ruleset.json")+`", "party": "`+repo(t, "rulesets/ember-roads/sheets")+`", "seed": 1}]
}`)
	if got := failed(run(t, dir, suite.Options{Update: true})); len(got) != 0 {
		t.Fatal(got)
	}
	return dir, filepath.Join(dir, "ford.golden")
}

// TestTranscriptDiffNamesEntryAndTag: a changed record in a transcript is
// reported with its entry (number, kind, transcript line), the GM tag that
// produced it, the record's place, the attribute and both values; a
// changed final state by its line; and a golden from another engine
// version says the engine may explain it.
func TestTranscriptDiffNamesEntryAndTag(t *testing.T) {
	dir, golden := transcriptSuite(t)
	data, _ := os.ReadFile(golden)
	text := string(data)
	for _, edit := range [][2]string{
		{`rolls="2,4,5,1" kept="2,4" modifier="2" from="Winded" total="8"`, `rolls="2,4,5,1" kept="2,4" modifier="2" from="Winded" total="9"`},
		{"engine " + suite.EngineVersion, "engine 0.0.9"},
		{"Tamsin (load", "Tamsin (weight"},
	} {
		if !strings.Contains(text, edit[0]) {
			t.Fatalf("golden lacks %q; update this test", edit[0])
		}
		text = strings.Replace(text, edit[0], edit[1], 1)
	}
	writeFile(t, golden, text)
	results := run(t, dir, suite.Options{})
	r := results[0]
	if r.Status != suite.Fail || len(r.Diffs) != 2 {
		t.Fatalf("%s: %d diffs: %s", r.Status, len(r.Diffs), r.Message)
	}
	d := r.Diffs[0]
	if d.Entry != "entry 3 (gm, line 9)" || d.Tag != `[skill_check: skill="Haul" who="Wren" dc="6"]` || d.Record != 2 ||
		d.Attr != "total" || d.Expected != "9" || d.Actual != "8" {
		t.Errorf("record diff: %+v", d)
	}
	if d := r.Diffs[1]; d.Line != 2 || !strings.HasPrefix(d.Expected, "Tamsin (weight") || !strings.HasPrefix(d.Actual, "Tamsin (load") {
		t.Errorf("state diff: %+v", d)
	}
	for _, frag := range []string{
		`entry 3 (gm, line 9), tag [skill_check: skill="Haul" who="Wren" dc="6"], record 2: attribute total: expected "9", actual "8"`,
		"final state line 2:",
		"the golden was recorded by engine 0.0.9",
	} {
		if !strings.Contains(r.Message, frag) {
			t.Errorf("message lacks %q:\n%s", frag, r.Message)
		}
	}
}

// TestRecordDiffs: attributes changed, missing and added, a record of
// another name, and a record missing or extra at the end.
func TestRecordDiffs(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "suite.json"), `{"checks": [{"name": "roll", "ruleset": "`+repo(t, "rulesets/d20-5e/ruleset.json")+`",
  "tag": "[roll_dice: dice=\"1d6\"]", "seeds": [1, 2, 3]}]}`)
	run(t, dir, suite.Options{Update: true})
	g := filepath.Join(dir, "roll.golden")
	data, _ := os.ReadFile(g)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	// lines: 2 header lines, then 3 records.
	lines[2] = strings.Replace(lines[2], `[roll:`, `[roll: extra="1"`, 1)
	lines[3] = `[check: who="Nobody"]`
	lines = append(lines[:4], lines[5:]...)
	writeFile(t, g, strings.Join(lines, "\n")+"\n")
	r := run(t, dir, suite.Options{})[0]
	if len(r.Diffs) != 3 {
		t.Fatalf("%+v", r.Diffs)
	}
	if d := r.Diffs[0]; d.Attr != "extra" || d.Expected != "1" || *d.Seed != 1 || !strings.Contains(r.Message, `record 1 (seed 1): attribute extra: expected "1", actual (absent)`) {
		t.Errorf("missing attribute: %+v\n%s", d, r.Message)
	}
	if d := r.Diffs[1]; d.Attr != "" || d.Expected != `[check: who="Nobody"]` || !strings.HasPrefix(d.Actual, "[roll:") {
		t.Errorf("other record: %+v", d)
	}
	if d := r.Diffs[2]; d.Record != 3 || d.Expected != "" || !strings.Contains(r.Message, "record 3 (seed 3): unexpected [roll:") {
		t.Errorf("extra record: %+v\n%s", d, r.Message)
	}
	b, _ := json.Marshal(r.Diffs[0])
	if !strings.Contains(string(b), `"actual":null`) {
		t.Errorf("an absent attribute is null in JSON: %s", b)
	}
}

// TestReports: JUnit XML that reads back with the counts and messages,
// and one JSON object per case.
func TestReports(t *testing.T) {
	results := []*suite.Result{
		{ID: "s/check/a", Suite: "s", Kind: "check", Name: "a", Status: suite.Pass, Duration: time.Millisecond},
		{ID: "s/check/b", Suite: "s", Kind: "check", Name: "b", Status: suite.Fail, Message: "differs\n  record 1: \x01<&>"},
		{ID: "t/odds/c", Suite: "t", Kind: "odds", Name: "c", Status: suite.Skip, Message: "later"},
	}
	var b bytes.Buffer
	if err := suite.WriteJUnit(&b, results, time.Second); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Skipped  int `xml:"skipped,attr"`
		Suites   []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
				Skipped *struct{} `xml:"skipped"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if back.Tests != 3 || back.Failures != 1 || back.Skipped != 1 || len(back.Suites) != 2 ||
		back.Suites[0].Cases[1].Failure == nil || back.Suites[0].Cases[1].Failure.Message != "differs" ||
		!strings.Contains(back.Suites[0].Cases[1].Failure.Text, "record 1: <&>") || back.Suites[1].Cases[0].Skipped == nil {
		t.Errorf("%+v\n%s", back, b.String())
	}
	b.Reset()
	for _, r := range results {
		if err := suite.WriteJSON(&b, r); err != nil {
			t.Fatal(err)
		}
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("%q", b.String())
	}
	var one map[string]any
	if err := json.Unmarshal([]byte(lines[1]), &one); err != nil || one["status"] != "fail" || one["id"] != "s/check/b" {
		t.Errorf("%v %v", one, err)
	}
}

// TestSkippedCase: "skip" reports SKIP with the reason and runs nothing.
func TestSkippedCase(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "suite.json"), `{"checks": [{"name": "later", "skip": "waiting for the new ladder",
  "ruleset": "`+repo(t, "rulesets/d20-5e/ruleset.json")+`", "tag": "[roll_dice: dice=\"1d6\"]"}]}`)
	r := run(t, dir, suite.Options{})[0]
	if r.Status != suite.Skip || r.Message != "waiting for the new ladder" {
		t.Errorf("%+v", r)
	}
}

// FuzzParseGolden: any golden text reads without crashing, and a golden
// written by the runner reads back to its lines.
func FuzzParseGolden(f *testing.F) {
	f.Add([]byte("# rulehost golden: engine 0.1.0, capability 1.813\n# plugins: a 1, b 2\n[check: a=\"1\"]\n"))
	f.Add([]byte("# rulehost golden: nonsense\n"))
	f.Add([]byte("--- gm 1\n[check: a=\"1\"]\n--- final state\nINVENTORY\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := suite.ParseGolden(data)
		if err != nil {
			return
		}
		for _, l := range g.Lines {
			if strings.HasPrefix(l, "#") || strings.TrimSpace(l) == "" {
				t.Fatalf("comment or blank kept: %q", l)
			}
		}
	})
}

// FuzzSuiteFile: any suite.json is read or refused with problems, never a crash.
func FuzzSuiteFile(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/suites/*.json")
	for _, s := range seeds {
		data, _ := os.ReadFile(s)
		f.Add(data)
	}
	data, _ := os.ReadFile("../testdata/suites/bundled/suite.json")
	f.Add(data)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := suite.Parse(dir, data)
		if err == nil && s == nil {
			t.Fatal("nil suite without an error")
		}
	})
}

// TestOddsCases: the chance of success and each outcome within the
// tolerance, outcomes named as `rulehost odds` prints them; a miss names the probability, expected and actual; an
// outcome the check cannot have is reported absent.
func TestOddsCases(t *testing.T) {
	dir := t.TempDir()
	body := `{"rulesets": ["` + repo(t, "rulesets/gurps/ruleset.json") + `"], "odds": [
  {"name": "labels", "ruleset": "gurps", "sheets": ["` + repo(t, "rulesets/gurps/sheets/dai.json") + `"], "tag": "[skill_check: skill=\"Broadsword\"]",
   "success": 0.5, "outcomes": {"Success": 0.48148148148148145, "Failure (critical failure)": 0.018518518518518517}},
  {"name": "off", "ruleset": "gurps", "sheets": ["` + repo(t, "rulesets/gurps/sheets/dai.json") + `"], "tag": "[skill_check: skill=\"Broadsword\"]",
   "success": 0.51, "tolerance": 0.001, "outcomes": {"Triumph": 0.1}},
  {"name": "loose", "ruleset": "gurps", "sheets": ["` + repo(t, "rulesets/gurps/sheets/dai.json") + `"], "tag": "[skill_check: skill=\"Broadsword\"]",
   "success": 0.51, "tolerance": 0.02}
]}`
	writeFile(t, filepath.Join(dir, "suite.json"), body)
	results := run(t, dir, suite.Options{})
	if results[0].Status != suite.Pass || results[2].Status != suite.Pass {
		t.Errorf("labels: %s; loose: %s", results[0].Message, results[2].Message)
	}
	off := results[1]
	if off.Status != suite.Fail || len(off.Diffs) != 2 ||
		!strings.Contains(off.Message, `success: expected "0.51", actual "0.5"`) ||
		!strings.Contains(off.Message, `outcome Triumph: expected "0.1", actual (absent)`) {
		t.Errorf("%+v\n%s", off.Diffs, off.Message)
	}
}
