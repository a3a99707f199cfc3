package serve

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayGoldens: every bundled transcript replayed over HTTP gives,
// reply by reply, the records of its golden (testdata/transcripts, what
// the engine answers in process with the sample party on seed 1), and
// its last step's inventory block is the golden's.
func TestReplayGoldens(t *testing.T) {
	ts := testServer(t)
	code, body := raw(t, ts, "GET", "/v1/transcripts", "")
	var list transcriptsResponse
	if err := json.Unmarshal([]byte(body), &list); code != 200 || err != nil {
		t.Fatalf("%d %s", code, body)
	}
	files, _ := filepath.Glob("../../rulesets/*/transcripts/*.txt")
	if len(list.Transcripts) != len(files) || len(files) < 3 {
		t.Fatalf("listed %d transcripts, %d bundled", len(list.Transcripts), len(files))
	}
	for _, tr := range list.Transcripts {
		t.Run(tr.Bundled+"-"+tr.Name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("../../testdata/transcripts", tr.Bundled+"-"+tr.Name+".golden"))
			if err != nil {
				t.Fatal(err)
			}
			code, body := raw(t, ts, "POST", "/v1/replay", `{"bundled":"`+tr.Bundled+`","transcript":"`+tr.Name+`"}`)
			var out replayResponse
			if err := json.Unmarshal([]byte(body), &out); code != 200 || err != nil {
				t.Fatalf("%d %s", code, body)
			}
			var b strings.Builder
			for i, st := range out.Steps {
				if st.Seq != i+1 {
					t.Errorf("step %d has seq %d", i, st.Seq)
				}
				b.WriteString("--- " + st.Kind + "\n")
				for _, r := range st.Records {
					b.WriteString(r.Text + "\n")
					if r.Record.String() != r.Text {
						t.Errorf("record and text disagree: %s / %s", r.Record, r.Text)
					}
				}
			}
			b.WriteString(out.Steps[len(out.Steps)-1].Inventory)
			if b.String() != string(want) {
				t.Errorf("replay differs from the golden:\n%s", b.String())
			}
		})
	}
}

// TestReplaySteps: the inventory block after each step (not only the
// last), exactly, on the fence transcript's first replies.
func TestReplaySteps(t *testing.T) {
	ts := testServer(t)
	code, out := post(t, ts, "/v1/replay", `{"bundled":"d20-5e","transcript":"02-the-fence"}`)
	if code != 200 {
		t.Fatalf("%d %v", code, out)
	}
	steps := out["steps"].([]any)
	inv := func(i int) string { return steps[i].(map[string]any)["inventory"].(string) }
	if !strings.Contains(inv(0), "- 300 gold pieces") || strings.Contains(inv(0), "Potion") {
		t.Errorf("after the patron pays:\n%s", inv(0))
	}
	if !strings.Contains(inv(2), "- Potion of Healing") || !strings.Contains(inv(2), "- 50 gold pieces") {
		t.Errorf("after Corvin buys a potion:\n%s", inv(2))
	}
	// inline text, another seed, a party named
	code, body := raw(t, ts, "POST", "/v1/replay", `{"bundled":"d20-5e","bundledSheets":["ada"],"seed":7,"text":"--- gm\nA rope. [inventory: action=\"add\" item=\"Rope\"]\n"}`)
	want := `{"steps":[{"seq":1,"kind":"gm","text":"A rope. [inventory: action=\"add\" item=\"Rope\"]","records":[{"record":{"tag":"inventory","attrs":[["action","add"],["item","Rope"],["count","1"],["placed","Ada Quickhand 1"]]},"text":"[inventory: action=\"add\" item=\"Rope\" count=\"1\" placed=\"Ada Quickhand 1\"]"}],` +
		`"inventory":"INVENTORY\nAda Quickhand (load 0 of 70 lb (limit 210); slots Body 0/1, Hands 0/2; no coins):\n- Rope\n","live":"LIVE\nAda Quickhand: conditions none\n"}]}`
	if code != 200 || body != want {
		t.Errorf("inline: %d\n got %s\nwant %s", code, body, want)
	}
	for _, c := range []struct {
		body          string
		status        int
		code, message string
	}{
		{`{"bundled":"d20-5e","transcript":"nope"}`, 404, "unknown-bundled", "GET /v1/transcripts"},
		{`{"bundled":"d20-5e","transcript":"../ruleset"}`, 400, "bad-request", "lower-case"},
		{`{"bundled":"../x","transcript":"a"}`, 400, "bad-request", "lower-case"},
		{`{"transcript":"02-the-fence"}`, 400, "bad-request", "send bundled"},
		{`{"bundled":"d20-5e"}`, 400, "bad-request", "send transcript"},
		{`{"bundled":"d20-5e","transcript":"02-the-fence","text":"--- gm\n"}`, 400, "bad-request", "not both"},
		{`{"bundled":"d20-5e","text":"hello"}`, 422, "bad-entry", "line 1"},
		{`{"bundled":"d20-5e","text":"--- player\nI wait.\n--- regenerate\nx"}`, 422, "bad-entry", "nothing to regenerate"},
	} {
		status, out := post(t, ts, "/v1/replay", c.body)
		if status != c.status || errCode(out) != c.code || !strings.Contains(mustJSON(out), c.message) {
			t.Errorf("%s: %d %v; want %d %s mentioning %q", c.body, status, out, c.status, c.code, c.message)
		}
	}
}

// TestReplayLeavesSharedContentAlone: replays fold over the cached
// (shared) ruleset and sheets; doing so twice gives the same steps, and
// a check afterwards is what a fresh service answers.
func TestReplayLeavesSharedContentAlone(t *testing.T) {
	ts := testServer(t)
	check := `{"bundled":"d20-5e","bundledSheets":["ada","corvin"],"tag":"[skill_check: who=\"Corvin\" skill=\"Arcana\" dc=\"12\"]","seed":3}`
	_, before := raw(t, testServer(t), "POST", "/v1/check", check)
	first := map[string]string{}
	for i := range 2 {
		for _, tr := range []string{"01-starting-gear", "02-the-fence"} {
			_, body := raw(t, ts, "POST", "/v1/replay", `{"bundled":"d20-5e","transcript":"`+tr+`"}`)
			if i == 0 {
				first[tr] = body
			} else if body != first[tr] {
				t.Errorf("%s: the second replay differs from the first", tr)
			}
		}
	}
	if _, after := raw(t, ts, "POST", "/v1/check", check); after != before {
		t.Errorf("a check after replays:\n%s\nfresh:\n%s", after, before)
	}
}
