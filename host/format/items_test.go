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

func items(t *testing.T, names ...string) []record.Record {
	t.Helper()
	out := make([]record.Record, len(names))
	for i, n := range names {
		r, err := record.Parse(`[item: name="` + n + `" count="1"]`)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = r
	}
	return out
}

func loadItems(t *testing.T, deadline time.Duration) (*format.Formatter, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	log := hclog.New(&hclog.LoggerOptions{Output: &logs, Level: hclog.Warn})
	p, err := plugin.Load("../../testdata/plugins/bad-items", plugin.Options{Deadline: deadline})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return format.New(p, nil, log), &logs
}

// TestItemsOneCall: record.Items through a plugin formatter is one call
// for all the items (a counter kept by the hook runs on through the
// batch, and starts again in the next: the state is not kept), with the
// text each item would get on its own; terse's lines are Item's.
func TestItemsOneCall(t *testing.T) {
	f, _ := loadItems(t, 10*time.Second)
	got := record.Items(f, items(t, "count", "Rope", "count"))
	want := []string{"count 1", `* Rope (name, [item: name="Rope" count="1"])`, "count 2"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := record.Items(f, items(t, "count")); got[0] != "count 1" {
		t.Errorf("next batch: %q, want a fresh state", got)
	}
	if got := f.Item(items(t, "Rope")[0]); got != want[1] {
		t.Errorf("Item: %q, want %q", got, want[1])
	}
	p, err := plugin.Load("../../plugins/terse", plugin.Options{Deadline: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	tf := format.New(p, nil, nil)
	recs := items(t, "Rope", "Torch")
	recs[1].Attrs[1].Value = "3"
	if got := tf.Items(recs); got[0] != tf.Item(recs[0]) || got[1] != "Torch x3" {
		t.Errorf("terse: %q", got)
	}
	if got := tf.Items(nil); len(got) != 0 {
		t.Errorf("no items: %q", got)
	}
}

// TestItemsFallBackOneByOne: an item whose hook fails takes the built-in
// text alone, logged; the others keep the plugin's. A hook may write to
// its own item (a copy made for it).
func TestItemsFallBackOneByOne(t *testing.T) {
	f, logs := loadItems(t, 10*time.Second)
	recs := items(t, "Rope", "error", "number", "Torch", "write")
	got := f.Items(recs)
	want := []string{`* Rope (name, ` + recs[0].String() + `)`, recs[1].String(), recs[2].String(),
		`* Torch (name, ` + recs[3].String() + `)`, "wrote written"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	for _, w := range []string{"item broke", "plugin.lua:9", "returned a number; return a string"} {
		if !strings.Contains(logs.String(), w) {
			t.Errorf("not logged: %q in\n%s", w, logs.String())
		}
	}
	if strings.Contains(logs.String(), "switched off") {
		t.Errorf("two failures switched it off:\n%s", logs.String())
	}
}

// TestItemsSwitchedOff: MaxFailures failing items in a row switch the
// hook off within the batch (the items after them take the built-in
// text, said once) and for the rest of the run.
func TestItemsSwitchedOff(t *testing.T) {
	f, logs := loadItems(t, 10*time.Second)
	recs := items(t, "error", "number", "error", "Rope")
	for i, got := range f.Items(recs) {
		if got != recs[i].String() {
			t.Errorf("%d: %q, want the built-in text", i, got)
		}
	}
	if n := strings.Count(logs.String(), "switched off"); n != 1 {
		t.Errorf("switched off logged %d times:\n%s", n, logs.String())
	}
	if n := strings.Count(logs.String(), "[WARN]"); n != format.MaxFailures {
		t.Errorf("%d warnings, want %d:\n%s", n, format.MaxFailures, logs.String())
	}
	if got := f.Items(items(t, "Rope")); got[0] != items(t, "Rope")[0].String() {
		t.Errorf("after switching off: %q", got)
	}
}

// TestItemsFault: a fault (here the deadline) ends the batch: one
// deadline for all the items, one failure logged. The items formatted
// before it keep their text (issue 27: with a hang at the third item the
// first two lost theirs too); the item it struck and those after take the
// built-in text.
func TestItemsFault(t *testing.T) {
	const deadline = 200 * time.Millisecond
	f, logs := loadItems(t, deadline)
	recs := items(t, "Rope", "Torch", "loop", "Lamp")
	start := time.Now()
	got := f.Items(recs)
	if took := time.Since(start); took > 20*deadline {
		t.Errorf("took %v", took)
	}
	for i := range recs {
		builtin := got[i] == recs[i].String()
		if want := i >= 2; builtin != want {
			t.Errorf("%d: %q; built-in text %t, want %t", i, got[i], builtin, want)
		}
	}
	if !strings.HasPrefix(got[0], "* Rope") || !strings.HasPrefix(got[1], "* Torch") {
		t.Errorf("the items before the fault: %q", got[:2])
	}
	if n := strings.Count(logs.String(), "[WARN]"); n != 1 || !strings.Contains(logs.String(), "deadline") {
		t.Errorf("want one warning about the deadline:\n%s", logs.String())
	}
	// the state that faulted is not reused
	if got := f.Items(items(t, "Rope")); !strings.HasPrefix(got[0], "* Rope") {
		t.Errorf("after the fault: %q", got)
	}
}
