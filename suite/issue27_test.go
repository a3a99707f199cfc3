package suite_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/suite"
)

// rollSuite writes a suite of one roll_dice case with the given golden
// path (relative to the suite folder), in dir.
func rollSuite(t *testing.T, dir, golden string) {
	t.Helper()
	writeFile(t, filepath.Join(dir, "suite.json"), `{"checks": [{"name": "roll", "ruleset": "`+repo(t, "rulesets/d20-5e/ruleset.json")+`",
  "tag": "[roll_dice: dice=\"1d6\"]", "seeds": [1, 2], "golden": "`+golden+`"}]}`)
}

// plain is a result as the plain report prints it.
func plain(r *suite.Result) string {
	var b bytes.Buffer
	suite.WriteLine(&b, r, true)
	return b.String()
}

// TestGoldenSymlinksStayInside (issue 27): a golden read through a
// symlink out of the suite folder printed the file it led to in the diff,
// and --update wrote through a symlinked folder outside it. Both are
// refused, naming the path, and nothing outside is read or written.
func TestGoldenSymlinksStayInside(t *testing.T) {
	root := t.TempDir()
	secret := filepath.Join(root, "secret.txt")
	writeFile(t, secret, "[roll_dice: dice=\"SECRET-TEXT\"]\n")
	out := filepath.Join(root, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}

	leak := filepath.Join(root, "leak")
	if err := os.MkdirAll(filepath.Join(leak, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../secret.txt", filepath.Join(leak, "x", "leak.golden")); err != nil {
		t.Fatal(err)
	}
	rollSuite(t, leak, "x/leak.golden")
	for _, update := range []bool{false, true} {
		r := run(t, leak, suite.Options{Update: update})[0]
		if r.Status != suite.Fail || !strings.Contains(r.Message, "outside the suite folder") || strings.Contains(plain(r), "SECRET") {
			t.Errorf("update %t: a golden linked out of the suite: %s %s", update, r.Status, plain(r))
		}
	}
	if data, _ := os.ReadFile(secret); string(data) != "[roll_dice: dice=\"SECRET-TEXT\"]\n" {
		t.Errorf("--update wrote through the link: %q", data)
	}

	write := filepath.Join(root, "write")
	if err := os.MkdirAll(filepath.Join(write, "y"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../out", filepath.Join(write, "y", "goldens")); err != nil {
		t.Fatal(err)
	}
	rollSuite(t, write, "y/goldens/new/roll.golden")
	r := run(t, write, suite.Options{Update: true})[0]
	if r.Status != suite.Fail || !strings.Contains(r.Message, "outside the suite folder") {
		t.Errorf("--update through a folder linked out: %s %s", r.Status, r.Message)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("--update wrote outside the suite: %v", entries)
	}

	// a link that stays inside is followed
	inside := filepath.Join(root, "inside")
	rollSuite(t, inside, "g/roll.golden")
	if got := failed(run(t, inside, suite.Options{Update: true})); len(got) != 0 {
		t.Fatal(got)
	}
	if err := os.Symlink("g", filepath.Join(inside, "h")); err != nil {
		t.Fatal(err)
	}
	rollSuite(t, inside, "h/roll.golden")
	if got := failed(run(t, inside, suite.Options{})); len(got) != 0 {
		t.Errorf("a link inside the suite: %v", got)
	}
}

// TestGoldenBytesEscaped (issue 27): raw ESC and CR bytes from a golden
// reached the terminal in whole-line diffs and header notes. Every line a
// suite prints goes through the plugin-text escaping.
func TestGoldenBytesEscaped(t *testing.T) {
	dir := t.TempDir()
	rollSuite(t, dir, "roll.golden")
	writeFile(t, filepath.Join(dir, "roll.golden"), "# rulehost golden: engine 0.0.9\x1b]0;pwned\x07\x1b[2J, capability 1\r\n"+
		"# plugins: evil\x1b[31m 1\x0d\n"+
		"not a record \x1b[31mRED\rCR\n"+
		"[roll_dice: dice=\"1d6\x1b[0m\" rolls=\"1\" total=\"1\"]\n")
	r := run(t, dir, suite.Options{})[0]
	text := plain(r) + r.Message
	if r.Status != suite.Fail || len(r.Diffs) == 0 {
		t.Fatalf("%s %s", r.Status, text)
	}
	if strings.ContainsAny(text, "\x1b\r\x07") {
		t.Errorf("raw control bytes printed: %q", text)
	}
	for _, frag := range []string{`\x1b[31mRED\rCR`, `engine 0.0.9\x1b]0;pwned`} {
		if !strings.Contains(text, frag) {
			t.Errorf("output lacks the escaped %s:\n%s", frag, text)
		}
	}
}

// TestTranscriptDiffAfterSheetTag (issue 27): a [sheet:] tag answers with
// a record too, and a changed record after one was reported under the
// tag that follows it.
func TestTranscriptDiffAfterSheetTag(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(repo(t, "rulesets/ember-roads/transcripts/01-the-ford.txt"))
	if err != nil {
		t.Fatal(err)
	}
	haul := `[skill_check: skill="Haul" who="Wren" dc="6"]`
	text := strings.Replace(string(src), haul, `[sheet: op="rest" rest="short" who="Orrin"] `+haul, 1)
	if text == string(src) {
		t.Fatal("the transcript changed; update this test")
	}
	writeFile(t, filepath.Join(dir, "ford.txt"), text)
	writeFile(t, filepath.Join(dir, "suite.json"), `{
  "name": "tr",
  "transcripts": [{"name": "ford", "transcript": "ford.txt",
    "ruleset": "`+repo(t, "rulesets/ember-roads/ruleset.json")+`", "party": "`+repo(t, "rulesets/ember-roads/sheets")+`", "seed": 1}]
}`)
	if got := failed(run(t, dir, suite.Options{Update: true})); len(got) != 0 {
		t.Fatal(got)
	}
	golden := filepath.Join(dir, "ford.golden")
	data, _ := os.ReadFile(golden)
	lines := strings.Split(string(data), "\n")
	found := false
	for i, l := range lines {
		if strings.HasPrefix(l, "[check:") && strings.Contains(l, `skill="Haul"`) && strings.Contains(l, ` total="`) {
			lines[i] = strings.Replace(l, ` total="`, ` total="9`, 1)
			found = true
			break
		}
	}
	if !found {
		t.Fatalf("no Haul check in the golden:\n%s", data)
	}
	writeFile(t, golden, strings.Join(lines, "\n"))
	r := run(t, dir, suite.Options{})[0]
	if r.Status != suite.Fail || len(r.Diffs) != 1 {
		t.Fatalf("%s: %+v", r.Status, r.Diffs)
	}
	if d := r.Diffs[0]; d.Tag != haul || d.Record != 3 || d.Attr != "total" {
		t.Errorf("the diff names %+v; want tag %s, record 3", d, haul)
	}
}

// TestPluginCaseDiffInPlainOutput (issue 27): the plain report of a
// failing plugin case printed only "mismatch:" and both records, though
// the record-level diff was computed (and --json showed it).
func TestPluginCaseDiffInPlainOutput(t *testing.T) {
	dir, pluginDir := changedPluginSuite(t)
	caseFile := filepath.Join(pluginDir, "test", "seeded.json")
	data, _ := os.ReadFile(caseFile)
	changed := strings.Replace(string(data), `total=\"10\"`, `total=\"12\"`, 1)
	if changed == string(data) {
		t.Fatalf("seeded.json changed; update this test: %s", data)
	}
	writeFile(t, caseFile, changed)
	for _, r := range run(t, dir, suite.Options{}) {
		if r.ID != "changed/plugin/wild-die/seeded" {
			continue
		}
		out := plain(r)
		if r.Status != suite.Fail || !strings.Contains(out, `record 1: attribute total: expected "12", actual "10"`) {
			t.Errorf("plain output:\n%s", out)
		}
		return
	}
	t.Fatal("no seeded case")
}
