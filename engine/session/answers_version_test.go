package session_test

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
)

var updateAnswers = flag.Bool("update-answers", false, "record the goldens' hash with session.AnswerVersion in testdata/answers-version (after raising it)")

const answersFile = "../../testdata/answers-version"

// answerGoldens are the goldens of answers: check records, transcripts'
// folds and the bundled suites'.
func answerGoldens(t *testing.T) string {
	t.Helper()
	var files []string
	for _, pat := range []string{"../../testdata/golden/*.golden", "../../testdata/transcripts/*.golden"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	filepath.WalkDir("../../testdata/suites", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".golden") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) < 50 {
		t.Fatalf("only %d goldens found", len(files))
	}
	h := sha256.New()
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(f), len(b))
		h.Write(b)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// TestAnswerVersionFollowsGoldens (issue 30 item 8): when any golden of
// answers changes, session.AnswerVersion must have been raised, so that a
// session answered before is refused by name rather than folding to
// another state silently. testdata/answers-version holds the version
// and the goldens' hash it was recorded with.
func TestAnswerVersionFollowsGoldens(t *testing.T) {
	got := answerGoldens(t)
	want := fmt.Sprintf("version %d\n%s\n", session.AnswerVersion, got)
	if *updateAnswers {
		if err := os.WriteFile(answersFile, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(answersFile)
	if err != nil {
		t.Fatalf("%v (run: go test ./engine/session -run AnswerVersion -update-answers)", err)
	}
	var version int
	var hash string
	if _, err := fmt.Sscanf(string(b), "version %d\n%s\n", &version, &hash); err != nil {
		t.Fatalf("%s: %v", answersFile, err)
	}
	switch {
	case hash != got && version == session.AnswerVersion:
		t.Fatalf("the goldens of answers changed (%s, recorded %s) but session.AnswerVersion is still %d: raise it "+
			"(sessions answered before are then refused by name), then run go test ./engine/session -run AnswerVersion -update-answers", got[:19], hash[:19], version)
	case hash != got || version != session.AnswerVersion:
		t.Fatalf("%s records version %d; this is %d: run go test ./engine/session -run AnswerVersion -update-answers", answersFile, version, session.AnswerVersion)
	}
}
