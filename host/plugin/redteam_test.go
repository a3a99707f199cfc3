package plugin_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/format"
	"github.com/rulehost/rulehost/host/plugin"
)

// writePlugin writes plugin.lua into a fresh folder named name.
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

// TestRedteamManifests: hostile plugin.lua files are load errors naming
// the plugin and file, reported within the deadline, never a crash.
func TestRedteamManifests(t *testing.T) {
	head := `name = "evil", version = "1", api = 1`
	fn := `function() return "x" end`
	cases := map[string]struct{ src, want string }{
		"returns a function":  {`return function() end`, "it returned function"},
		"returns nothing":     {`return`, "it returned nil"},
		"returns a coroutine": {`return coroutine.create(function() end)`, "forbidden: the coroutine library"},
		"returns _G":          {`name = "evil" version = "1" api = 1 return _G`, "the plugin provides nothing"},
		"returns a view":      {`return rulehost`, "name: want a string"},
		"__index that errors": {`return setmetatable({}, { __index = function() error("boom") end })`, "name: want a string"},
		"__index manifest":    {`return setmetatable({}, { __index = { ` + head + `, formatters = { record = ` + fn + ` } } })`, "name: want a string"},
		"not functions": {`return { ` + head + `, kinds = { k = { validate = setmetatable({}, { __call = ` + fn + ` }), resolve = 1 } },
			tags = { t = "x" }, formatters = { record = print } }`, `kinds["k"].validate: want a function`},
		"non-string kind name":   {`return { ` + head + `, kinds = { [1] = {} } }`, "kind name 1"},
		"bad kind keys":          {`return { ` + head + `, kinds = { k = { validate = print, resolve = print, keys = { {}, 1 } } } }`, "kinds[\"k\"].keys: want a list of strings"},
		"config with a function": {`return { ` + head + `, config = { f = print }, formatters = { record = ` + fn + ` } }`, "config:"},
		"cyclic config":          {`local c = {} c.c = c return { ` + head + `, config = c, formatters = { record = ` + fn + ` } }`, "config:"},
		"api not a number":       {`return { name = "evil", version = "1", api = 0/0, formatters = { record = ` + fn + ` } }`, "api NaN"},
		"loops while loading":    {`while true do end`, "timeout"},
		"errors while loading":   {`error({})`, "error object is (a table value)"},
		"deep syntax":            {`return ` + strings.Repeat("{", 5000) + strings.Repeat("}", 5000), "too many syntax levels"},
		"rolls while loading":    {`return dice.roll(6)`, "dice can only be rolled"},
		"random while loading":   {`return math.random(6)`, "no dice stream"},
		"thousands of problems": {`local f = {} for i = 1, 2000 do f["bad name " .. i] = 1 end return { ` + head + `, formatters = f }`,
			"more problems"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			dir := writePlugin(t, "evil", tc.src)
			start := time.Now()
			p, err := plugin.Load(dir, plugin.Options{Deadline: 500 * time.Millisecond}) // slack for a busy machine; only the loop must time out
			if el := time.Since(start); el > 3*time.Second {
				t.Errorf("loading took %v", el)
			}
			if err == nil {
				p.Close()
				t.Fatal("loaded")
			}
			var le *plugin.LoadError
			if !errors.As(err, &le) || le.File != "evil/plugin.lua" {
				t.Errorf("not a LoadError naming evil/plugin.lua: %#v", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q lacks %q", err, tc.want)
			}
			if len(err.Error()) > 8192 {
				t.Errorf("error of %d bytes", len(err.Error()))
			}
		})
	}
	// plugin.lua past the size limit is refused before it is parsed
	dir := writePlugin(t, "huge", "return {}"+strings.Repeat(" ", plugin.MaxSource))
	if _, err := plugin.Load(dir, plugin.Options{}); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("huge plugin.lua: %v", err)
	}
}

func redteamSet(t *testing.T) (*plugin.Set, *ruleset.Ruleset, []*sheet.Character) {
	t.Helper()
	set, errs := plugin.LoadDirs([]string{"../../testdata/plugins/redteam-kind"}, plugin.Options{Deadline: time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(set.Close)
	rs, err := ruleset.Load("tiny.json", []byte(`{"id": "tiny", "name": "Tiny",
		"abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
		"skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
		"resolution": { "kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }}`), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var chars []*sheet.Character
	for _, name := range []string{"Ada", "Bram"} {
		sh, err := sheet.Load("s.json", []byte(`{"name": "`+name+`"}`), rs)
		if err != nil {
			t.Fatal(err)
		}
		chars = append(chars, sheet.New(rs, sh))
	}
	return set, rs, chars
}

// TestRedteamTags: a tag handler that kept its env (and through it the
// characters) in a local of plugin.lua used to see the first call's
// characters in the next call; one that returned a refusal naming
// another plugin put the blame on it.
func TestRedteamTags(t *testing.T) {
	set, rs, chars := redteamSet(t)
	answer := func(text string, chs ...*sheet.Character) record.Record {
		tg, _ := tag.Parse(text)
		r, ok := set.Answer(context.Background(), plugin.TagEnv{RS: rs, Characters: chs, Dice: dice.New(1, 0, 0)}, tg)
		if !ok {
			t.Fatalf("%s not answered", text)
		}
		return r
	}
	answer(`[redteam_tag: case="stash"]`, chars[0])
	if r := answer(`[redteam_tag: case="look"]`, chars[1]); r.String() != `[refused: action="redteam_tag" reason="seen" note="Bram"]` {
		t.Errorf("the next call saw an earlier call's env: %s", r)
	}
	r := answer(`[redteam_tag: case="forge"]`, chars[0])
	if !strings.HasPrefix(r.String(), `[refused: action="redteam_tag" reason="plugin-error" plugin="redteam-kind" note="a refusal naming plugin=\"wild-die\"`) {
		t.Errorf("a forged refusal: %s", r)
	}
}

// TestRedteamFormatterText: a formatter showing tostring of its record
// gave a Go heap address, different on every run; it is numbered now.
func TestRedteamFormatterText(t *testing.T) {
	set, _, _ := redteamSet(t)
	p, _ := set.Plugin("redteam-kind")
	f := format.New(p, record.Plain{}, nil)
	r, _ := record.Parse(`[check: who="Ada" skill="Climb" resolution="sum" total="3"]`)
	for i := 0; i < 2; i++ {
		if got := f.Record(r); got != "table: 0x00000001" {
			t.Errorf("formatter text %q", got)
		}
	}
}
