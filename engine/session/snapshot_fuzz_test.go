package session

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// FuzzSnapshot: no snapshot body panics the fold, even one whose header
// and checksum match (the fuzzer's bytes are given a true header): a
// body that does not read back whole is ignored and the session is the
// full fold, and a session folded from one that does folds on.
func FuzzSnapshot(f *testing.F) {
	rs, err := ruleset.LoadFile("../../rulesets/gravewatch/ruleset.json", ruleset.Options{})
	if err != nil {
		f.Fatal(err)
	}
	sheets, err := LoadParty("../../rulesets/gravewatch/sheets", rs)
	if err != nil {
		f.Fatal(err)
	}
	in, err := os.Open("../../rulesets/gravewatch/transcripts/05-market-day.txt")
	if err != nil {
		f.Fatal(err)
	}
	entries, err := ParseTranscript(in)
	in.Close()
	if err != nil {
		f.Fatal(err)
	}
	var events []Event
	for i, e := range entries {
		events = append(events, Event{Seq: i + 1, Kind: e.Kind, Text: e.Text})
	}
	key := SnapshotKey{Ruleset: "sha256:r", Party: "sha256:p", Seed: 1}
	full := Fold(rs, sheets, 1, events)
	fullJSON, _ := json.Marshal(full.State())
	for _, n := range []int{1, 2, 4} { // small bodies: the fuzzer minimizes what it finds
		snap, err := Fold(rs, sheets, 1, events[:n]).Snapshot(key)
		if err != nil {
			f.Fatal(err)
		}
		_, body, err := splitSnapshot(snap)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(n, body)
		f.Add(n, body[:len(body)/2])
	}
	f.Fuzz(func(t *testing.T, n int, body []byte) {
		if n < 1 || n > len(events) {
			return
		}
		head, _ := json.Marshal(snapshotHeader{Format: SnapshotFormat, Answers: AnswerVersion, Events: n, Log: LogHash(events[:n]),
			Ruleset: key.Ruleset, Party: key.Party, Plugins: []string{}, Seed: 1, Body: bodySum(body)})
		snap := append(append(append([]byte(snapshotMagic), head...), '\n'), body...)
		s, err := FoldFrom(rs, sheets, 1, events, Hooks{}, key, snap)
		if err != nil {
			got, _ := json.Marshal(s.State())
			if !bytes.Equal(got, fullJSON) {
				t.Fatalf("an ignored snapshot changed the fold: %v", err)
			}
			return
		}
		// A body that reads back whole folds on without a panic.
		s.Extend([]Event{{Seq: s.Len() + 1, Kind: GMReply, Text: `[inventory: action="add" item="Hand axe"] [skill_check: skill="Watch"]`}})
		s.Extend([]Event{{Seq: s.Len() + 1, Kind: Regenerate, Text: `[inventory: action="buy" item="Oilskin coat"]`}})
		s.State().Party.Block()
	})
}
