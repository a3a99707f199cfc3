package fight_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// withItems is a session of a bundled ruleset with its bundled party and
// more items (catalog entries) in its first items catalog, and more
// item stats in its items block.
func withItems(t *testing.T, name string, seed uint64, stats []any, entries ...any) *session.Session {
	t.Helper()
	dir := filepath.Join("..", "..", "rulesets", name)
	raw, err := os.ReadFile(filepath.Join(dir, "ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	block := m["items"].(map[string]any)
	old, _ := block["stats"].([]any)
	block["stats"] = append(old, stats...)
	for _, c := range m["catalogs"].([]any) {
		if c := c.(map[string]any); c["holds"] == "items" {
			c["entries"] = append(c["entries"].([]any), entries...)
			break
		}
	}
	data, _ := json.Marshal(m)
	rs, err := ruleset.Load(name+".json", data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	party, err := session.LoadParty(filepath.Join(dir, "sheets"), rs)
	if err != nil {
		t.Fatal(err)
	}
	return session.New(rs, party, seed)
}

// useEntry is a catalog entry whose use rolls to hit with toHit.
func useEntry(t *testing.T, id, label, category string, stats map[string]any, toHit string) any {
	t.Helper()
	var th any
	if err := json.Unmarshal([]byte(toHit), &th); err != nil {
		t.Fatal(err)
	}
	return map[string]any{"id": id, "label": label, "item": map[string]any{
		"category": category, "stats": stats,
		"use": map[string]any{"kind": "attack", "budget": "act", "targets": "enemy", "attackRoll": true,
			"toHit": th, "amount": map[string]any{"flat": 1}, "consumes": true},
	}}
}

// twins uses, for the same seed, an item whose toHit reads the item's
// stats and its twin with the same toHit written out, by who at foe; the
// stats read in must roll exactly as the toHit written out. It returns
// the first use's record.
type twins struct {
	ruleset   string
	seed      uint64
	stats     []any
	who, foe  string
	read, out any // the catalog entries
}

func (tw twins) use(t *testing.T, label string) string {
	t.Helper()
	s := withItems(t, tw.ruleset, tw.seed, tw.stats, tw.read, tw.out)
	gm(t, s, `[inventory: action="add" item="`+label+`" who="`+tw.who+`"] [fight: op="start" foes="`+tw.foe+`"]`)
	return one(t, s, `[fight: op="use" who="`+tw.who+`" item="`+label+`" target="`+tw.foe+`"]`).String()
}

func (tw twins) roll(t *testing.T) string {
	t.Helper()
	read, out := entryLabel(tw.read), entryLabel(tw.out)
	got := tw.use(t, read)
	if written := strings.ReplaceAll(tw.use(t, out), out, read); written != got {
		t.Errorf("the stats read in roll otherwise than the toHit written out:\nstats   %s\nwritten %s", got, written)
	}
	return got
}

func entryLabel(e any) string { return e.(map[string]any)["label"].(string) }

// A use's toHit reads { "stat": ... } from the item's stats as a
// weapon's does (spec/items.md: "as a weapon's toHit defines it"), and
// rolls exactly as the same toHit written out: in a summed fight (Ember
// Roads, 2d6 + the ability's modifier) the flask's "swing" gives Wits
// (Tamsin's 3) and its "guard" 2, so the roll adds 5; in a pool fight
// (Gravewatch, d10s at a target that moves from 5 to 9) the salt's "hand"
// gives Wits (Maud's 2 dice) and its "keen" the per-die target 6, where
// the die showing 6 is a success only at the salt's own target (the
// pool's is 7).
func TestUseToHitReadsItemStats(t *testing.T) {
	for _, c := range []struct {
		tw   twins
		want string
	}{{
		tw: twins{ruleset: "ember-roads", seed: 7, who: "Tamsin", foe: "Ash wolf",
			read: useEntry(t, "fire-flask", "Fire flask", "gear", map[string]any{"swing": "wits", "guard": 2},
				`{"abilities": {"stat": "swing"}, "bonus": {"stat": "guard"}}`),
			out: useEntry(t, "plain-flask", "Plain flask", "gear", map[string]any{}, `{"abilities": ["wits"], "bonus": 2}`)},
		want: `[fight: op="use" who="Tamsin" item="Fire flask" foe="Ash wolf" log="Tamsin rolls to hit Ash wolf: 2d6 (6, 3) + 5 = 14 against a defense of 7, a hit. Ash wolf takes 1. Ash wolf is on 4 of 5. Fire flask: 0 of 1 left."]`,
	}, {
		tw: twins{ruleset: "gravewatch", seed: 11, who: "Maud", foe: "Grave wight",
			stats: []any{
				map[string]any{"id": "hand", "label": "Hand", "type": "enum", "values": []any{"sinew", "wits"}},
				map[string]any{"id": "keen", "label": "Keen", "type": "number", "min": 1, "max": 10},
			},
			read: useEntry(t, "grave-salt", "Grave salt", "tool", map[string]any{"hand": "wits", "keen": 6},
				`{"abilities": {"stat": "hand"}, "target": {"stat": "keen"}}`),
			out: useEntry(t, "plain-salt", "Plain salt", "tool", map[string]any{}, `{"abilities": ["wits"], "target": 6}`)},
		want: `[fight: op="use" who="Maud Hollin" item="Grave salt" foe="Grave wight" log="Maud Hollin rolls to hit Grave wight: 2 dice at 6 or more (8, 6): 2 successes, a hit. Grave wight takes 1. Grave wight is on 5 of 6. Grave salt: 0 of 1 left."]`,
	}} {
		if got := c.tw.roll(t); got != c.want {
			t.Errorf("%s, seed %d:\n got %s\nwant %s", c.tw.ruleset, c.tw.seed, got, c.want)
		}
	}
}
