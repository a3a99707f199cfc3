package isolate_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/isolate"
	"github.com/rulehost/rulehost/host/plugin"
)

// TestMain lets this test binary serve as the worker it re-runs.
func TestMain(m *testing.M) {
	isolate.ServeIfWorker()
	os.Exit(m.Run())
}

// generous: these tests are about sameness and limits, not speed, and the
// machine may be loaded
var popts = plugin.Options{Deadline: 5 * time.Second}

func hosts(t testing.TB, dirs ...string) (inproc, iso *host.Host) {
	t.Helper()
	in, errs := host.Load(dirs, popts)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(in.Close)
	is, errs, err := host.LoadIsolated(dirs, popts, isolate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(is.Close)
	return in, is
}

func loadRuleset(t testing.TB, h *host.Host, file, kind string) (*ruleset.Ruleset, error) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if kind != "" {
		var raw map[string]any
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatal(err)
		}
		raw["resolution"].(map[string]any)["kind"] = kind
		data, _ = json.Marshal(raw)
	}
	return ruleset.Load(filepath.Base(file), data, h.RulesetOptions())
}

func character(t testing.TB, rs *ruleset.Ruleset, file string) *sheet.Character {
	t.Helper()
	sh, err := sheet.LoadFile(file, rs)
	if err != nil {
		t.Fatal(err)
	}
	return sheet.New(rs, sh)
}

