package session_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

const (
	emberRuleset = "../../rulesets/ember-roads/ruleset.json"
	emberParty   = "../../rulesets/ember-roads/sheets"
)

func ember(t testing.TB) (*ruleset.Ruleset, []*sheet.Sheet) {
	t.Helper()
	rs, err := ruleset.LoadFile(emberRuleset, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := session.LoadParty(emberParty, rs)
	if err != nil {
		t.Fatal(err)
	}
	return rs, sheets
}

func cfg(t testing.TB) session.Config {
	r, _ := filepath.Abs(emberRuleset)
	p, _ := filepath.Abs(emberParty)
	return session.Config{Ruleset: r, Party: p, Seed: 7}
}

func stateJSON(t testing.TB, s *session.Session) string {
	t.Helper()
	b, err := json.Marshal(s.State())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// gen is the deterministic event stream the crash test and the benchmark
// append: GM replies with inventory tags and checks, player actions, and
// now and then a regenerated reply.
func gen(seq int) (kind, text string) {
	items := []string{"Rope", "Arrows", "Hand axe", "Millstone", "Guide stone"}
	who := []string{"Tamsin", "Orrin", "Wren"}
	it, w := items[seq%len(items)], who[seq%len(who)]
	switch seq % 7 {
	case 0:
		return session.Regenerate, fmt.Sprintf(`Instead, %s rests. [skill_check: skill="Mend" who="%s" dc="7"]`, w, w)
	case 1, 4:
		return session.GMReply, fmt.Sprintf(`You find %s. [inventory: action="add" item="%s" count="%d"] [skill_check: skill="Sneak" who="%s" dc="8"]`, it, it, 1+seq%3, w)
	case 2:
		return session.PlayerAction, fmt.Sprintf(`[inventory: action="give" item="%s" to="%s"]`, it, w)
	case 3:
		return session.GMReply, fmt.Sprintf(`[inventory: action="equip" item="Leather coat"] [inventory: action="remove" item="%s" count="1"]`, it)
	case 5:
		return session.PlayerAction, `[inventory: action="unequip" item="Leather coat"]`
	}
	return session.GMReply, fmt.Sprintf(`[skill_check: skill="Haul" who="%s" dc="9"] [inventory: action="add" item="Rope"]`, w)
}

func TestRegenerateReplacesTheLastReply(t *testing.T) {
	rs, sheets := ember(t)
	s := session.New(rs, sheets, 1)
	if _, err := s.Append(session.GMReply, `[inventory: action="add" item="Rope" count="2" who="Orrin"]`); err != nil {
		t.Fatal(err)
	}
	r1, _ := s.Append(session.GMReply, `[inventory: action="add" item="Millstone" who="Orrin"] [skill_check: skill="Haul" who="Orrin"]`)
	r2, err := s.Append(session.Regenerate, `[inventory: action="add" item="Millstone" who="Orrin"] [skill_check: skill="Haul" who="Orrin"]`)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(r1.Records) != fmt.Sprint(r2.Records) {
		t.Errorf("a regenerated reply re-derives the same answer:\n%v\n%v", r1.Records, r2.Records)
	}
	if got := len(s.State().Replies); got != 2 {
		t.Errorf("regenerating replaces the reply: %d replies", got)
	}
	n := 0
	for _, st := range s.State().Party.Members[1].Bag {
		if st.Name == "Millstone" {
			n += st.Count
		}
	}
	if n != 0 {
		// The millstone is left behind: past Orrin's limit (5+2+10 > 12).
		t.Errorf("millstones: %d", n)
	}
	s.Append(session.Regenerate, `[inventory: action="add" item="Rope" who="Orrin"]`)
	ropes := 0
	for _, st := range s.State().Party.Members[1].Bag {
		if st.Name == "Rope" {
			ropes += st.Count
		}
	}
	if ropes != 3 {
		t.Errorf("nothing happens twice: Orrin has %d ropes, want 3", ropes)
	}
	if _, err := s.Append(session.PlayerAction, `[inventory: action="add" item="Lucky feather"]`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(session.Regenerate, "x"); err == nil {
		t.Error("regenerating after a player action is refused")
	}
	// The fold of the stored log is the state.
	again := session.Fold(rs, sheets, 1, s.Events())
	if stateJSON(t, again) != stateJSON(t, s) {
		t.Error("fold of the log differs from the live state")
	}
}

func TestStoreRoundTripAndTornLine(t *testing.T) {
	rs, sheets := ember(t)
	dir := t.TempDir()
	s, err := session.Start(dir, cfg(t), rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 20; seq++ {
		if _, err := s.Append(gen(seq)); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	f, _ := os.OpenFile(filepath.Join(dir, session.LogFile), os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"seq":21,"kind":"gm","text":"[inventory: action=\"add\" it`)
	f.Close()
	o, err := session.Open(dir, session.FileLoader(ruleset.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Events()) != 20 || stateJSON(t, o) != stateJSON(t, s) {
		t.Fatalf("replay: %d events", len(o.Events()))
	}
	if _, err := o.Append(gen(21)); err != nil {
		t.Fatal(err)
	}
	o.Close()
	events, _, err := session.ReadLog(dir)
	if err != nil || len(events) != 21 {
		t.Fatalf("the torn line is cut before the next append: %d, %v", len(events), err)
	}
}

const crashEnv = "RULEHOST_SESSION_CRASH_CHILD"

// TestCrashChild is the child of TestCrash: it appends the gen stream to
// the session in $RULEHOST_SESSION_CRASH_CHILD and acknowledges each
// event on stdout once Append returned, until it is killed.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashEnv)
	if dir == "" {
		t.Skip("run by TestCrash")
	}
	s, err := session.Open(dir, session.FileLoader(ruleset.Options{}))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	for seq := len(s.Events()) + 1; ; seq++ {
		if _, err := s.Append(gen(seq)); err != nil {
			fmt.Println("error", err)
			os.Exit(3)
		}
		fmt.Printf("ack %d\n", seq)
	}
}

// TestCrash kills a child appending events with SIGKILL at random points,
// 200 times, and checks that every replay is the fold of the acknowledged
// events (and at most the one in flight, which the store may have made
// durable before the ack was printed), never half an event.
func TestCrash(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		t.Skip("child")
	}
	kills := 200
	if testing.Short() {
		kills = 20
	}
	rs, sheets := ember(t)
	rng := rand.New(rand.NewPCG(1, 2))
	var dir string
	acked, total := 0, 0
	start := time.Now()
	for k := 0; k < kills; k++ {
		// A fresh session every ten kills keeps replays short; within one,
		// each child reopens the log the last one was killed writing.
		if k%10 == 0 {
			dir = t.TempDir()
			s, err := session.Start(dir, cfg(t), rs, sheets)
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
			acked = 0
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
		cmd.Env = append(os.Environ(), crashEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		target := rng.IntN(8)
		seen := 0
		for seen <= target && sc.Scan() {
			line := sc.Text()
			if n, ok := strings.CutPrefix(line, "ack "); ok {
				acked, _ = strconv.Atoi(n)
				seen++
			} else if strings.HasPrefix(line, "error") {
				t.Fatalf("child: %s", line)
			}
		}
		time.Sleep(time.Duration(rng.IntN(1500)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		// Acks printed before the kill landed still count.
		for sc.Scan() {
			if n, ok := strings.CutPrefix(sc.Text(), "ack "); ok {
				acked, _ = strconv.Atoi(n)
			}
		}
		cmd.Wait()

		events, _, err := session.ReadLog(dir)
		if err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		if len(events) < acked || len(events) > acked+1 {
			t.Fatalf("kill %d: %d events replayed, %d acknowledged", k, len(events), acked)
		}
		for i, ev := range events {
			kind, text := gen(i + 1)
			if ev.Seq != i+1 || ev.Kind != kind || ev.Text != text {
				t.Fatalf("kill %d: event %d is %+v", k, i+1, ev)
			}
		}
		o, err := session.Open(dir, session.FileLoader(ruleset.Options{}))
		if err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		want := session.Fold(rs, sheets, 7, events)
		if stateJSON(t, o) != stateJSON(t, want) {
			t.Fatalf("kill %d: replayed state differs from the fold of the acknowledged events", k)
		}
		o.Close()
		total += len(events) - acked
		acked = len(events)
	}
	t.Logf("%d kills, %d events past the last ack made durable, %v", kills, total, time.Since(start))
}

// BenchmarkFold10000 folds a 10,000-event session (the gen stream).
func BenchmarkFold10000(b *testing.B) {
	rs, sheets := ember(b)
	events := make([]session.Event, 10000)
	for i := range events {
		k, txt := gen(i + 1)
		events[i] = session.Event{Seq: i + 1, Kind: k, Text: txt}
	}
	b.ResetTimer()
	for b.Loop() {
		session.Fold(rs, sheets, 7, events)
	}
}

// BenchmarkFold1000 is BenchmarkFold10000 over a tenth of the stream, for
// the ratio.
func BenchmarkFold1000(b *testing.B) {
	rs, sheets := ember(b)
	events := make([]session.Event, 1000)
	for i := range events {
		k, txt := gen(i + 1)
		events[i] = session.Event{Seq: i + 1, Kind: k, Text: txt}
	}
	b.ResetTimer()
	for b.Loop() {
		session.Fold(rs, sheets, 7, events)
	}
}
