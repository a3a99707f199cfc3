package plugin_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
	"github.com/rulehost/rulehost/internal/loadslack"
)

// TestLoadUnderLimits: loading a plugin (read, parse, compile, run
// plugin.lua) runs under a size limit, a deadline and the memory budget.
// A 1 MiB plugin.lua holding one a^a^a^... chain took 530 MiB and up to
// 3.6 s to parse; it is now refused by the parser's stack bound at once
// (peak RSS is measured in host/sandbox's TestHardBound).
func TestLoadUnderLimits(t *testing.T) {
	bomb := func(op string) string {
		return "return a" + strings.Repeat(op+"a", (plugin.MaxSource-16)/(len(op)+1))
	}
	// bounded: the deadlines of the cases that may end in a timeout (the
	// loop, and the allocation the memory budget or the deadline stops);
	// the others get generous ones, so that on a busy machine the parser's
	// bound and the state-size check are what refuse them, not the clock.
	// Every case must end within bounded's deadlines plus slack.
	bounded := plugin.Options{Deadline: time.Second, LoadDeadline: 500 * time.Millisecond}
	generous := plugin.Options{Deadline: 10 * time.Second, LoadDeadline: 10 * time.Second}
	cases := map[string]struct {
		src  string
		want error
		opts plugin.Options
	}{
		"a^a^a":            {bomb("^"), sandbox.ErrSyntax, generous},
		"a..a..a":          {bomb(".."), sandbox.ErrSyntax, generous},
		"nested braces":    {"return " + strings.Repeat("{", 1<<18) + strings.Repeat("}", 1<<18), sandbox.ErrSyntax, generous},
		"loop at load":     {"while true do end", sandbox.ErrTimeout, bounded},
		"memory at load":   {"local t = {} for i = 1, 1e9 do t[i] = {} end", nil, bounded},
		"too big to reset": {"big = {} for i = 1, 70000 do big[i] = i end return {}", sandbox.ErrMemory, generous},
	}
	// parse under LoadDeadline, then run under Deadline, plus slack; all
	// of it stretched on a loaded machine and under -race (loadslack):
	// there the generous cases' parse alone waits seconds for a CPU
	limit := loadslack.Slack(t, bounded.LoadDeadline+bounded.Deadline+200*time.Millisecond)
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			_, err := plugin.Load(writePlugin(t, "bomb", c.src), c.opts)
			took := time.Since(start)
			if err == nil {
				t.Fatal("loaded")
			}
			if c.want != nil && !errors.Is(err, c.want) {
				t.Errorf("%v, want %v", err, c.want)
			}
			if c.want == nil && !errors.Is(err, sandbox.ErrMemory) && !errors.Is(err, sandbox.ErrTimeout) {
				t.Errorf("%v, want a memory or time fault", err)
			}
			if c.want == sandbox.ErrSyntax && !strings.Contains(err.Error(), "too many syntax levels (more than 1000)") {
				t.Errorf("the refusal does not say why: %v", err)
			}
			if !strings.HasPrefix(err.Error(), `plugin "bomb": bomb/plugin.lua`) {
				t.Errorf("the error does not name the plugin and file: %v", err)
			}
			if took > limit {
				t.Errorf("load took %v", took)
			}
		})
	}
}
