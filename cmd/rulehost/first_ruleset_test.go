package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFirstRulesetTutorial runs docs/first-ruleset.md: it writes each
// ```json file=NAME block, merges each ```json add=NAME at=/pointer block
// into the object at that pointer, and runs each "$ rulehost ..." line of a
// ```console block in a fresh folder, comparing what it prints (stdout,
// then stderr) with the lines under it. The tutorial cannot drift from the
// engine.
func TestFirstRulesetTutorial(t *testing.T) {
	if commands := runTutorial(t, "docs/first-ruleset.md"); commands < 10 {
		t.Fatalf("only %d commands found in the tutorial", commands)
	}
}

var updateTutorials = flag.Bool("update-tutorials", false, "rewrite the output under each command of docs/first-*.md with what it prints now")

// runTutorial runs a tutorial under docs/ (the path from the repository's
// root) in a fresh folder and returns how many commands it ran; with
// -update-tutorials it rewrites each command's expected output instead
// of failing on it.
func runTutorial(t *testing.T, name string) int {
	t.Helper()
	path := filepath.Join("../..", name)
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(abs)
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(string(doc))
	t.Chdir(t.TempDir())
	commands := 0
	var fixes []outputFix
	for _, b := range blocks {
		switch {
		case b.attrs["file"] != "":
			writeTutorialFile(t, b.attrs["file"], b.body)
		case b.attrs["add"] != "":
			mergeTutorialFile(t, b.attrs["add"], b.attrs["at"], b.body)
		case b.lang == "console":
			n, f := runConsoleBlockIn(t, name, b.line, b.body)
			commands += n
			fixes = append(fixes, f...)
		}
	}
	if *updateTutorials && len(fixes) > 0 {
		lines := strings.Split(string(doc), "\n")
		for i := len(fixes) - 1; i >= 0; i-- {
			f := fixes[i]
			lines = append(lines[:f.from], append(strings.Split(f.got, "\n"), lines[f.from+f.n:]...)...)
		}
		if err := os.WriteFile(abs, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return commands
}

// elapsed is how long something took in a command's output ("ran 5
// cases in 12ms with"), which no two runs agree on: compared as "(time)".
var elapsed = regexp.MustCompile(` in [0-9.]+(?:ns|µs|ms|s|m[0-9.]+s) `)

// outputFix is a command's output to write into the tutorial: n lines
// from line index from (0-based) become got.
type outputFix struct {
	from, n int
	got     string
}

type fenced struct {
	lang  string
	attrs map[string]string
	body  string
	line  int
}

// fencedBlocks reads the ``` blocks of a Markdown text with their info
// string's language and key=value attributes.
func fencedBlocks(doc string) []fenced {
	var out []fenced
	var cur *fenced
	var body []string
	sc := bufio.NewScanner(strings.NewReader(doc))
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if cur == nil {
			if info, ok := strings.CutPrefix(line, "```"); ok {
				f := strings.Fields(info)
				cur = &fenced{attrs: map[string]string{}, line: n}
				if len(f) > 0 {
					cur.lang = f[0]
					for _, a := range f[1:] {
						k, v, _ := strings.Cut(a, "=")
						cur.attrs[k] = v
					}
				}
				body = nil
			}
			continue
		}
		if line == "```" {
			cur.body = strings.Join(body, "\n") + "\n"
			out = append(out, *cur)
			cur = nil
			continue
		}
		body = append(body, line)
	}
	return out
}

func writeTutorialFile(t *testing.T, name, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// mergeTutorialFile puts the block's keys into the object at pointer (""
// is the top level), as a reader following the tutorial would.
func mergeTutorialFile(t *testing.T, name, pointer, body string) {
	t.Helper()
	var root, add map[string]any
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &root); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := json.Unmarshal([]byte(body), &add); err != nil {
		t.Fatalf("a block to add to %s: %v", name, err)
	}
	obj := root
	for _, tok := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		if tok == "" {
			continue
		}
		next, ok := obj[tok].(map[string]any)
		if !ok {
			t.Fatalf("%s has no object at %s", name, pointer)
		}
		obj = next
	}
	for k, v := range add {
		obj[k] = v
	}
	out, err := json.MarshalIndent(root, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	writeTutorialFile(t, name, string(out)+"\n")
}

// runConsoleBlockIn runs each "$ rulehost" line of a console block that
// starts at line (its fence) of the tutorial doc, and compares the
// output; with -update-tutorials it returns the fixes instead.
func runConsoleBlockIn(t *testing.T, doc string, line int, body string) (int, []outputFix) {
	t.Helper()
	type step struct {
		cmd  string
		at   int // 0-based index in the doc of the first output line
		want []string
	}
	var steps []step
	for k, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		if cmd, ok := strings.CutPrefix(l, "$ "); ok {
			steps = append(steps, step{cmd: cmd, at: line + k + 1})
			continue
		}
		if len(steps) == 0 {
			t.Fatalf("%s:%d: output before a command", doc, line)
		}
		steps[len(steps)-1].want = append(steps[len(steps)-1].want, l)
	}
	var fixes []outputFix
	for _, s := range steps {
		args := shellWords(t, s.cmd)
		if len(args) == 0 || args[0] != "rulehost" {
			t.Fatalf("%s:%d: not a rulehost command: %s", doc, line, s.cmd)
		}
		_, out, errOut := runCLI(args[1:]...)
		got := strings.TrimSuffix(out+errOut, "\n")
		if want := strings.Join(s.want, "\n"); elapsed.ReplaceAllString(got, " in (time) ") != elapsed.ReplaceAllString(want, " in (time) ") {
			if *updateTutorials {
				fixes = append(fixes, outputFix{from: s.at, n: len(s.want), got: got})
				continue
			}
			t.Errorf("%s:%d: $ %s\ngot:\n%s\nwant:\n%s", doc, line, s.cmd, got, want)
		}
	}
	return len(steps), fixes
}

// shellWords splits a command line as a POSIX shell would for the quoting
// the tutorial uses: spaces, '...' and "..." (with \" inside).
func shellWords(t *testing.T, s string) []string {
	t.Helper()
	var out []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				t.Fatalf("unclosed ' in %s", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				cur.WriteByte(s[i])
			}
			inWord = true
		case c == ' ':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// TestFirstPluginTutorial runs docs/first-plugin.md as
// TestFirstRulesetTutorial runs docs/first-ruleset.md: from `plugin new`
// to a bundle with a suite.
func TestFirstPluginTutorial(t *testing.T) {
	if commands := runTutorial(t, "docs/first-plugin.md"); commands < 10 {
		t.Fatalf("only %d commands found in the tutorial", commands)
	}
}
