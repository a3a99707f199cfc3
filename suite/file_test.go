package suite_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/suite"
)

// TestRefusedSuiteFiles: every malformed suite.json is refused with each
// problem at its JSON pointer; none crashes and none runs.
func TestRefusedSuiteFiles(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "r.json"), `{}`)
	cases := []struct {
		name, body, pointer, contains string
	}{
		{"not JSON", `{"checks": [`, "/", "not valid JSON"},
		{"not an object", `[1]`, "/", "want an object"},
		{"unknown key", `{"chekcs": []}`, "/chekcs", `unknown key "chekcs"`},
		{"checks not an array", `{"checks": {}}`, "/checks", "want an array"},
		{"case not an object", `{"checks": [5]}`, "/checks/0", "want an object"},
		{"missing name", `{"checks": [{"ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]"}]}`, "/checks/0", `missing required key "name"`},
		{"bad name", `{"checks": [{"name": "../escape", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]"}]}`, "/checks/0/name", "case name"},
		{"name with space", `{"checks": [{"name": "a b", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]"}]}`, "/checks/0/name", "case name"},
		{"duplicate name", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]"}, {"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]"}]}`, "/checks/1", "already declared at /checks/0"},
		{"unknown case key", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "seed": 3}]}`, "/checks/0/seed", `unknown key "seed"`},
		{"bad tag", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice="}]}`, "/checks/0/tag", "tag:"},
		{"missing tag", `{"checks": [{"name": "a", "ruleset": "r.json"}]}`, "/checks/0", `missing required key "tag"`},
		{"unknown ruleset", `{"checks": [{"name": "a", "ruleset": "nope", "tag": "[roll_dice: dice=\"1d6\"]"}]}`, "/checks/0/ruleset", `neither a name from "rulesets"`},
		{"glob matches nothing", `{"checks": [{"name": "a", "ruleset": "none/*.json", "tag": "[roll_dice: dice=\"1d6\"]"}]}`, "/checks/0/ruleset", "matches nothing"},
		{"bad glob", `{"plugins": ["[x"]}`, "/plugins/0", "glob"},
		{"plugin without plugin.lua", `{"plugins": ["."]}`, "/plugins/0", "holds no plugin.lua"},
		{"negative seed", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "seeds": [-1]}]}`, "/checks/0/seeds/0", "want a seed"},
		{"fractional seed", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "seeds": [1.5]}]}`, "/checks/0/seeds/0", "want a seed"},
		{"too many seeds", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "seeds": {"from": 1, "count": 100001}}]}`, "/checks/0/seeds/count", "out of range"},
		{"seeds past the end", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "seeds": {"from": 18446744073709551615, "count": 2}}]}`, "/checks/0/seeds/count", "past the largest seed"},
		{"empty seeds", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "seeds": []}]}`, "/checks/0/seeds", "allowed 1 to"},
		{"seeds a string", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "seeds": "1..5"}]}`, "/checks/0/seeds", "want a list of seeds"},
		{"golden outside", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "golden": "../x.golden"}]}`, "/checks/0/golden", "inside the suite folder"},
		{"golden absolute", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "golden": "/tmp/x.golden"}]}`, "/checks/0/golden", "inside the suite folder"},
		{"golden shared", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "golden": "g.golden"}, {"name": "b", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "golden": "g.golden"}]}`, "/checks/1/golden", "already the golden of /checks/0"},
		{"expect unknown key", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "expect": {"equals": 1}}]}`, "/checks/0/expect/equals", "unknown key"},
		{"expect range empty", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "expect": {"range": {"total": {}}}}]}`, "/checks/0/expect/range/total", `give "min", "max"`},
		{"expect attrs not strings", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "expect": {"attrs": {"total": 3}}}]}`, "/checks/0/expect/attrs/total", "want a string"},
		{"odds without expectation", `{"odds": [{"name": "a", "ruleset": "r.json", "tag": "[skill_check: skill=\"x\"]"}]}`, "/odds/0", `gives "success", "outcomes"`},
		{"odds probability above 1", `{"odds": [{"name": "a", "ruleset": "r.json", "tag": "[skill_check: skill=\"x\"]", "success": 1.5}]}`, "/odds/0/success", "out of range"},
		{"transcript missing", `{"transcripts": [{"name": "a"}]}`, "/transcripts/0", `missing required key "transcript"`},
		{"suite name", `{"name": "a/b"}`, "/name", "suite name"},
		{"sheets not strings", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "sheets": [3]}]}`, "/checks/0/sheets/0", "want a non-empty string"},
		{"missing sheet", `{"checks": [{"name": "a", "ruleset": "r.json", "tag": "[roll_dice: dice=\"1d6\"]", "sheets": ["no.json"]}]}`, "/checks/0/sheets/0", "no.json"},
		{"deep", strings.Repeat("[", 20000) + strings.Repeat("]", 20000), "", "nested more than"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := suite.Parse(dir, []byte(c.body))
			var verr *validate.Error
			if !errors.As(err, &verr) {
				t.Fatalf("want a *validate.Error, got %v", err)
			}
			for _, p := range verr.Problems {
				if (p.Pointer == c.pointer || c.pointer == "") && strings.Contains(p.Message, c.contains) {
					return
				}
				if p.Pointer == c.pointer && strings.Contains(p.Message, c.contains) {
					return
				}
			}
			t.Errorf("no problem at %q containing %q:\n%v", c.pointer, c.contains, err)
		})
	}
}

// TestGlobsAndNames: globs expand in name order, each match named by what
// the wildcards matched; rulesets are named by their folder.
func TestGlobsAndNames(t *testing.T) {
	s := load(t, "../testdata/suites/bundled")
	if len(s.RulesetNames) < 15 || s.Rulesets["d20-5e"] == "" || s.Rulesets["gravewatch"] == "" {
		t.Errorf("rulesets: %v", s.RulesetNames)
	}
	var roll []string
	for _, c := range s.Cases {
		if strings.HasPrefix(c.Name, "roll-2d6/") {
			roll = append(roll, c.Name)
		}
	}
	if len(roll) != len(s.RulesetNames) || roll[0] != "roll-2d6/blades" {
		t.Errorf("roll-2d6 cases: %v", roll)
	}
	// Kinds come in their order: loads, plugin cases, checks, transcripts.
	order := map[string]int{suite.KindLoad: 0, suite.KindPlugin: 1, suite.KindCheck: 2, suite.KindTranscript: 3, suite.KindOdds: 4}
	for i := 1; i < len(s.Cases); i++ {
		if order[s.Cases[i].Kind] < order[s.Cases[i-1].Kind] {
			t.Fatalf("%s after %s", s.Cases[i].ID, s.Cases[i-1].ID)
		}
	}
}

// TestSchemaListsEveryKey: docs/suite.schema.json allows exactly the keys
// the reader allows, object by object.
func TestSchemaListsEveryKey(t *testing.T) {
	data, err := os.ReadFile("../docs/suite.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	defs, _ := schema["$defs"].(map[string]any)
	keysOf := func(obj map[string]any) []string {
		props, _ := obj["properties"].(map[string]any)
		var keys []string
		for k := range props {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return keys
	}
	def := func(name string) map[string]any {
		d, ok := defs[name].(map[string]any)
		if !ok {
			t.Fatalf("schema has no $defs/%s", name)
		}
		if d["additionalProperties"] != false {
			t.Errorf("$defs/%s allows unknown keys; the reader refuses them", name)
		}
		return d
	}
	for name, want := range suite.AllowedKeys() {
		obj := schema
		if name != "suite" {
			obj = def(name)
		}
		got := keysOf(obj)
		sort.Strings(want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: schema keys %v, reader keys %v", name, got, want)
		}
	}
}
