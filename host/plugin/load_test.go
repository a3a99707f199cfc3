package plugin_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
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
	cases := map[string]struct {
		src  string
		want error
	}{
		"a^a^a":            {bomb("^"), sandbox.ErrSyntax},
		"a..a..a":          {bomb(".."), sandbox.ErrSyntax},
		"nested braces":    {"return " + strings.Repeat("{", 1<<18) + strings.Repeat("}", 1<<18), sandbox.ErrSyntax},
		"loop at load":     {"while true do end", sandbox.ErrTimeout},
		"memory at load":   {"local t = {} for i = 1, 1e9 do t[i] = {} end", nil},
		"too big to reset": {"big = {} for i = 1, 70000 do big[i] = i end return {}", sandbox.ErrMemory},
	}
	// a generous call deadline: building 70,000 entries must finish on a
	// busy machine, so the state-size check is what refuses it
	opts := plugin.Options{Deadline: time.Second, LoadDeadline: 500 * time.Millisecond}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			_, err := plugin.Load(writePlugin(t, "bomb", c.src), opts)
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
			// parse under LoadDeadline, then run under Deadline, each plus slack
			if took > opts.LoadDeadline+opts.Deadline+200*time.Millisecond {
				t.Errorf("load took %v", took)
			}
		})
	}
}
