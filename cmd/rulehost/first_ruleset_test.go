package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
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
	doc, err := os.ReadFile("../../docs/first-ruleset.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(string(doc))
	t.Chdir(t.TempDir())
	commands := 0
	for _, b := range blocks {
		switch {
		case b.attrs["file"] != "":
			writeTutorialFile(t, b.attrs["file"], b.body)
		case b.attrs["add"] != "":
			mergeTutorialFile(t, b.attrs["add"], b.attrs["at"], b.body)
		case b.lang == "console":
			commands += runConsoleBlock(t, b.line, b.body)
		}
	}
	if commands < 10 {
		t.Fatalf("only %d commands found in the tutorial", commands)
	}
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

// runConsoleBlock runs each "$ rulehost" line and compares the output.
func runConsoleBlock(t *testing.T, line int, body string) int {
	t.Helper()
	type step struct {
		cmd  string
		want []string
	}
	var steps []step
	for _, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		if cmd, ok := strings.CutPrefix(l, "$ "); ok {
			steps = append(steps, step{cmd: cmd})
			continue
		}
		if len(steps) == 0 {
			t.Fatalf("docs/first-ruleset.md:%d: output before a command", line)
		}
		steps[len(steps)-1].want = append(steps[len(steps)-1].want, l)
	}
	for _, s := range steps {
		args := shellWords(t, s.cmd)
		if len(args) == 0 || args[0] != "rulehost" {
			t.Fatalf("docs/first-ruleset.md:%d: not a rulehost command: %s", line, s.cmd)
		}
		_, out, errOut := runCLI(args[1:]...)
		got := strings.TrimSuffix(out+errOut, "\n")
		if want := strings.Join(s.want, "\n"); got != want {
			t.Errorf("docs/first-ruleset.md:%d: $ %s\ngot:\n%s\nwant:\n%s", line, s.cmd, got, want)
		}
	}
	return len(steps)
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
