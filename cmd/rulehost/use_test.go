package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestSessionShowLiveState runs the Gravewatch long-vigil transcript
// (items used, a rest, conditions, a switch) into a session and shows
// it: the text prints the LIVE block, --json each member's live state.
func TestSessionShowLiveState(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	code, out, errs := runCLI("run", "--session", dir, "-r", "../../rulesets/gravewatch/ruleset.json",
		"--party", "../../rulesets/gravewatch/sheets", "--seed", "1", "../../rulesets/gravewatch/transcripts/03-the-long-vigil.txt")
	if code != 0 || !strings.Contains(out, `said="Bram the Quiet uses Warming tonic: heals 1 (Health 4/6)`) {
		t.Fatalf("run: exit %d\n%s\n%s", code, out, errs)
	}
	code, show, errs := runCLI("session", "show", dir)
	if code != 0 {
		t.Fatalf("session show: exit %d\n%s", code, errs)
	}
	for _, want := range []string{"LIVE\n", "Bram the Quiet: health Health 4/6; Resolve 4/4; conditions Warded;", "Dawn bell 2 of 3 charges left", "Storm lantern Flame off"} {
		if !strings.Contains(show, want) {
			t.Errorf("session show lacks %q:\n%s", want, show)
		}
	}
	code, js, errs := runCLI("session", "show", "--json", dir)
	if code != 0 {
		t.Fatalf("session show --json: exit %d\n%s", code, errs)
	}
	var v struct {
		Party struct {
			Members []struct {
				Name       string         `json:"name"`
				Pools      map[string]int `json:"pools"`
				Conditions []string       `json:"conditions"`
				Bag        []struct {
					Name  string `json:"name"`
					Spent int    `json:"spent"`
				} `json:"bag"`
			} `json:"members"`
		} `json:"party"`
	}
	if err := json.Unmarshal([]byte(js), &v); err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	bram, maud := v.Party.Members[0], v.Party.Members[1]
	if bram.Pools["health"] != 4 || len(bram.Conditions) != 1 || bram.Conditions[0] != "warded" {
		t.Errorf("Bram: %+v", bram)
	}
	if maud.Bag[0].Name != "Dawn bell" || maud.Bag[0].Spent != 1 {
		t.Errorf("Maud's bell: %+v", maud.Bag)
	}
}