// TestIsolatedRecordsIdentical: every bundled plugin kind, tag and
// formatter gives byte-identical records and text through the worker and
// in-process, seed for seed, and a ruleset a plugin kind refuses is
// refused with the same problems.
func TestIsolatedRecordsIdentical(t *testing.T) {
	in, iso := hosts(t, "../../plugins")
	const seeds = 150
	checks := []struct {
		ruleset, kind, sheet, tag string
	}{
		{"../../rulesets/d20-5e/ruleset.json", "reference-sum", "../../rulesets/d20-5e/sheets/ada.json", `[skill_check: skill="Athletics" dc="15" mode="advantage"]`},
		{"../../rulesets/ironsworn/ruleset.json", "", "../../rulesets/ironsworn/sheets/kai.json", `[skill_check: skill="Face danger" with="Heart" adds="1" mode="advantage"]`},
		{"../../rulesets/savage-worlds/ruleset.json", "", "../../rulesets/savage-worlds/sheets/gabe.json", `[skill_check: skill="Fighting" dc="6" mod="-1"]`},
		{"../../rulesets/savage-worlds/ruleset.json", "", "../../rulesets/savage-worlds/sheets/thug.json", `[skill_check: ability="Vigor"]`},
		{"../../plugins/wild-die/test/data/opend6.json", "", "../../plugins/wild-die/test/data/kira.json", `[skill_check: skill="Streetwise" difficulty="Easy"]`},
	}
	for _, tc := range checks {
		var recs [2][]string
		for i, h := range []*host.Host{in, iso} {
			rs, err := loadRuleset(t, h, tc.ruleset, tc.kind)
			if err != nil {
				t.Fatalf("%s: %v", tc.ruleset, err)
			}
			ch := character(t, rs, tc.sheet)
			tg, _ := tag.Parse(tc.tag)
			for seed := 1; seed <= seeds; seed++ {
				env := &check.Env{RS: rs, Char: ch, Dice: dice.New(uint64(seed), 1, 0), Kinds: h.Resolvers}
				r := check.Resolve(env, tg).Record
				recs[i] = append(recs[i], r.String())
			}
		}
		for s := range recs[0] {
			if recs[0][s] != recs[1][s] {
				t.Fatalf("%s seed %d:\n in-process %s\n isolated   %s", tc.tag, s+1, recs[0][s], recs[1][s])
			}
		}
		if !strings.HasPrefix(recs[1][0], "[check:") {
			t.Errorf("%s: %s", tc.tag, recs[1][0])
		}
	}

	// a plugin tag, with both characters
	var opposed [2][]string
	for i, h := range []*host.Host{in, iso} {
		rs, err := loadRuleset(t, h, "../../rulesets/gravewatch/ruleset.json", "")
		if err != nil {
			t.Fatal(err)
		}
		chars := []*sheet.Character{character(t, rs, "../../rulesets/gravewatch/sheets/bram.json"), character(t, rs, "../../rulesets/gravewatch/sheets/maud.json")}
		tg, _ := tag.Parse(`[opposed_check: skill="Ward" who="Bram the Quiet" vs="Maud Hollin" vsSkill="Ward"]`)
		for seed := 1; seed <= seeds; seed++ {
			r, ok := h.Answer(context.Background(), plugin.TagEnv{RS: rs, Characters: chars, Dice: dice.New(uint64(seed), 2, 0)}, tg)
			if !ok {
				t.Fatal("opposed_check not answered")
			}
			opposed[i] = append(opposed[i], r.String())
		}
	}
	for s := range opposed[0] {
		if opposed[0][s] != opposed[1][s] {
			t.Fatalf("opposed seed %d:\n in-process %s\n isolated   %s", s+1, opposed[0][s], opposed[1][s])
		}
	}

	// formatters, including a fallback to the built-in text
	r, _ := record.Parse(opposed[0][0])
	item, _ := record.Parse(`[item: name="Rope" count="2"]`)
	for _, name := range []string{"terse", "narrative"} {
		fi, ok1 := in.Formatter(name, nil)
		fo, ok2 := iso.Formatter(name, nil)
		if !ok1 || !ok2 {
			t.Fatalf("formatter %s: %v %v", name, ok1, ok2)
		}
		if a, b := fi.Record(r), fo.Record(r); a != b {
			t.Errorf("%s record: %q vs %q", name, a, b)
		}
		if a, b := fi.Item(item), fo.Item(item); a != b {
			t.Errorf("%s item: %q vs %q", name, a, b)
		}
		if a, b := fi.Block("Bag", []string{"a", "b"}), fo.Block("Bag", []string{"a", "b"}); a != b {
			t.Errorf("%s block: %q vs %q", name, a, b)
		}
		// a whole inventory in one request (and one plugin call)
		list := []record.Record{item, r, item}
		a, b := record.Items(fi, list), record.Items(fo, list)
		if strings.Join(a, "|") != strings.Join(b, "|") || a[0] != fi.Item(item) {
			t.Errorf("%s items: %q vs %q", name, a, b)
		}
	}
	if got, want := iso.FormatterNames(), in.FormatterNames(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("formatter names %v vs %v", got, want)
	}

	// a ruleset a plugin kind refuses: the same problems, in the same order
	_, err1 := loadRuleset(t, in, "../../plugins/wild-die/test/data/opend6-bad.json", "")
	_, err2 := loadRuleset(t, iso, "../../plugins/wild-die/test/data/opend6-bad.json", "")
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Errorf("refused ruleset:\n in-process %v\n isolated   %v", err1, err2)
	}
}

