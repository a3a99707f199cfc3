package session_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// bundled is one bundled ruleset with its sample party and transcripts.
type bundled struct {
	name        string
	rs          *ruleset.Ruleset
	sheets      []*sheet.Sheet
	transcripts [][]session.Entry
	// hooks are the bundled plugins' kinds (ironsworn, savage-worlds).
	hooks session.Hooks
}

// fold folds events of the ruleset's session on seed 1.
func (b bundled) fold(events []session.Event) *session.Session {
	return session.FoldWith(b.rs, b.sheets, 1, events, b.hooks)
}

// bundledRulesets loads every ruleset under rulesets/ with its party
// and its transcripts, in name order.
func bundledRulesets(tb testing.TB) []bundled {
	tb.Helper()
	dirs, _ := filepath.Glob("../../rulesets/*/ruleset.json")
	if len(dirs) < 10 {
		tb.Fatalf("want the bundled rulesets, found %v", dirs)
	}
	// A generous deadline: plugin checks are folded, not timed, here.
	h, errs := host.Load([]string{"../../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	tb.Cleanup(h.Close)
	var out []bundled
	for _, f := range dirs {
		dir := filepath.Dir(f)
		rs, err := ruleset.LoadFile(f, h.RulesetOptions())
		if err != nil {
			tb.Fatal(err)
		}
		sheets, err := session.LoadParty(filepath.Join(dir, "sheets"), rs)
		if err != nil {
			tb.Fatal(err)
		}
		b := bundled{name: filepath.Base(dir), rs: rs, sheets: sheets, hooks: session.Hooks{Kinds: h.Resolvers}}
		ts, _ := filepath.Glob(filepath.Join(dir, "transcripts", "*.txt"))
		for _, t := range ts {
			in, err := os.Open(t)
			if err != nil {
				tb.Fatal(err)
			}
			entries, err := session.ParseTranscript(in)
			in.Close()
			if err != nil {
				tb.Fatalf("%s: %v", t, err)
			}
			b.transcripts = append(b.transcripts, entries)
		}
		out = append(out, b)
	}
	return out
}

// longLog generates n events for a ruleset, deterministically from seed:
// its transcripts whole (markets, fakes and all), interleaved with
// scenes drawn from its sheets and catalogs: skill checks for every
// member, dice, items added, equipped and dropped, coins earned and paid,
// market days and purchases where it has a market, and fights against
// its bestiary where the engine resolves them. A GM reply is now and then
// regenerated, as a Game Master's client does.
func longLog(b bundled, n int, seed uint64) []session.Event {
	rng := rand.New(rand.NewPCG(seed, 31))
	scenes := sceneMakers(b)
	var events []session.Event
	add := func(kind, text string) {
		if len(events) < n {
			events = append(events, session.Event{Seq: len(events) + 1, Kind: kind, Text: text})
		}
	}
	for len(events) < n {
		var entries []session.Entry
		if len(b.transcripts) > 0 && rng.IntN(4) == 0 {
			entries = b.transcripts[rng.IntN(len(b.transcripts))]
		} else {
			entries = scenes[rng.IntN(len(scenes))](rng)
		}
		for _, e := range entries {
			add(e.Kind, e.Text)
			if e.Kind == session.GMReply && rng.IntN(8) == 0 {
				add(session.Regenerate, e.Text)
			}
		}
	}
	return events
}

// sceneMakers are the scenes a ruleset offers, each a few entries.
func sceneMakers(b bundled) []func(*rand.Rand) []session.Entry {
	rs := b.rs
	names := make([]string, len(b.sheets))
	for i, s := range b.sheets {
		names[i] = s.Name
	}
	who := func(rng *rand.Rand) string { return names[rng.IntN(len(names))] }
	gm := func(format string, a ...any) session.Entry {
		return session.Entry{Kind: session.GMReply, Text: fmt.Sprintf(format, a...)}
	}
	var scenes []func(*rand.Rand) []session.Entry
	targets := []string{}
	for _, s := range rs.Skills {
		targets = append(targets, fmt.Sprintf(`skill=%q`, s.Label))
	}
	for _, s := range rs.Saves {
		targets = append(targets, fmt.Sprintf(`save=%q`, s.ID))
	}
	for _, a := range rs.Abilities {
		targets = append(targets, fmt.Sprintf(`ability=%q`, a.ID))
	}
	scenes = append(scenes, func(rng *rand.Rand) []session.Entry {
		w := who(rng)
		return []session.Entry{
			gm(`%s tries. [skill_check: %s who=%q dc="%d"]`, w, targets[rng.IntN(len(targets))], w, 1+rng.IntN(12)),
			{Kind: session.PlayerAction, Text: fmt.Sprintf(`I help. [skill_check: %s]`, targets[rng.IntN(len(targets))])},
			gm(`The dice fall. [roll_dice: dice="%dd6+%d"] [skill_check: %s who=%q]`, 1+rng.IntN(3), rng.IntN(4), targets[rng.IntN(len(targets))], who(rng)),
		}
	})
	if rs.Items == nil {
		return scenes
	}
	items := rs.Items.Items
	if len(items) > 0 {
		scenes = append(scenes, func(rng *rand.Rand) []session.Entry {
			it, w := items[rng.IntN(len(items))].Label, who(rng)
			return []session.Entry{
				gm(`You find %s. [inventory: action="add" item=%q count="%d" who=%q]`, it, it, 1+rng.IntN(3), w),
				{Kind: session.PlayerAction, Text: fmt.Sprintf(`[inventory: action="equip" item=%q who=%q]`, it, w)},
				gm(`[skill_check: %s who=%q] [inventory: action="unequip" item=%q who=%q]`, targets[rng.IntN(len(targets))], w, it, w),
				gm(`[inventory: action="give" item=%q who=%q to=%q]`, it, w, who(rng)),
				gm(`It is lost. [inventory: action="remove" item=%q count="3"]`, it),
			}
		})
	}
	if len(rs.Items.Coins) > 0 {
		coin := rs.Items.Coins[len(rs.Items.Coins)-1].Label
		scenes = append(scenes, func(rng *rand.Rand) []session.Entry {
			w := who(rng)
			return []session.Entry{
				gm(`Paid. [inventory: action="earn" amount="%d %s" who=%q]`, 5+rng.IntN(20), coin, w),
				gm(`A toll. [inventory: action="pay" amount="%d %s" who=%q]`, 1+rng.IntN(5), coin, w),
			}
		})
	}
	if m := rs.Items.Market; m != nil && len(m.Places) > 0 && len(items) > 0 {
		scenes = append(scenes, func(rng *rand.Rand) []session.Entry {
			place := m.Places[rng.IntN(len(m.Places))].ID
			out := []session.Entry{gm(`A market. [place: name="Town %d" size=%q day="new"]`, rng.IntN(3), place)}
			for range 3 {
				it := items[rng.IntN(len(items))].Label
				w := who(rng)
				text := fmt.Sprintf(`[inventory: action="buy" item=%q who=%q]`, it, w)
				if len(m.Sellers) > 0 && rng.IntN(2) == 0 {
					text = fmt.Sprintf(`[inventory: action="buy" item=%q seller=%q who=%q]`, it, m.Sellers[rng.IntN(len(m.Sellers))].ID, w)
				}
				out = append(out, gm(`%s`, text))
				if rng.IntN(3) == 0 {
					out = append(out, gm(`[inventory: action="inspect" item=%q who=%q] [inventory: action="sell" item=%q who=%q]`, it, who(rng), it, w))
				}
			}
			return out
		})
	}
	if foes := fight.Foes(rs); len(foes) > 0 {
		scenes = append(scenes, func(rng *rand.Rand) []session.Entry {
			foe := foes[rng.IntN(len(foes))].Label
			out := []session.Entry{gm(`Foes! [fight: op="start" foes="2 %s"]`, foe)}
			for round := range 2 + rng.IntN(3) {
				for _, w := range names {
					out = append(out, gm(`[fight: op="auto" who=%q]`, w))
				}
				out = append(out, gm(`[fight: op="attack" who="%s %d" target=%q] [fight: op="round"]`, foe, 1+round%2, who(rng)))
			}
			return append(out, gm(`[fight: op="end" outcome="won"]`))
		})
	}
	return slices.Clip(scenes)
}

// reportCPU reports the process's CPU per op since cpu (GC and all), as
// cpu-ms/op.
func reportCPU(b *testing.B, cpu time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
	}
}

// BenchmarkFoldRuleset folds a 10,000-event session of every bundled
// ruleset (longLog), the figure issue 31 holds to 50 ms.
func BenchmarkFoldRuleset(b *testing.B) {
	for _, r := range bundledRulesets(b) {
		events := longLog(r, 10000, 1)
		b.Run(r.name, func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				r.fold(events)
			}
			reportCPU(b, cpu)
		})
	}
}
