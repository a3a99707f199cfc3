package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// goCommand is the go tool that runs these tests.
func goCommand() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return "/usr/local/go/bin/go"
}

// serverOnly are the packages (or package prefixes, ending in "/") only
// the server commands use, and encoding/xml (suite's JUnit report once
// linked it and its initialisers into every command): the light build
// must link none of them.
var serverOnly = []string{
	"encoding/xml",
	"net", "net/http", "crypto/tls", "crypto/x509", "database/sql", "encoding/gob", "runtime/pprof",
	"github.com/rulehost/rulehost/service/", "github.com/rulehost/rulehost/mcp",
	"github.com/jackc/", "github.com/modelcontextprotocol/", "github.com/google/jsonschema-go/",
	"github.com/segmentio/", "github.com/prometheus/", "golang.org/x/oauth2",
	"github.com/schollz/progressbar/",
}

func isServerOnly(pkg string) bool {
	for _, s := range serverOnly {
		if pkg == s || strings.HasSuffix(s, "/") && strings.HasPrefix(pkg, s) {
			return true
		}
	}
	return false
}

// TestLightBuildLinksNoServerLibraries: `go list -deps` of the light build
// holds none of the server's libraries, while the full build (the check
// that the listing sees them at all) holds net/http, pgx and the MCP SDK.
func TestLightBuildLinksNoServerLibraries(t *testing.T) {
	deps := func(tags string) []string {
		out, err := exec.Command(goCommand(), "list", "-deps", "-tags", tags, ".").Output()
		if err != nil {
			t.Fatalf("go list -tags %q: %v", tags, err)
		}
		return strings.Fields(string(out))
	}
	for _, pkg := range deps("urfave_cli_no_docs rulehost_light") {
		if isServerOnly(pkg) {
			t.Errorf("the light build links %s", pkg)
		}
	}
	light := strings.Join(deps("urfave_cli_no_docs rulehost_light"), "\n") + "\n"
	for _, want := range []string{"internal/mainstack"} {
		if !strings.Contains(light, "github.com/rulehost/rulehost/"+want+"\n") {
			t.Errorf("the light build does not link %s", want)
		}
	}
	full := strings.Join(deps("urfave_cli_no_docs"), "\n") + "\n"
	for _, want := range []string{"net/http\n", "github.com/jackc/pgx/v5\n", "github.com/modelcontextprotocol/go-sdk/mcp\n"} {
		if !strings.Contains(full, want) {
			t.Errorf("the full build does not link %s", strings.TrimSpace(want))
		}
	}
	if strings.Contains(full, "github.com/rulehost/rulehost/internal/mainstack\n") {
		t.Errorf("the full build (the long-running server) links the light binary's start")
	}
}

var (
	lightOnce           sync.Once
	lightErr            error
	lightDir            string
	lightBin, serverBin string
)

// removeLightBinaries removes what lightBinaries built (TestMain, after
// every test).
func removeLightBinaries() {
	if lightDir != "" {
		os.RemoveAll(lightDir)
	}
}

// lightBinaries builds the light rulehost and rulehost-server beside it,
// as make build does, once for every test here.
func lightBinaries(t *testing.T) (light, server string) {
	t.Helper()
	lightOnce.Do(func() {
		var err error
		if lightDir, err = os.MkdirTemp("", "rulehost-light"); err != nil {
			lightErr = err
			return
		}
		lightBin, serverBin = filepath.Join(lightDir, "rulehost"), filepath.Join(lightDir, serverBinary)
		for out, tags := range map[string]string{lightBin: "urfave_cli_no_docs rulehost_light", serverBin: "urfave_cli_no_docs"} {
			cmd := exec.Command(goCommand(), "build", "-tags", tags, "-o", out, ".")
			cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
			if b, err := cmd.CombinedOutput(); err != nil {
				lightErr = fmt.Errorf("go build -tags %q: %v\n%s", tags, err, b)
				return
			}
		}
	})
	if lightErr != nil {
		t.Fatal(lightErr)
	}
	return lightBin, serverBin
}

// runBin runs a binary with an environment whose PATH holds no
// rulehost-server (unless path says where), returning its exit status.
func runBin(t *testing.T, path, bin string, stdin io.Reader, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "PATH="+path)
	var out, errb bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// TestLightBinaryHandsServerCommandsOver: the light binary lists the
