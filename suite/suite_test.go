package suite_test

import (
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/suite"
)

// repo is an absolute path inside the repository.
func repo(t testing.TB, rel string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", rel))
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(p)
}

// generous is the plugin options of correctness tests: the machine is
// shared, so a per-call deadline that a loaded machine cannot miss.
var generous = plugin.Options{Deadline: 10 * time.Second}

func load(t testing.TB, dir string) *suite.Suite {
	t.Helper()
	s, err := suite.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func run(t testing.TB, dir string, opts suite.Options) []*suite.Result {
	t.Helper()
	if opts.Plugin.Deadline == 0 {
		opts.Plugin = generous
	}
	return suite.Run([]*suite.Suite{load(t, dir)}, opts)
}

func failed(results []*suite.Result) []string {
	var out []string
	for _, r := range results {
		if r.Status == suite.Fail {
			out = append(out, r.ID)
		}
	}
	return out
}

func writeFile(t testing.TB, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyDir(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

var update = flag.Bool("update", false, "rewrite the goldens of testdata/suites/bundled (only on purpose: review the diff)")

// TestBundledSuiteGolden runs testdata/suites/bundled (the repository's
// plugins, rulesets and transcripts) through the runner, as `rulehost
// suite run testdata/suites/bundled` does: every case passes, and it has
// cases of every kind it promises. `make golden` (-update) rewrites its
// goldens.
func TestBundledSuiteGolden(t *testing.T) {
	results := run(t, "../testdata/suites/bundled", suite.Options{Update: *update})
	kinds := map[string]int{}
	for _, r := range results {
		kinds[r.Kind]++
		if r.Status != suite.Pass {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Message)
		}
	}
	if t.Failed() {
		t.Log("when an engine or plugin change is meant to change these records, rewrite the goldens with " +
			"`make golden` (or go test ./suite -run BundledSuiteGolden -update) and review their diff")
	}
	for kind, least := range map[string]int{suite.KindLoad: 5, suite.KindPlugin: 30, suite.KindCheck: 40, suite.KindTranscript: 2, suite.KindOdds: 3} {
		if kinds[kind] < least {
			t.Errorf("%d %s cases; want at least %d", kinds[kind], kind, least)
		}
	}
}

// changedPluginSuite is a suite over a copy of the wild-die plugin (its
// own cases, and check cases on a wild-die ruleset) beside neighbours that
// do not use it: a native pool ruleset and the opposed-pool plugin's tag.
func changedPluginSuite(t *testing.T) (dir, pluginDir string) {
	dir = t.TempDir()
	pluginDir = filepath.Join(dir, "plugins", "wild-die")
	copyDir(t, repo(t, "plugins/wild-die"), pluginDir)
	writeFile(t, filepath.Join(dir, "suite.json"), `{
  "name": "changed",
  "plugins": ["plugins/*", "`+repo(t, "plugins/opposed-pool")+`"],
  "rulesets": ["plugins/wild-die/test/data/opend6.json", "`+repo(t, "rulesets/gravewatch/ruleset.json")+`"],
  "pluginCases": ["plugins/wild-die"],
  "checks": [
    {"name": "wild/streetwise", "ruleset": "opend6", "sheets": ["plugins/wild-die/test/data/kira.json"],
     "tag": "[skill_check: skill=\"Streetwise\" difficulty=\"Easy\"]", "seeds": {"from": 1, "count": 8}},
    {"name": "native/ward", "ruleset": "gravewatch", "sheets": ["`+repo(t, "rulesets/gravewatch/sheets/bram.json")+`"],
     "tag": "[skill_check: skill=\"Ward\" dc=\"2\"]", "seeds": [1, 2, 3]},
    {"name": "opposed/ward", "ruleset": "gravewatch",
     "sheets": ["`+repo(t, "rulesets/gravewatch/sheets/bram.json")+`", "`+repo(t, "rulesets/gravewatch/sheets/maud.json")+`"],
     "tag": "[opposed_check: skill=\"Ward\" who=\"Bram the Quiet\" vs=\"Maud Hollin\" vsSkill=\"Ward\"]", "seeds": {"from": 5, "count": 3}}
  ]
}`)
	return dir, pluginDir
}

// TestChangedPluginFailsExactlyTheAffectedCases: goldens are recorded;
// then the wild-die plugin adds 1 to every total (and says it is version
// 1.1.0). Exactly the cases whose records carry a wild-die total fail,
// each diff naming the record, its seed, the attribute and both values,
// with a note that the plugin's version changed. --update then rewrites
// the goldens and the case wants, and everything passes.
func TestChangedPluginFailsExactlyTheAffectedCases(t *testing.T) {
	dir, pluginDir := changedPluginSuite(t)
	if got := failed(run(t, dir, suite.Options{Update: true})); len(got) != 0 {
		t.Fatalf("recording goldens: %v failed", got)
	}
	if got := failed(run(t, dir, suite.Options{})); len(got) != 0 {
		t.Fatalf("after recording: %v failed", got)
	}
	lua := filepath.Join(pluginDir, "plugin.lua")
	src, _ := os.ReadFile(lua)
	changed := strings.Replace(string(src), "local total = sum + effects", "local total = sum + effects + 1", 1)
	changed = strings.Replace(changed, `version = "1.0.0"`, `version = "1.1.0"`, 1)
	if changed == string(src) {
		t.Fatal("the plugin's source changed; update this test's edit")
	}
	writeFile(t, lua, changed)

	results := run(t, dir, suite.Options{})
	want := []string{
		"changed/plugin/wild-die/config-complication",
		"changed/plugin/wild-die/explode",
		"changed/plugin/wild-die/flag-complication",
		"changed/plugin/wild-die/remove-complication",
		"changed/plugin/wild-die/seeded",
		"changed/check/wild/streetwise",
	}
	if got := failed(results); !reflect.DeepEqual(got, want) {
		t.Fatalf("failed %v\nwant   %v", got, want)
	}
	for _, r := range results {
		if r.ID != "changed/check/wild/streetwise" {
			continue
		}
		if len(r.Diffs) != 8 {
			t.Fatalf("%d diffs, want one per seed: %+v", len(r.Diffs), r.Diffs)
		}
		for i, d := range r.Diffs {
			if d.Record != i+1 || d.Seed == nil || *d.Seed != uint64(i+1) || d.Attr != "total" || d.Expected == d.Actual {
				t.Errorf("diff %d: %+v", i, d)
			}
		}
		if !strings.Contains(r.Message, `record 1 (seed 1): attribute total: expected "`) ||
			!strings.Contains(r.Message, "plugin wild-die was 1.0.0 when the golden was recorded and is 1.1.0 now") {
			t.Errorf("message:\n%s", r.Message)
		}
		if strings.Contains(r.Note, "engine") {
			t.Errorf("the engine did not change, yet the note says: %s", r.Note)
		}
	}
	// A plugin case's diff is record-level too.
	for _, r := range results {
		if r.ID == "changed/plugin/wild-die/seeded" && (len(r.Diffs) != 1 || r.Diffs[0].Attr != "total" || r.Diffs[0].Expected != "10" || r.Diffs[0].Actual != "11") {
			t.Errorf("seeded diffs: %+v", r.Diffs)
		}
	}

	results = run(t, dir, suite.Options{Update: true})
	if got := failed(results); len(got) != 0 {
		t.Fatalf("--update: %v failed", got)
	}
	updated := 0
	for _, r := range results {
		if r.Updated {
			updated++
		}
	}
	if updated != len(want) {
		t.Errorf("%d cases updated, want %d", updated, len(want))
	}
	if got := failed(run(t, dir, suite.Options{})); len(got) != 0 {
		t.Fatalf("after --update: %v failed", got)
	}
}

// TestNoUpdateNeverWrites: without --update a failing or missing golden is
// never written.
func TestNoUpdateNeverWrites(t *testing.T) {
	dir, _ := changedPluginSuite(t)
	results := run(t, dir, suite.Options{})
	if len(failed(results)) != 3 {
		t.Fatalf("want the 3 check cases to fail for want of goldens: %v", failed(results))
	}
	for _, r := range results {
		if r.Kind == suite.KindCheck && !strings.Contains(r.Message, "run with --update") {
			t.Errorf("%s: %s", r.ID, r.Message)
		}
	}
	matches, _ := filepath.Glob(filepath.Join(dir, "*", "*.golden"))
	if len(matches) != 0 {
		t.Errorf("goldens written without --update: %v", matches)
	}
}

// TestShardsRunEveryCaseOnce: shards 1/3, 2/3 and 3/3 of the bundled suite
// together run every case exactly once, and each shard is the same on
// every run.
func TestShardsRunEveryCaseOnce(t *testing.T) {
	s := load(t, "../testdata/suites/bundled")
	all := suite.Select([]*suite.Suite{s}, suite.Options{})
	seen := map[string]int{}
	for i := 1; i <= 3; i++ {
		results := suite.Run([]*suite.Suite{s}, suite.Options{Shard: i, Shards: 3, Plugin: generous})
		if len(results) == 0 {
			t.Errorf("shard %d/3 is empty", i)
		}
		again := suite.Select([]*suite.Suite{s}, suite.Options{Shard: i, Shards: 3})
		for j, r := range results {
			seen[r.ID]++
			if again[j].ID != r.ID {
				t.Errorf("shard %d/3 differs between runs at %d", i, j)
			}
			if r.Status != suite.Pass {
				t.Errorf("%s: %s", r.ID, r.Message)
			}
		}
	}
	if len(seen) != len(all) {
		t.Errorf("shards ran %d distinct cases of %d", len(seen), len(all))
	}
	for _, c := range all {
		if seen[c.ID] != 1 {
			t.Errorf("%s ran %d times", c.ID, seen[c.ID])
		}
	}
}

// comparable strips timings from results.
func comparable(results []*suite.Result) []suite.Result {
	out := make([]suite.Result, len(results))
	for i, r := range results {
		out[i] = *r
		out[i].Duration, out[i].Seconds = 0, 0
	}
	return out
}

// TestJobsGiveIdenticalResults: the same suite with --jobs 1 and --jobs 4
// gives the same results in the same order, failures and diffs included.
func TestJobsGiveIdenticalResults(t *testing.T) {
	dir, pluginDir := changedPluginSuite(t)
	run(t, dir, suite.Options{Update: true})
	lua := filepath.Join(pluginDir, "plugin.lua")
	src, _ := os.ReadFile(lua)
	writeFile(t, lua, strings.Replace(string(src), "local total = sum + effects", "local total = sum + effects + 1", 1))
	suites := []*suite.Suite{load(t, dir), load(t, "../testdata/suites/bundled")}
	one := suite.Run(suites, suite.Options{Jobs: 1, Plugin: generous})
	four := suite.Run(suites, suite.Options{Jobs: 4, Plugin: generous})
	if len(failed(one)) == 0 {
		t.Fatal("want some failures to compare")
	}
	if !reflect.DeepEqual(comparable(one), comparable(four)) {
		a, _ := json.MarshalIndent(comparable(one), "", " ")
		b, _ := json.MarshalIndent(comparable(four), "", " ")
		t.Fatalf("--jobs 1 and --jobs 4 differ:\n%s\n---\n%s", a, b)
	}
	var emitted []string
	suite.Run(suites, suite.Options{Jobs: 4, Plugin: generous, Emit: func(r *suite.Result) { emitted = append(emitted, r.ID) }})
	for i, r := range one {
		if emitted[i] != r.ID {
			t.Fatalf("emitted out of order at %d: %s, want %s", i, emitted[i], r.ID)
		}
	}
}

// hostileSuite puts hostile plugins beside a well-behaved neighbour: one
// whose kind never returns, one whose tag allocates without bound, one
// that returns garbage, and one that does not even load.
func hostileSuite(t *testing.T) string {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "plugins", "looper", "plugin.lua"), `
return { name = "looper", version = "1", api = 1,
  kinds = { looper = { validate = function(o) return {} end, resolve = function(c) while true do end end } } }`)
	writeFile(t, filepath.Join(dir, "plugins", "hog", "plugin.lua"), `
return { name = "hog", version = "1", api = 1,
  tags = { hog_check = function(env) local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 1024) .. i end return t end } }`)
	writeFile(t, filepath.Join(dir, "plugins", "liar", "plugin.lua"), `
return { name = "liar", version = "1", api = 1,
  kinds = { liar = { validate = function(o) return {} end, resolve = function(c) return { { "success", "maybe" }, { "rolls", {99} } } end } } }`)
	writeFile(t, filepath.Join(dir, "plugins", "broken", "plugin.lua"), "return { name = \"broken\", version = \"1\", api = 1,\n kinds = { broken = { resolve = nil } } \n garbage")
	writeFile(t, filepath.Join(dir, "plugins", "looper", "test", "loop.json"),
		`{"ruleset": "../../../looper.json", "sheets": [{"name": "X"}], "seed": 1, "tag": "[skill_check: skill=\"Climb\"]", "want": ""}`)
	for _, k := range []string{"looper", "liar", "broken"} {
		writeFile(t, filepath.Join(dir, k+".json"), `{"id": "`+k+`", "name": "`+k+`",
  "abilities": [{"id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10}],
  "skills": [{"id": "climb", "label": "Climb", "ability": "grit"}],
  "resolution": {"kind": "`+k+`", "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}]}}`)
		writeFile(t, filepath.Join(dir, k+".golden"), "# rulehost golden: engine "+suite.EngineVersion+", capability "+suite.CapabilityLevel+"\n[check: who=\"X\" skill=\"Climb\" total=\"1\"]\n")
	}
	writeFile(t, filepath.Join(dir, "x.json"), `{"name": "X"}`)
	writeFile(t, filepath.Join(dir, "suite.json"), `{
  "name": "hostile",
  "plugins": ["plugins/*", "`+repo(t, "plugins/opposed-pool")+`", "`+repo(t, "plugins/wild-die")+`"],
  "rulesets": ["looper.json", "liar.json", "broken.json", "`+repo(t, "plugins/wild-die/test/data/opend6.json")+`", "`+repo(t, "rulesets/gravewatch/ruleset.json")+`"],
  "pluginCases": ["plugins/looper", "`+repo(t, "plugins/opposed-pool")+`"],
  "checks": [
    {"name": "looper", "ruleset": "looper", "sheets": ["x.json"], "tag": "[skill_check: skill=\"Climb\"]"},
    {"name": "liar", "ruleset": "liar", "sheets": ["x.json"], "tag": "[skill_check: skill=\"Climb\"]"},
    {"name": "broken", "ruleset": "broken", "sheets": ["x.json"], "tag": "[skill_check: skill=\"Climb\"]"},
    {"name": "hog", "ruleset": "gravewatch", "tag": "[hog_check: who=\"x\"]", "expect": {"record": "hog"}},
    {"name": "wild", "ruleset": "opend6", "sheets": ["`+repo(t, "plugins/wild-die/test/data/kira.json")+`"],
     "tag": "[skill_check: skill=\"Streetwise\" difficulty=\"Easy\"]", "seeds": [42],
     "expect": {"attrs": {"resolution": "wild-die", "total": "10", "success": "true"}}},
    {"name": "opposed", "ruleset": "gravewatch",
     "sheets": ["`+repo(t, "rulesets/gravewatch/sheets/bram.json")+`", "`+repo(t, "rulesets/gravewatch/sheets/maud.json")+`"],
     "tag": "[opposed_check: skill=\"Ward\" who=\"Bram the Quiet\" vs=\"Maud Hollin\" vsSkill=\"Ward\"]",
     "expect": {"record": "opposed", "present": ["winner"]}}
  ]
}`)
	return dir
}

