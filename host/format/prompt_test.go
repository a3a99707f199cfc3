package format_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/host/format"
	"github.com/rulehost/rulehost/host/plugin"
)

// TestSectionFallback: a section formatter that errors or returns a
// number falls back to that section's default text, logged; one that
// reads its data renders from it; a prompt formatter that writes to its
// read-only input falls back to the sections joined.
func TestSectionFallback(t *testing.T) {
	var logs bytes.Buffer
	log := hclog.New(&hclog.LoggerOptions{Output: &logs, Level: hclog.Warn})
	p, err := plugin.Load("../../testdata/plugins/bad-sections", plugin.Options{Deadline: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	f := format.New(p, nil, log)
	secs := []prompt.Section{
		{Name: prompt.Rules, Data: &prompt.RulesData{}, Text: "RULES\nask"},
		{Name: prompt.Items, Data: &prompt.ItemsData{}, Text: "ITEMS\nadd"},
		{Name: prompt.Money, Data: &prompt.MoneyData{Families: []prompt.Family{{Label: "Coin"}, {Label: "Scrip"}}}, Text: "MONEY"},
		{Name: prompt.Inventory, Text: "INVENTORY:\nx\x1b[31m"},
	}
	out := prompt.Reshape(f, secs)
	want := []string{"RULES\nask", "ITEMS\nadd", "coins: 2", "[inventory] INVENTORY:\nx"}
	for i, w := range want {
		if !strings.HasPrefix(out[i].Text, w) {
			t.Errorf("%s: %q, want %q", secs[i].Name, out[i].Text, w)
		}
	}
	if strings.Contains(out[3].Text, "\x1b") {
		t.Errorf("an escape sequence came through: %q", out[3].Text)
	}
	for _, w := range []string{"boom", "returned a number; return a string"} {
		if !strings.Contains(logs.String(), w) {
			t.Errorf("not logged: %q in %s", w, logs.String())
		}
	}
	logs.Reset()
	if got := f.Prompt(out); got != prompt.Text(out) || !strings.Contains(logs.String(), "read-only") {
		t.Errorf("prompt: %q, log %s", got, logs.String())
	}
}
