package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/internal/loadslack"
)

// The hard bound (issue 9): whatever a plugin does in one call or one
// load, the process's peak RSS stays within 256 MiB above its baseline and
// the call ends within its deadline plus 100 ms. Each case runs in a child
// process (this test binary, re-executed), so its peak RSS (VmHWM) is its
// own and not the test runner's; the child reports the peak, the RSS
// before the call and the call's wall time.

const (
	boundRSS   = 256 << 20
	boundSlack = 100 * time.Millisecond
	// the plugin host's default, times raceSlow under -race (the race
	// runtime slows the parser several times over; what is bounded is
	// that a hostile plugin ends at its deadline, whatever it is)
	boundDeadline = 250 * time.Millisecond * raceSlow
	boundMemory   = 32 << 20 // the plugin host's default
	childEnv      = "RULEHOST_BOUND_CASE"
)

// boundCase is one hostile plugin: body runs as a call (or, with load, as
// plugin.lua itself, compiled and run as a load); want are the acceptable
// outcomes (nil error: success).
type boundCase struct {
	name string
	body string
	load bool
	want []error
}

func boundCases() []boundCase {
	bomb := func(op string) string {
		// a 1 MiB chunk of one long operator chain
		return "return a" + strings.Repeat(op+"a", (1<<20-10)/(len(op)+1))
	}
	return []boundCase{
		// one instruction that used to allocate without bound
		{name: "sparse key 2^24", body: `local t = {} t[16777216] = true return t[16777216]`},
		{name: "sparse key 2^26-1", body: `local t = {} t[67108863] = true t[33554432] = 1 return #t`},
		{name: "many sparse tables", body: `for i = 1, 1e6 do local t = {} t[16777216 - i] = i end`, want: []error{nil, ErrTimeout}},
		{name: "concat of 96 x 1 MiB", body: `local a = string.rep("x", 2^20) return ` + strings.TrimSuffix(strings.Repeat("a..", 96), ".."), want: []error{ErrMemory}},
		{name: "concat to 8 MiB", body: `local a = string.rep("x", 2^20) return a..a..a..a..a..a..a..a`, want: []error{ErrMemory}},
		{name: "concat doubling", body: `local s = "x" while true do s = s .. s end`, want: []error{ErrMemory}},
		{name: "concat doubling in pcall", body: `local s = "x" while true do pcall(function() s = s .. s end) end`, want: []error{ErrMemory}},
		// many allocations, each bounded: the watcher stops them
		{name: "many 1 MiB strings", body: `local t = {} local a = string.rep("x", 2^20 - 16) for i = 1, 1e6 do t[i] = a .. i end`, want: []error{ErrMemory, ErrTimeout}},
		{name: "array growth", body: `local t = {} for i = 1, 1e9 do t[i] = i end`, want: []error{ErrMemory, ErrTimeout}},
		{name: "hash growth", body: `local t = {} for i = 1, 1e9 do t[i * 7 + 0.5] = i end`, want: []error{ErrMemory, ErrTimeout}},
		{name: "tables of tables", body: `local t = {} for i = 1, 1e9 do t[i] = {{}, {}, {}} end`, want: []error{ErrMemory, ErrTimeout}},
		{name: "recursion through pcall", body: `local function f() pcall(f) f() end f()`, want: []error{ErrTimeout, ErrDepth}},
		{name: "loop inside pcall", body: `while true do pcall(function() while true do end end) end`, want: []error{ErrTimeout}},
		{name: "sort a long list", body: `local t = {} for i = 1, 3e5 do t[i] = -i end for r = 1, 100 do table.sort(t) table.sort(t, function(a, b) return a > b end) end`, want: []error{ErrTimeout}},
		{name: "huge error", body: `error(string.rep("x", 2^20) .. "")`, want: []error{ErrRuntime}},
		// load-time attacks: plugin.lua itself
		{name: "parse bomb a^a^a", body: bomb("^"), load: true, want: []error{ErrSyntax}},
		{name: "parse bomb a..a..a", body: bomb(".."), load: true, want: []error{ErrSyntax}},
		{name: "parse bomb a+a+a", body: bomb("+"), load: true, want: []error{ErrSyntax, ErrMemory, ErrTimeout}},
		{name: "parse bomb nested tables", body: "return " + strings.Repeat("{", 1<<19) + strings.Repeat("}", 1<<19), load: true, want: []error{ErrSyntax}},
		{name: "parse bomb nested parens", body: "return " + strings.Repeat("(", 1<<19) + "1" + strings.Repeat(")", 1<<19), load: true, want: []error{ErrSyntax}},
		{name: "load-time allocation", body: `local t = {} for i = 1, 1e9 do t[i] = {} end`, load: true, want: []error{ErrMemory, ErrTimeout}},
		{name: "load-time sparse key", body: `local t = {} t[67108863] = true return {}`, load: true},
	}
}

// boundResult is what a child reports.
type boundResult struct {
	Err      string  `json:"err"`
	Kind     string  `json:"kind"`
	Baseline int64   `json:"baseline"` // VmRSS before the call, bytes
	Peak     int64   `json:"peak"`     // VmHWM after the call, bytes
	Seconds  float64 `json:"seconds"`  // the call's wall time (a load: its longer phase)
}