// TestHostilePluginFailsOnlyItsOwnCases: hostile plugins in a suite fail
// their own cases (each saying why) and none of their neighbours'.
func TestHostilePluginFailsOnlyItsOwnCases(t *testing.T) {
	dir := hostileSuite(t)
	// The deadline bounds the looper; it is generous enough that a loaded
	// machine does not make a neighbour miss it.
	results := run(t, dir, suite.Options{Jobs: 2, Plugin: plugin.Options{Deadline: 2 * time.Second}})
	want := []string{
		"hostile/load/broken",
		"hostile/plugin/looper/loop",
		"hostile/check/looper",
		"hostile/check/liar",
		"hostile/check/broken",
		"hostile/check/hog",
	}
	if got := failed(results); !reflect.DeepEqual(got, want) {
		for _, r := range results {
			t.Logf("%s %s %s", r.ID, r.Status, r.Message)
		}
		t.Fatalf("failed %v\nwant   %v", got, want)
	}
	msgs := map[string]string{}
	for _, r := range results {
		msgs[r.ID] = r.Message
	}
	for id, frag := range map[string]string{
		"hostile/load/broken":  "broken/plugin.lua:3",
		"hostile/check/looper": "deadline",
		"hostile/check/liar":   "plugin-error",
		"hostile/check/broken": "(plugins of this suite that did not load: plugin \"broken\"",
		"hostile/check/hog":    "hog",
	} {
		if !strings.Contains(msgs[id], frag) {
			t.Errorf("%s: message lacks %q:\n%s", id, frag, msgs[id])
		}
	}
	passed := 0
	for _, r := range results {
		if r.Status == suite.Pass {
			passed++
		}
	}
	if passed < 10 {
		t.Errorf("only %d neighbours passed", passed)
	}
}

