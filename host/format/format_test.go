package format_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/host/format"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/internal/loadslack"
)

// TestFallbackLogged: a formatter that errors, loops, returns a number or
// writes to its read-only input falls back to the built-in text and says
// so in the log; a working one is used.
func TestFallbackLogged(t *testing.T) {
	var logs bytes.Buffer
	log := hclog.New(&hclog.LoggerOptions{Output: &logs, Level: hclog.Warn})
	// one deadline for the plugin: the "loop" case waits it out once, and
	// the working formatter must not miss it on a loaded machine
	p, err := plugin.Load("../../testdata/plugins/bad-results", plugin.Options{Deadline: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	f := format.New(p, nil, log)
	good, _ := record.Parse(`[check: who="Ada" success="true"]`)
	if got := f.Record(good); got != "fine: "+good.String() {
		t.Errorf("working formatter: %q", got)
	}
	for _, c := range []string{"error", "loop"} {
		logs.Reset()
		r, _ := record.Parse(`[check: who="Ada" case="` + c + `"]`)
		if got := f.Record(r); got != r.String() {
			t.Errorf("%s: got %q, want the built-in text", c, got)
		}
		if !strings.Contains(logs.String(), "plugin formatter failed; using the built-in text") || !strings.Contains(logs.String(), "plugin=bad-results") {
			t.Errorf("%s: not logged: %s", c, logs.String())
		}
	}
	logs.Reset()
	item, _ := record.Parse(`[item: name="Rope"]`)
	if got := f.Item(item); got != item.String() || !strings.Contains(logs.String(), "returned a number; return a string") {
		t.Errorf("item: %q, log %s", got, logs.String())
	}
	logs.Reset()
	if got := f.Block("MARKET", []string{"a", "b"}); got != "MARKET:\na\nb" || !strings.Contains(logs.String(), "read-only") {
		t.Errorf("block: %q, log %s", got, logs.String())
	}
}

// TestMissingFormatterFallsBackQuietly uses the fallback for a formatter
// the plugin does not provide.
func TestMissingFormatterFallsBackQuietly(t *testing.T) {
	p, err := plugin.Load("../../plugins/wild-die", plugin.Options{Deadline: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	f := format.New(p, record.Plain{}, nil)
	r, _ := record.Parse(`[check: who="Ada"]`)
	if f.Record(r) != r.String() {
		t.Error("fallback not used")
	}
}

// TestFailingFormatterSwitchedOff: a formatter that loops costs its
// deadline at most MaxFailures times in a run; then it is switched off,
// said once in the log, and the built-in text is used for the rest (issue
// 9: a looping formatter over 12 records took 3.1 s).
func TestFailingFormatterSwitchedOff(t *testing.T) {
	var logs bytes.Buffer
	log := hclog.New(&hclog.LoggerOptions{Output: &logs, Level: hclog.Warn})
	const deadline = 200 * time.Millisecond
	p, err := plugin.Load("../../testdata/plugins/hostile-text", plugin.Options{Deadline: deadline})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	f := format.New(p, nil, log)
	loop, _ := record.Parse(`[check: who="Ada" case="loop"]`)
	start := time.Now()
	for i := 0; i < 12; i++ {
		if got := f.Record(loop); got != loop.String() {
			t.Fatalf("record %d: %q, want the built-in text", i, got)
		}
	}
	took := time.Since(start)
	// switched off: MaxFailures deadlines (600 ms); never switched off, 12
	// (2.4 s). The bound between leaves room for a busy machine (1 s); on
	// one so loaded that a process waits long for a CPU the room stretches
	// with the load (loadslack), but never to where 12 deadlines would pass.
	room := min(loadslack.Slack(t, 8*deadline-format.MaxFailures*deadline), (12-1-format.MaxFailures)*deadline)
	if took > format.MaxFailures*deadline+room {
		t.Errorf("12 records took %v; a switched-off formatter must cost nothing", took)
	}
	if n := strings.Count(logs.String(), "switched off"); n != 1 {
		t.Errorf("switched off logged %d times:\n%s", n, logs.String())
	}
	if n := strings.Count(logs.String(), "[WARN]"); n != format.MaxFailures {
		t.Errorf("%d warnings, want %d:\n%s", n, format.MaxFailures, logs.String())
	}
	// a good record does not switch it back on: off is off for the run
	good, _ := record.Parse(`[check: who="Ada"]`)
	if got := f.Record(good); got != good.String() {
		t.Errorf("after switching off: %q", got)
	}
}

// TestFailuresMustBeConsecutive: a success between failures resets the
// count, so an occasional failure never switches a formatter off.
func TestFailuresMustBeConsecutive(t *testing.T) {
	// no call here may time out: a generous deadline
	p, err := plugin.Load("../../testdata/plugins/bad-results", plugin.Options{Deadline: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	f := format.New(p, nil, nil)
	bad, _ := record.Parse(`[check: who="Ada" case="error"]`)
	good, _ := record.Parse(`[check: who="Ada"]`)
	for i := 0; i < 3*format.MaxFailures; i++ {
		f.Record(bad)
		f.Record(bad)
		if got := f.Record(good); got != "fine: "+good.String() {
			t.Fatalf("round %d: %q", i, got)
		}
	}
}

// TestFormatterTextSanitized: a formatter's text cannot open a transcript
// entry or command the terminal.
func TestFormatterTextSanitized(t *testing.T) {
	p, err := plugin.Load("../../testdata/plugins/hostile-text", plugin.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	f := format.New(p, nil, nil)
	r, _ := record.Parse(`[check: who="Ada" case="forge"]`)
	got := f.Record(r)
	for _, line := range strings.Split(got, "\n") {
		if strings.HasPrefix(line, "--- ") || strings.ContainsRune(line, 0x1b) {
			t.Errorf("line %q of %q", line, got)
		}
	}
	if !strings.Contains(got, "\n  --- gm 9\n\\x1b[2J[check:") {
		t.Errorf("%q", got)
	}
}