func TestHardBound(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("in a child")
	}
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/status")
	}
	slack := timeSlack(t)
	for _, c := range boundCases() {
		t.Run(c.name, func(t *testing.T) {
			var r boundResult
			// Retries for the time bound only: the machine running the
			// tests is shared, and a child can lose its CPU for a while
			// (which also turns a case that should end in a syntax error
			// into a timeout: parsing under -race at a load of 12 per CPU
			// outlasted the deadline).
			timeoutWanted := false
			for _, w := range c.want {
				timeoutWanted = timeoutWanted || w == ErrTimeout
			}
			for attempt := 0; attempt < 3; attempt++ {
				r = runBoundChild(t, c.name)
				lateTimeout := r.Kind == ErrTimeout.Error() && !timeoutWanted
				if r.Seconds <= (boundDeadline+slack).Seconds() && !lateTimeout {
					break
				}
			}
			grew := r.Peak - r.Baseline
			t.Logf("peak RSS %d MiB above a baseline of %d MiB, %.0f ms: %s", grew>>20, r.Baseline>>20, r.Seconds*1000, r.Err)
			if grew > boundRSS {
				t.Errorf("peak RSS grew by %d MiB; the bound is %d MiB", grew>>20, boundRSS>>20)
			}
			if r.Seconds > (boundDeadline + slack).Seconds() {
				t.Errorf("took %.0f ms; the bound is the deadline plus %v", r.Seconds*1000, slack)
			}
			ok := false
			for _, w := range wantOrSuccess(c.want) {
				if (w == nil && r.Err == "") || (w != nil && r.Kind == w.Error()) {
					ok = true
				}
			}
			if !ok {
				t.Errorf("outcome %q (%s), want one of %v", r.Kind, r.Err, c.want)
			}
			if len(r.Err) > 3*MaxNoteLen {
				t.Errorf("error of %d bytes", len(r.Err))
			}
		})
	}
}

// timeSlack is boundSlack, stretched on a machine so loaded that a
// process waits for a CPU longer than that (see internal/loadslack): wall
// time then measures the queue, not the sandbox. The stretch is logged;
// the bound itself is what the test states.
func timeSlack(t *testing.T) time.Duration {
	return loadslack.Slack(t, boundSlack)
}

func wantOrSuccess(w []error) []error {
	if w == nil {
		return []error{nil}
	}
	return w
}

func runBoundChild(t *testing.T, name string) boundResult {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHardBoundChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+name)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(line, "BOUND "); ok {
			var r boundResult
			if err := json.Unmarshal([]byte(rest), &r); err != nil {
				t.Fatal(err)
			}
			return r
		}
	}
	t.Fatalf("child printed no result:\n%s", out)
	return boundResult{}
}

// TestHardBoundChild runs one case in a child process (see TestHardBound).
func TestHardBoundChild(t *testing.T) {
	name := os.Getenv(childEnv)
	if name == "" {
		t.Skip("run by TestHardBound")
	}
	var c boundCase
	for _, x := range boundCases() {
		if x.name == name {
			c = x
		}
	}
	if c.name == "" {
		t.Fatalf("no case %q", name)
	}
	opts := Options{Name: "hostile", Deadline: boundDeadline, MaxMemory: boundMemory}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var prog *Program
	if !c.load {
		// compiling a call's body is setup, not the case: a loaded
		// machine under -race may take longer than 250 ms for it
		prog, err = CompileLimits("plugin.lua", "return function() "+c.body+" end", Options{Deadline: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	base := procStatus(t, "VmRSS")
	var cerr error
	var elapsed time.Duration
	if c.load {
		// a load is two phases, each under its own deadline: compiling
		// plugin.lua, then running it
		start := time.Now()
		p, err := CompileLimits("plugin.lua", c.body, opts)
		elapsed = time.Since(start)
		cerr = err
		if err == nil {
			start = time.Now()
			_, cerr = s.LoadProgram(p)
			elapsed = max(elapsed, time.Since(start))
		}
	} else {
		fn, err := s.LoadProgram(prog)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, cerr = s.Call(context.Background(), nil, fn)
		elapsed = time.Since(start)
	}
	r := boundResult{Baseline: base, Peak: procStatus(t, "VmHWM"), Seconds: elapsed.Seconds()}
	if cerr != nil {
		r.Err = cerr.Error()
		var se *Error
		if errors.As(cerr, &se) {
			r.Kind = se.Kind.Error()
		}
	}
	b, _ := json.Marshal(r)
	fmt.Printf("BOUND %s\n", b)
}

// procStatus reads a "kB" field of /proc/self/status, in bytes.
func procStatus(t *testing.T, field string) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n << 10
		}
	}
	t.Fatalf("no %s in /proc/self/status", field)
	return 0
}

// TestPrintBoundedPerCall (issue 27): one call printing 100,000 lines
// wrote 2.6-4 MB to stderr at info. print now writes at most
// MaxPrintLines lines a call, then one note that the rest were dropped;
// the next call prints again.
func TestPrintBoundedPerCall(t *testing.T) {
	var buf bytes.Buffer
	log := hclog.New(&hclog.LoggerOptions{Output: &buf, Level: hclog.Info})
	s, err := New(Options{Name: "chatty", Deadline: 10 * time.Second, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fn, err := s.Load("chatty.lua", `return function(n) for i = 1, n do print("line", i) end end`)
	if err != nil {
		t.Fatal(err)
	}
	for call := 1; call <= 2; call++ {
		buf.Reset()
		if _, err := s.Call(context.Background(), nil, fn, lua.LNumber(100000)); err != nil {
			t.Fatal(err)
		}
		lines := strings.Count(buf.String(), "\n")
		if lines != MaxPrintLines+1 {
			t.Errorf("call %d: %d log lines; want %d and one note", call, lines, MaxPrintLines+1)
		}
		if n := strings.Count(buf.String(), "the rest of this call's lines are dropped"); n != 1 {
			t.Errorf("call %d: the note %d times", call, n)
		}
		if buf.Len() > 64<<10 {
			t.Errorf("call %d: %d bytes logged", call, buf.Len())
		}
		t.Logf("call %d: %d bytes, %d lines logged for 100000 prints", call, buf.Len(), lines)
	}
}
