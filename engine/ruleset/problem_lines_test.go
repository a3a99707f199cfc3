package ruleset_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

// TestProblemsCarryLineAndColumn: every problem of every refused ruleset
// under testdata/refused carries the line and column of the member its
// pointer names (or of the nearest enclosing member, for a missing key),
// and the text printed is FILE:LINE:COL: /pointer: message.
func TestProblemsCarryLineAndColumn(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/refused/*/*.json")
	checked, exact := 0, 0
	for _, f := range files {
		if strings.HasSuffix(f, ".want.json") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ruleset.Load("r.json", data, ruleset.Options{})
		var verr *validate.Error
		if !errors.As(err, &verr) {
			continue
		}
		lines := strings.Split(string(data), "\n")
		idx := jsonin.Positions(data)
		for i, p := range verr.Problems {
			checked++
			if p.Line < 1 || p.Line > len(lines) || p.Column < 1 {
				t.Errorf("%s %s: at %d:%d", f, p.Pointer, p.Line, p.Column)
				continue
			}
			want, _ := idx.Find(p.Pointer)
			if p.Line != want.Line || p.Column != want.Col {
				t.Errorf("%s %s: at %d:%d, the member is at %v", f, p.Pointer, p.Line, p.Column, want)
			}
			if _, ok := idx[p.Pointer]; ok && p.Pointer != "/" {
				exact++
				if tail := lines[p.Line-1][p.Column-1:]; !strings.HasPrefix(tail, `"`) && !strings.ContainsAny(tail[:1], "{[0123456789-tfn") {
					t.Errorf("%s %s: %d:%d is not at a member (%q)", f, p.Pointer, p.Line, p.Column, tail)
				}
			}
			line := strings.Split(verr.Error(), "\n")[i]
			if prefix := "r.json:" + itoa(p.Line) + ":" + itoa(p.Column) + ": " + p.Pointer + ": "; !strings.HasPrefix(line, prefix) {
				t.Errorf("printed %q, want the prefix %q", line, prefix)
			}
		}
	}
	if checked < 50 || exact < 25 {
		t.Fatalf("only %d problems checked, %d at an existing member", checked, exact)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestSyntaxProblemLine: a file that is not JSON is refused at the line
// and column the reader stopped at.
func TestSyntaxProblemLine(t *testing.T) {
	_, err := ruleset.Load("r.json", []byte("{\n  \"id\": \"x\",\n  oops\n}"), ruleset.Options{})
	var verr *validate.Error
	if !errors.As(err, &verr) || verr.Problems[0].Line != 3 || verr.Problems[0].Column != 3 {
		t.Fatalf("%v", err)
	}
	if !strings.HasPrefix(verr.Error(), "r.json:3:3: /: not valid JSON") {
		t.Fatalf("%s", verr.Error())
	}
}