// TestFilter: a substring or a glob over SUITE/KIND/NAME.
func TestFilter(t *testing.T) {
	s := load(t, "../testdata/suites/bundled")
	ids := func(f string) []string {
		var out []string
		for _, c := range suite.Select([]*suite.Suite{s}, suite.Options{Filter: f}) {
			out = append(out, c.ID)
		}
		return out
	}
	if got := ids("gravewatch/opposed"); !reflect.DeepEqual(got, []string{"bundled/check/gravewatch/opposed-ward"}) {
		t.Errorf("substring: %v", got)
	}
	var transcripts []string
	for _, c := range s.Cases {
		if c.Kind == suite.KindTranscript {
			transcripts = append(transcripts, c.ID)
		}
	}
	if got := ids("bundled/transcript/*"); len(transcripts) < 2 || !reflect.DeepEqual(got, transcripts) {
		t.Errorf("glob: %v, want %v", got, transcripts)
	}
	if got := ids("*/ember-roads/01-*"); !reflect.DeepEqual(got, []string{"bundled/transcript/transcripts/ember-roads/01-the-ford"}) {
		t.Errorf("glob across parts: %v", got)
	}
	if got := ids("*/plugin/terse/*"); len(got) != 8 {
		t.Errorf("terse cases: %v", got)
	}
	if got := ids("nothing-like-this"); len(got) != 0 {
		t.Errorf("%v", got)
	}
}

func TestParseShard(t *testing.T) {
	for _, s := range []string{"", "1", "0/3", "4/3", "a/b", "1/0", "-1/2", "1/2/3"} {
		if _, _, err := suite.ParseShard(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	if i, n, err := suite.ParseShard("2/3"); err != nil || i != 2 || n != 3 {
		t.Errorf("2/3: %d %d %v", i, n, err)
	}
}