// same commands as the full one, answers a one-shot check itself with
// the same record, and execs rulehost-server for serve (whose real help
// and exit status come back), help serve and mcp over stdio.
func TestLightBinaryHandsServerCommandsOver(t *testing.T) {
	light, server := lightBinaries(t)
	noPath := t.TempDir()

	_, lh, _ := runBin(t, noPath, light, nil, "--help")
	_, sh, _ := runBin(t, noPath, server, nil, "--help")
	if lh != sh || !strings.Contains(lh, "serve ") || !strings.Contains(lh, "tools ") {
		t.Errorf("--help differs:\nlight:\n%s\nfull:\n%s", lh, sh)
	}

	check := []string{"check", "--ruleset", fiveE, "--sheet", ada, "--seed", "7", athletic}
	c1, o1, e1 := runBin(t, noPath, light, nil, check...)
	c2, o2, e2 := runBin(t, noPath, server, nil, check...)
	if c1 != 0 || c1 != c2 || o1 != o2 || e1 != e2 || !strings.Contains(o1, "[check: ") {
		t.Errorf("check: light exit %d %q %q, full exit %d %q %q", c1, o1, e1, c2, o2, e2)
	}

	// The server's help, flags and all (help serve lists the subcommand
	// keys instead, in both builds).
	for _, args := range [][]string{{"serve", "--help"}, {"help", "serve"}, {"--log-level", "off", "serve", "-h"}, {"serve", "keys", "--help"}} {
		code, out, errs := runBin(t, noPath, light, nil, args...)
		_, want, _ := runBin(t, noPath, server, nil, args...)
		if code != 0 || out != want || args[0] != "help" && !strings.Contains(out, "--") {
			t.Errorf("%v: exit %d, not the server's help:\n%s%s\nwant:\n%s", args, code, out, errs, want)
		}
	}
	// fish's static script comes from the server's command tree, flags
	// of the server commands included.
	_, fish, _ := runBin(t, noPath, light, nil, "completion", "fish")
	if _, want, _ := runBin(t, noPath, server, nil, "completion", "fish"); fish != want || !strings.Contains(fish, "postgres") {
		t.Errorf("completion fish differs from the server's (%d and %d bytes)", len(fish), len(want))
	}
	if _, out, _ := runBin(t, noPath, light, nil, "serve", "--help"); !strings.Contains(out, "--addr HOST:PORT") || !strings.Contains(out, "--postgres URL") {
		t.Errorf("serve --help lacks serve's flags:\n%s", out)
	}
	// The server's own misuse status (2) and message come back.
	code, _, errs := runBin(t, noPath, light, nil, "serve", "stray")
	if code != exitMisuse || !strings.Contains(errs, "serve takes no arguments") {
		t.Errorf("serve stray: exit %d %q, want the server's misuse (2)", code, errs)
	}

	// mcp: initialize and tools/list over the light binary's own stdio.
	cmd := exec.Command(light, "mcp", "-r", grave, "--party", "../../rulesets/gravewatch/sheets")
	cmd.Env = append(os.Environ(), "PATH="+noPath)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var mcpErr bytes.Buffer
	cmd.Stderr = &mcpErr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReaderSize(stdout, 1<<20)
	ask := func(msgs ...string) string {
		for _, m := range msgs {
			io.WriteString(stdin, m+"\n")
		}
		line, err := r.ReadString('\n')
		if err != nil {
			t.Errorf("mcp ended: %v\n%s", err, mcpErr.Bytes())
		}
		return line
	}
	if got := ask(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`); !strings.Contains(got, `"id":1,"result"`) {
		t.Errorf("initialize: %.300s", got)
	}
	if got := ask(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); !strings.Contains(got, `"id":2,"result"`) || !strings.Contains(got, `"name":"skill_check"`) {
		t.Errorf("tools/list: %.300s", got)
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("mcp after stdin closed: %v\n%s", err, mcpErr.Bytes())
	}
}

// TestLightBinaryWithoutServer: without rulehost-server beside it or on
// PATH, a server command says where it looked and how to build the
// server (exit 1); on PATH it is found; and a light build installed
// under the server's name is refused, not started again and again.
func TestLightBinaryWithoutServer(t *testing.T) {
	light, server := lightBinaries(t)
	alone := filepath.Join(t.TempDir(), "rulehost")
	copyFile(t, light, alone)
	noPath := t.TempDir()
	code, _, errs := runBin(t, noPath, alone, nil, "serve", "--help")
	if code != exitRefused || !strings.Contains(errs, filepath.Join(filepath.Dir(alone), serverBinary)) ||
		!strings.Contains(errs, "PATH") || !strings.Contains(errs, "make build") || !strings.Contains(errs, "go build -o") {
		t.Errorf("no server: exit %d\n%s", code, errs)
	}
	// Found on PATH.
	onPath := t.TempDir()
	copyFile(t, server, filepath.Join(onPath, serverBinary))
	if code, out, errs := runBin(t, onPath, alone, nil, "serve", "--help"); code != 0 || !strings.Contains(out, "--addr HOST:PORT") {
		t.Errorf("server on PATH: exit %d\n%s%s", code, out, errs)
	}
	// A light build under the server's name.
	dir := t.TempDir()
	copyFile(t, light, filepath.Join(dir, "rulehost"))
	copyFile(t, light, filepath.Join(dir, serverBinary))
	code, _, errs = runBin(t, noPath, filepath.Join(dir, "rulehost"), nil, "mcp")
	if code != exitRefused || !strings.Contains(errs, "is a light build itself") {
		t.Errorf("light build as the server: exit %d\n%s", code, errs)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o755); err != nil {
		t.Fatal(err)
	}
}
