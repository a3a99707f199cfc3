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
)

// TestFallbackLogged: a formatter that errors, loops, returns a number or
// writes to its read-only input falls back to the built-in text and says
// so in the log; a working one is used.
func TestFallbackLogged(t *testing.T) {
	var logs bytes.Buffer
	log := hclog.New(&hclog.LoggerOptions{Output: &logs, Level: hclog.Warn})
	p, err := plugin.Load("../../testdata/plugins/bad-results", plugin.Options{Deadline: 50 * time.Millisecond})
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
	p, err := plugin.Load("../../plugins/wild-die", plugin.Options{})
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
