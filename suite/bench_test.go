//go:build unix

package suite_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/rulehost/rulehost/suite"
)

// cpuTime is the process's user and system time so far: on a shared
// machine the wall time measures the other processes as much as this one.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// tenThousandChecks writes a suite of n check cases (one seed each, each
// with its golden recorded): the bundled suite's check templates over the
// bundled rulesets and plugins, on different seeds.
func tenThousandChecks(b *testing.B, n int) string { return checkSuite(b, n, true) }

// checkSuite writes n check cases compared with goldens, or (golden
// false) with properties every record has (no file read per case).
func checkSuite(b *testing.B, n int, golden bool) string {
	b.Helper()
	var bundled struct {
		Checks []map[string]any `json:"checks"`
	}
	data, err := os.ReadFile("../testdata/suites/bundled/suite.json")
	if err != nil {
		b.Fatal(err)
	}
	if err := json.Unmarshal(data, &bundled); err != nil {
		b.Fatal(err)
	}
	var templates []map[string]any
	for _, c := range bundled.Checks {
		if _, props := c["expect"]; props {
			continue
		}
		if rs, _ := c["ruleset"].(string); filepath.Ext(rs) == ".json" {
			continue // a glob over ruleset files
		}
		templates = append(templates, c)
	}
	dir := b.TempDir()
	abs := func(rel string) string { return repo(b, filepath.Join("testdata/suites/bundled", rel)) }
	checks := make([]map[string]any, n)
	for i := range checks {
		t := templates[i%len(templates)]
		var sheets []string
		for _, s := range t["sheets"].([]any) {
			sheets = append(sheets, abs(s.(string)))
		}
		checks[i] = map[string]any{
			"name": fmt.Sprintf("c%05d", i), "ruleset": t["ruleset"], "sheets": sheets, "tag": t["tag"],
			"seeds": []int{1000 + i}, "golden": fmt.Sprintf("goldens/c%05d.golden", i),
		}
		if !golden {
			delete(checks[i], "golden")
			checks[i]["expect"] = map[string]any{"present": []string{"who"}}
		}
	}
	out, _ := json.Marshal(map[string]any{
		"name": "bench", "plugins": []string{repo(b, "plugins") + "/*"}, "rulesets": []string{repo(b, "rulesets") + "/*/ruleset.json"},
		"checks": checks,
	})
	writeFile(b, filepath.Join(dir, "suite.json"), string(out))
	results := suite.Run([]*suite.Suite{load(b, dir)}, suite.Options{Update: true, Plugin: generous})
	if f := failed(results); len(f) > 0 || checkCount(results) != n {
		b.Fatalf("%d results, failed %v", len(results), f)
	}
	return dir
}

// runTimed runs the suite once and returns its wall and CPU time.
func runTimed(b *testing.B, dir string, jobs, n int) (wall, cpu time.Duration) {
	start, cpu0 := time.Now(), cpuTime()
	s := load(b, dir)
	results := suite.Run([]*suite.Suite{s}, suite.Options{Jobs: jobs, Plugin: generous})
	wall, cpu = time.Since(start), cpuTime()-cpu0
	if checkCount(results) != n || len(failed(results)) > 0 {
		b.Fatalf("%d check results, %d failed", checkCount(results), len(failed(results)))
	}
	return wall, cpu
}

// BenchmarkTenThousandChecks runs 10,000 check cases against their
// goldens with 1 and with 2 jobs (the bound: at most 10 s on 2
// cores). Each iteration is the whole suite: loading suite.json, the
// plugins and the rulesets, every case, every golden read and compared.
// Wall time on a shared machine measures the other processes too, so the
// CPU time (user and system) is reported beside it.
func BenchmarkTenThousandChecks(b *testing.B) {
	const n = 10_000
	dir := tenThousandChecks(b, n)
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			var wall, cpu time.Duration
			for i := 0; i < b.N; i++ {
				w, c := runTimed(b, dir, jobs, n)
				wall, cpu = wall+w, cpu+c
			}
			b.ReportMetric(wall.Seconds()/float64(b.N), "wall-s/10k-cases")
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/10k-cases")
		})
	}
}

// BenchmarkTenThousandPropertyChecks is BenchmarkTenThousandChecks with
// properties instead of goldens: the engine and the runner without a file
// read per case.
func BenchmarkTenThousandPropertyChecks(b *testing.B) {
	const n = 10_000
	dir := checkSuite(b, n, false)
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			var wall, cpu time.Duration
			for i := 0; i < b.N; i++ {
				w, c := runTimed(b, dir, jobs, n)
				wall, cpu = wall+w, cpu+c
			}
			b.ReportMetric(wall.Seconds()/float64(b.N), "wall-s/10k-cases")
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/10k-cases")
		})
	}
}

// BenchmarkTenThousandChecksSpeedup alternates 1 and 2 jobs over the same
// 10,000 cases and reports the speedup of their best runs (alternating,
// so both see the same machine load, and the best runs, so a burst of
// other work does not decide it).
func BenchmarkTenThousandChecksSpeedup(b *testing.B) {
	const n = 10_000
	dir := tenThousandChecks(b, n)
	best := map[int]time.Duration{}
	for i := 0; i < b.N; i++ {
		for _, jobs := range []int{1, 2} {
			w, _ := runTimed(b, dir, jobs, n)
			if best[jobs] == 0 || w < best[jobs] {
				best[jobs] = w
			}
		}
	}
	b.ReportMetric(best[1].Seconds(), "best-s-jobs1")
	b.ReportMetric(best[2].Seconds(), "best-s-jobs2")
	b.ReportMetric(best[1].Seconds()/best[2].Seconds(), "speedup")
}

func checkCount(results []*suite.Result) int {
	n := 0
	for _, r := range results {
		if r.Kind == suite.KindCheck {
			n++
		}
	}
	return n
}
