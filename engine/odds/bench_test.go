package odds_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/odds"
)

// BenchmarkTypical times the exact odds of each bundled ruleset's typical
// check (the one its odds page shows), and of every other bundled case.
// The bound is 10 ms each; icepool 2.2.2's anchors on this
// machine are 0.3 ms (1d20+5 with advantage vs 15), 8.5 ms (a 10-die
// exploding cancelling pool) and 23 ms (Genesys 2 ability + 1 proficiency
// vs 2 difficulty).
func BenchmarkTypical(b *testing.B) {
	for _, bc := range bundledCases {
		b.Run(bc.name(), func(b *testing.B) {
			env, tg := bc.load(b)
			opts := odds.Options{Effects: env.Effects}
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				if _, err := odds.ForCharacter(env.RS, env.Char, tg, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the CPU time this process has used (user and system): on a
// machine shared with other work, wall time per op (ns/op) includes time
// the benchmark waited for a core, and cpu-ns/op does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
