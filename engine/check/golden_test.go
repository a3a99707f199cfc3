package check_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

var update = flag.Bool("update", false, "rewrite golden records (only on purpose)")

// TestGolden rolls every testdata/golden/*.cases file and compares the
// records with its .golden file, byte for byte.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/golden/*.cases")
	if len(files) == 0 {
		t.Fatal("no golden cases")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".cases")
		t.Run(name, func(t *testing.T) {
			got := rollCases(t, f)
			golden := strings.TrimSuffix(f, ".cases") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (generate with: go test ./engine/check -run Golden -update)", err)
			}
			if got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := 0; i < len(gl) && i < len(wl); i++ {
					if gl[i] != wl[i] {
						t.Fatalf("record %d changed:\n got %s\nwant %s", i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("golden length changed: %d lines, want %d", len(gl), len(wl))
			}
		})
	}
}

func rollCases(t *testing.T, path string) string {
	t.Helper()
	return rollCasesWith(t, path, loadPair, func(env *check.Env, tg tag.Tag) record.Record {
		return check.Resolve(env, tg).Record
	})
}

// rollCasesWith is rollCases with the pair loader and the resolver given:
// TestCheckerMatchesTheGoldens answers the same cases through one Checker
// and one Env per pair.
func rollCasesWith(t *testing.T, path string, load func(testing.TB, string, string) (*ruleset.Ruleset, *sheet.Character),
	resolve func(*check.Env, tag.Tag) record.Record) string {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var out strings.Builder
	sc := bufio.NewScanner(fh)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.SplitN(text, " ", 5)
		if len(parts) != 5 {
			t.Fatalf("%s:%d: want RULESET SHEET SEED REPEAT TAG", path, line)
		}
		seed, err1 := strconv.ParseUint(parts[2], 10, 64)
		repeat, err2 := strconv.Atoi(parts[3])
		tg, err3 := tag.Parse(parts[4])
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("%s:%d: %v %v %v", path, line, err1, err2, err3)
		}
		rs, ch := load(t, parts[0], parts[1])
		for i := 0; i < repeat; i++ {
			env := &check.Env{RS: rs, Char: ch, Dice: dice.New(seed+uint64(i), 0, 0)}
			r := resolve(env, tg)
			if err := record.Check(r); err != nil {
				t.Errorf("%s:%d: %v", path, line, err)
			}
			fmt.Fprintln(&out, r.String())
		}
	}
	return out.String()
}
