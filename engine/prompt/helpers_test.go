package prompt_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

var (
	hostOnce sync.Once
	theHost  *host.Host
)

// bundledHost loads the bundled plugins once: two bundled rulesets
// resolve with a plugin kind, and the formatters are plugins.
func bundledHost(t testing.TB) *host.Host {
	hostOnce.Do(func() {
		// a generous deadline: a good plugin call must not miss the
		// default 250 ms on a loaded machine
		h, errs := host.Load([]string{"../../plugins"}, plugin.Options{Deadline: 10 * time.Second})
		if len(errs) > 0 {
			t.Fatalf("bundled plugins: %v", errs)
		}
		theHost = h
	})
	return theHost
}

// game is a bundled ruleset with its sample party and the session hooks.
type game struct {
	name   string
	dir    string
	rs     *ruleset.Ruleset
	sheets []*sheet.Sheet
	hooks  session.Hooks
}

func bundled(t testing.TB) []game {
	dirs, _ := filepath.Glob("../../rulesets/*/ruleset.json")
	if len(dirs) < 10 {
		t.Fatalf("bundled rulesets: found %v", dirs)
	}
	h := bundledHost(t)
	var out []game
	for _, f := range dirs {
		dir := filepath.Dir(f)
		rs, err := ruleset.LoadFile(f, h.RulesetOptions())
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		sheets, err := session.LoadParty(filepath.Join(dir, "sheets"), rs)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		out = append(out, game{name: filepath.Base(dir), dir: dir, rs: rs, sheets: sheets,
			hooks: session.Hooks{Kinds: h.Resolvers, Tags: h.SessionTags()}})
	}
	return out
}

func (g game) session() *session.Session {
	return session.FoldWith(g.rs, g.sheets, 1, nil, g.hooks)
}

// play answers a transcript file on a fresh session.
func (g game) play(t testing.TB, file string) *session.Session {
	in, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	entries, err := session.ParseTranscript(in)
	if err != nil {
		t.Fatal(err)
	}
	s := g.session()
	if _, err := s.AppendAll(entries); err != nil {
		t.Fatal(err)
	}
	return s
}

// examples are every example tag the sections show.
func examples(secs []prompt.Section) map[string][]string {
	out := map[string][]string{}
	for _, s := range secs {
		switch d := s.Data.(type) {
		case *prompt.RulesData:
			out[s.Name] = d.Examples
		case *prompt.ItemsData:
			out[s.Name] = d.Examples
		case *prompt.MoneyData:
			out[s.Name] = d.Examples
		case *prompt.LootData:
			out[s.Name] = d.Examples
		case *prompt.MarketData:
			out[s.Name] = d.Examples
		case *prompt.FightData:
			out[s.Name] = d.Examples
		}
	}
	return out
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./engine/prompt -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden (go test ./engine/prompt -update after checking the diff):\n%s", path, firstDiff(string(want), got))
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + itoa(i+1) + ":\nwant: " + x + "\ngot:  " + y
		}
	}
	return ""
}

func itoa(n int) string { return strconv.Itoa(n) }
