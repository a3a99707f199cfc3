// Command cli measures what a one-shot rulehost command costs as a whole
// process, against a hello-world Go program built by the same toolchain
// with the same settings (`make bench-cli`, docs/performance.md).
//
// It runs the binaries `make build` ships (-bin: bin/rulehost, the light
// build, with bin/rulehost-server beside it; without -bin it builds both
// as make build does) and hello, in interleaved rounds (hello, check,
// validate, --version and the full binary's check, the order rotating
// from round to round, so load on a shared machine falls on every side
// alike) and reads each child's CPU time (user + system) from its
// rusage. It prints the median CPU time and minor page faults of each
// command and the median of the per-round ratios to hello.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

const helloSource = `package main

import "fmt"

func main() { fmt.Println("hello, world") }
`

func main() {
	root := flag.String("root", ".", "the repository's root")
	rounds := flag.Int("rounds", 20, "interleaved rounds (each runs every command once)")
	goBin := flag.String("go", "go", "the go command building both binaries")
	tags := flag.String("tags", "urfave_cli_no_docs", "build tags of rulehost (the Makefile's BUILD_TAGS; the light build adds rulehost_light)")
	bin := flag.String("bin", "", "the light rulehost binary as make build made it, rulehost-server beside it (empty: build both here)")
	cgo := flag.String("cgo", "0", "CGO_ENABLED for both builds (1: as rulehost was built before issue 31)")
	flag.Parse()
	cgoEnabled = *cgo
	if err := run(*root, *goBin, *tags, *bin, *rounds); err != nil {
		fmt.Fprintln(os.Stderr, "bench-cli:", err)
		os.Exit(1)
	}
}

type command struct {
	name string
	args []string
	goal float64 // ratio to hello the issue asks for; 0 for hello itself
	cpu  []time.Duration
	// faults are the child's minor page faults (rusage minflt): on a VM
	// each costs tens of microseconds, and CPU time follows their count.
	faults []int64
}

func run(root, goBin, tags, bin string, rounds int) error {
	root, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "bench-cli")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	hello := filepath.Join(dir, "hello")
	if err := build(goBin, dir, helloSource, hello, "", ""); err != nil {
		return err
	}
	floor := filepath.Join(dir, "floor")
	if err := build(goBin, root, "", floor, tags, "./bench/cli/floor"); err != nil {
		return err
	}
	rh, server, err := binaries(root, goBin, tags, bin, dir)
	if err != nil {
		return err
	}
	rs := filepath.Join(root, "rulesets", "d20-5e")
	check := []string{"check", "--ruleset", filepath.Join(rs, "ruleset.json"),
		"--sheet", filepath.Join(rs, "sheets", "ada.json"), "--seed", "7", `[skill_check: skill="Athletics" dc="15" mode="advantage"]`}
	cmds := []*command{
		{name: "hello world", args: []string{hello}},
		{name: "rulehost check", goal: 1.5, args: append([]string{rh}, check...)},
		{name: "rulehost validate", goal: 2, args: []string{rh, "validate", filepath.Join(rs, "ruleset.json")}},
		{name: "rulehost --version", args: []string{rh, "--version"}},
		// urfave/cli, go-hclog and gopher-lua alone (bench/cli/floor):
		// what every command links by the design, before rulehost's own.
		{name: "cli+hclog+lua floor", args: []string{floor}},
		// The full binary (every command in process), for comparison.
		{name: "rulehost-server check", args: append([]string{server}, check...)},
	}
	for _, c := range cmds { // one warm-up run each: page cache, not counted
		if _, _, err := c.once(); err != nil {
			return err
		}
	}
	ratios := make([][]float64, len(cmds))
	for r := 0; r < rounds; r++ {
		got := make([]time.Duration, len(cmds))
		for k := range cmds {
			i := (k + r) % len(cmds)
			d, flt, err := cmds[i].once()
			if err != nil {
				return err
			}
			cmds[i].faults = append(cmds[i].faults, flt)
			got[i] = d
			cmds[i].cpu = append(cmds[i].cpu, d)
		}
		for i := range cmds {
			ratios[i] = append(ratios[i], float64(got[i])/float64(got[0]))
		}
	}
	out, _ := exec.Command("uptime").Output()
	fmt.Printf("%d interleaved rounds; child CPU time (user+system, rusage); %s", rounds, out)
	fmt.Printf("%-22s %12s %12s %12s %8s %8s\n", "command", "median cpu", "min", "max", "faults", "ratio")
	for i, c := range cmds {
		fmt.Printf("%-22s %12s %12s %12s %8d %7.2fx", c.name, median(c.cpu).Round(10*time.Microsecond),
			slices.Min(c.cpu).Round(10*time.Microsecond), slices.Max(c.cpu).Round(10*time.Microsecond), median(c.faults), medianF(ratios[i]))
		if c.goal > 0 {
			verdict := "met"
			if medianF(ratios[i]) > c.goal {
				verdict = "NOT met"
			}
			fmt.Printf("   goal <= %.1fx: %s", c.goal, verdict)
		}
		fmt.Println()
	}
	return nil
}

// binaries are the light rulehost and rulehost-server: bin and the server
// beside it, or both built under dir as make build builds them.
func binaries(root, goBin, tags, bin, dir string) (light, server string, err error) {
	if bin != "" {
		light, err = filepath.Abs(bin)
		if err != nil {
			return "", "", err
		}
		server = filepath.Join(filepath.Dir(light), "rulehost-server")
		for _, f := range []string{light, server} {
			if _, err := os.Stat(f); err != nil {
				return "", "", fmt.Errorf("-bin: %v (make build makes both)", err)
			}
		}
		return light, server, nil
	}
	light, server = filepath.Join(dir, "rulehost"), filepath.Join(dir, "rulehost-server")
	if err := build(goBin, root, "", light, strings.TrimSpace(tags+" rulehost_light"), "./cmd/rulehost"); err != nil {
		return "", "", err
	}
	return light, server, build(goBin, root, "", server, tags, "./cmd/rulehost")
}

// cgoEnabled is CGO_ENABLED for both builds (-cgo).
var cgoEnabled = "0"

// build compiles src (a one-file program, when not "") or pkg under dir
// with cgo off (by default), as the Makefile builds rulehost.
func build(goBin, dir, src, out, tags, pkg string) error {
	args := []string{"build", "-o", out}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	if src != "" {
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module hello\n\ngo 1.26\n"), 0o644); err != nil {
			return err
		}
		pkg = "."
	}
	cmd := exec.Command(goBin, append(args, pkg)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED="+cgoEnabled)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
	}
	return nil
}

// once runs the command and returns the child's CPU time and minor
// page faults.
func (c *command) once() (time.Duration, int64, error) {
	cmd := exec.Command(c.args[0], c.args[1:]...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("%s: %v\n%s", c.name, err, out.Bytes())
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, 0, fmt.Errorf("%s: no rusage on this system", c.name)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), ru.Minflt, nil
}

func median[T time.Duration | int64](d []T) T {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func medianF(f []float64) float64 {
	s := slices.Clone(f)
	slices.Sort(s)
	return s[len(s)/2]
}
