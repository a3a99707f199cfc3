package mcp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/mcp"
)

// TestTranscriptsAsToolCalls: every bundled transcript, each entry's tags
// replayed as the tool calls they stand for (one batch an entry), gives
// byte-identical records and the same folded party as the transcript
// itself.
func TestTranscriptsAsToolCalls(t *testing.T) {
	files, _ := filepath.Glob("../rulesets/*/transcripts/*.txt")
	if len(files) < 10 {
		t.Fatalf("found only %v", files)
	}
	for _, f := range files {
		dir := filepath.Dir(filepath.Dir(f))
		t.Run(filepath.Base(dir)+"/"+filepath.Base(f), func(t *testing.T) {
			rs, err := ruleset.LoadFile(filepath.Join(dir, "ruleset.json"), ruleset.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sheets, err := session.LoadParty(filepath.Join(dir, "sheets"), rs)
			if err != nil {
				t.Fatal(err)
			}
			in, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			entries, err := session.ParseTranscript(in)
			in.Close()
			if err != nil {
				t.Fatal(err)
			}
			ref := session.New(rs, sheets, 1)
			viaTools := session.New(rs, sheets, 1)
			table := mcp.NewTable(viaTools, nil)
			for n, e := range entries {
				want, err := ref.Append(e.Kind, e.Text)
				if err != nil {
					t.Fatal(err)
				}
				var calls []mcp.Call
				for _, found := range tag.FindAll(e.Text) {
					if found.Err != nil {
						t.Fatalf("entry %d: a tag no call can say: %v", n+1, found.Err)
					}
					c, ok := table.CallOf(found.Tag)
					if !ok {
						continue
					}
					calls = append(calls, c)
				}
				res, err := table.Answer(e.Kind, calls)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, r := range res {
					if r.Err != nil {
						t.Fatalf("entry %d: %v", n+1, r.Err)
					}
					got = append(got, r.Record.String())
				}
				var wantText []string
				for _, r := range want.Records {
					wantText = append(wantText, r.String())
				}
				if strings.Join(got, "\n") != strings.Join(wantText, "\n") {
					t.Fatalf("entry %d (%s):\ntool calls: %s\n      tags: %s", n+1, e.Kind, strings.Join(got, "\n"), strings.Join(wantText, "\n"))
				}
			}
			a, _ := json.Marshal(ref.State().Party)
			b, _ := json.Marshal(viaTools.State().Party)
			if string(a) != string(b) {
				t.Errorf("folded party differs:\n%s\n%s", a, b)
			}
			if ref.State().Party.Block() != viaTools.State().Party.Block() {
				t.Errorf("inventory block differs")
			}
		})
	}
}