func writePlugin(t *testing.T, name, src string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// killerSrc is a kind that, asked to, spins or allocates past any
// in-process budget the test leaves it (the test raises those), so only
// the worker's OS limits can stop it.
const killerSrc = `
return {
  name = "killer", version = "1", api = 1,
  kinds = { killer = {
    validate = function() return {} end,
    resolve = function(c)
      local what = c.tag.attrs.case
      if what == "spin" then
        while true do end
      elseif what == "hog" then
        local t = {}
        for i = 1, 1e9 do t[i] = { i, i, i, i } end
      end
      return { { "resolution", "killer" }, { "total", 1 } }
    end,
  } },
}`

const tinyRuleset = `{"id": "tiny", "name": "Tiny",
  "abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
  "skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
  "resolution": { "kind": "killer", "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }}`

// TestWorkerLimits: a call that spins past its CPU limit, or allocates
// past its address space, ends the worker; the call is refused with a
// note saying so, the worker is replaced, and the next call is answered.
func TestWorkerLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("burns a second of CPU and a few hundred MiB")
	}
	dir := writePlugin(t, "killer", killerSrc)
	// in-process budgets out of the way: a long deadline, a huge heap budget
	big := plugin.Options{Deadline: 60 * time.Second, MaxMemory: 1 << 40}
	// each case its own worker and limits: the hog gets CPU time to spare,
	// so that only its address space can stop it (under -race its
	// allocations are slow enough to outlast a one-second CPU limit)
	for _, tc := range []struct {
		name, why string
		opts      isolate.Options
	}{
		{"spin", "CPU time limit exceeded", isolate.Options{MaxCPU: time.Second, MaxAddressSpace: 256 << 20, CallTimeout: 120 * time.Second}},
		{"hog", "out of memory or address space", isolate.Options{MaxCPU: 100 * time.Second, MaxAddressSpace: 256 << 20, CallTimeout: 120 * time.Second}},
	} {
		h, errs, err := host.LoadIsolated([]string{dir}, big, tc.opts)
		if err != nil || len(errs) > 0 {
			t.Fatal(err, errs)
		}
		defer h.Close()
		rs, err := ruleset.Load("tiny.json", []byte(tinyRuleset), h.RulesetOptions())
		if err != nil {
			t.Fatal(err)
		}
		sh, _ := sheet.Load("s.json", []byte(`{"name": "Ada"}`), rs)
		ch := sheet.New(rs, sh)
		roll := func(c string) record.Record {
			tg, _ := tag.Parse(`[skill_check: skill="Climb" case="` + c + `"]`)
			return check.Resolve(&check.Env{RS: rs, Char: ch, Dice: dice.New(1, 0, 0), Kinds: h.Resolvers}, tg).Record
		}
		start := time.Now()
		r := roll(tc.name)
		if !strings.HasPrefix(r.String(), `[refused: action="skill_check" reason="plugin-error" plugin="killer" kind="killer" note="the isolated plugin worker died (`) ||
			!strings.Contains(r.Value("note"), tc.why) || !strings.Contains(r.Value("note"), "it has been replaced") {
			t.Errorf("%s: %s", tc.name, r)
		}
		t.Logf("%s: refused after %v: %s", tc.name, time.Since(start).Round(time.Millisecond), r.Value("note"))
		if r := roll("ok"); r.String() != `[check: who="Ada" skill="Climb" resolution="killer" total="1"]` {
			t.Errorf("after %s: %s", tc.name, r)
		}
		if n := h.Restarts(); n != 1 {
			t.Errorf("%s: %d workers replaced; want 1", tc.name, n)
		}
	}
}

// BenchmarkIsolationOverhead is one reference-sum check in-process and
// through the worker, in one run: the difference is the per-call cost of
// isolation (a request, the ruleset by hash, the sheet, one round trip per
// die, the answer).
func BenchmarkIsolationOverhead(b *testing.B) {
	in, iso := hosts(b, "../../plugins")
	for _, tc := range []struct {
		name string
		h    *host.Host
	}{{"inprocess", in}, {"isolated", iso}} {
		b.Run(tc.name, func(b *testing.B) {
			rs, err := loadRuleset(b, tc.h, "../../rulesets/d20-5e/ruleset.json", "reference-sum")
			if err != nil {
				b.Fatal(err)
			}
			ch := character(b, rs, "../../rulesets/d20-5e/sheets/ada.json")
			tg, _ := tag.Parse(`[skill_check: skill="Athletics" dc="15" mode="advantage"]`)
			s := &dice.Seeded{}
			env := &check.Env{RS: rs, Char: ch, Dice: s, Kinds: tc.h.Resolvers}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				s.Reset(uint64(i), 1, 0)
				if r := check.Resolve(env, tg).Record; r.Name != "check" {
					b.Fatal(r)
				}
			}
		})
	}
}

// TestWorkerThatCannotStart: a worker command that is not a worker (an
// embedding program that forgot ServeIfWorker) is an error from Start,
// within the call timeout, not a hang or a loop of restarts.
func TestWorkerThatCannotStart(t *testing.T) {
	start := time.Now()
	_, _, err := host.LoadIsolated([]string{"../../plugins/terse"}, popts, isolate.Options{Command: []string{"/bin/sh", "-c", "exit 0", "sh"}, CallTimeout: 2 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "did not load the plugins") {
		t.Errorf("err = %v", err)
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("took %v", el)
	}
}
