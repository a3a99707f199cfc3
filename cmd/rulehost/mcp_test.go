//go:build !rulehost_light

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// builtBinary builds rulehost once for the tests that run it as a
// desktop client would.
func builtBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "rulehost-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "rulehost")
		goBin, err := exec.LookPath("go")
		if err != nil {
			goBin = "/usr/local/go/bin/go"
		}
		out, err := exec.Command(goBin, "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

const gravePartyDir = "../../rulesets/gravewatch/sheets"

// connect starts `rulehost mcp ARGS` and connects the Go SDK's client to it.
func connect(t *testing.T, opts *sdk.ClientOptions, args ...string) *sdk.ClientSession {
	t.Helper()
	cmd := exec.Command(builtBinary(t), append([]string{"mcp"}, args...)...)
	cmd.Stderr = os.Stderr
	client := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, opts)
	cs, err := client.Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func callTool(t *testing.T, cs *sdk.ClientSession, name string, args any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func resultText(r *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range r.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// TestMCPClientOverStdio: the Go SDK's client, over stdio against the
// built binary, lists tools whose schemas name the party and the
// ruleset's skills, gets from each call exactly the record the tag gets
// in a GM reply on the same seed (refusals with their reason), gets a
// malformed call back as a tool error naming the argument, reads the
// inventory resource and is told when a call changes it, and reads both
// GM prompts.
func TestMCPClientOverStdio(t *testing.T) {
	updated := make(chan string, 16)
	cs := connect(t, &sdk.ClientOptions{ResourceUpdatedHandler: func(_ context.Context, r *sdk.ResourceUpdatedNotificationRequest) {
		updated <- r.Params.URI
	}}, "-r", grave, "--party", gravePartyDir, "--seed", "7")
	ctx := context.Background()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var check *sdk.Tool
	for _, tl := range tools.Tools {
		if tl.Name == "skill_check" {
			check = tl
		}
	}
	if check == nil {
		t.Fatalf("no skill_check among %d tools", len(tools.Tools))
	}
	schema, _ := json.Marshal(check.InputSchema)
	for _, want := range []string{`"Bram the Quiet"`, `"Maud Hollin"`, `"ward"`, `"steel"`} {
		if !strings.Contains(string(schema), want) {
			t.Errorf("skill_check schema lacks %s: %s", want, schema)
		}
	}

	if err := cs.Subscribe(ctx, &sdk.SubscribeParams{URI: "rulehost://session/inventory"}); err != nil {
		t.Fatal(err)
	}
	rs, err := ruleset.LoadFile(grave, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := session.LoadParty(gravePartyDir, rs)
	if err != nil {
		t.Fatal(err)
	}
	ref := session.New(rs, sheets, 7)
	steps := []struct {
		tool string
		args map[string]any
		tag  string
	}{
		{"skill_check", map[string]any{"skill": "Ward", "who": "Bram the Quiet", "dc": 2}, `[skill_check: skill="Ward" who="Bram the Quiet" dc="2"]`},
		{"skill_check", map[string]any{"skill": "Juggling"}, `[skill_check: skill="Juggling"]`},
		{"inventory_add", map[string]any{"who": "Maud Hollin", "item": "Dawn bell"}, `[inventory: action="add" who="Maud Hollin" item="Dawn bell"]`},
		{"roll_dice", map[string]any{"dice": "2d6+1"}, `[roll_dice: dice="2d6+1"]`},
	}
	for _, s := range steps {
		want, err := ref.Append(session.GMReply, s.tag)
		if err != nil {
			t.Fatal(err)
		}
		res := callTool(t, cs, s.tool, s.args)
		if got := resultText(res); got != want.Records[0].String() {
			t.Errorf("%s: %s\nthe tag gives %s", s.tool, got, want.Records[0])
		}
		sc, _ := json.Marshal(res.StructuredContent)
		if want.Records[0].Name == "refused" {
			if !res.IsError || !strings.Contains(string(sc), `"reason":"`+want.Records[0].Value("reason")+`"`) {
				t.Errorf("%s: a refusal without isError and its reason: %s", s.tool, sc)
			}
		} else if res.IsError || !strings.Contains(string(sc), `"record":`) {
			t.Errorf("%s: %s", s.tool, sc)
		}
	}
	select {
	case uri := <-updated:
		if uri != "rulehost://session/inventory" {
			t.Errorf("updated %s", uri)
		}
	case <-time.After(30 * time.Second):
		t.Error("no notification after inventory_add")
	}
	inv, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "rulehost://session/inventory"})
	if err != nil {
		t.Fatal(err)
	}
	if got := inv.Contents[0].Text; got != ref.State().Party.Block() || !strings.Contains(got, "Dawn bell") {
		t.Errorf("inventory resource:\n%s\nwant\n%s", got, ref.State().Party.Block())
	}

	bad := callTool(t, cs, "skill_check", map[string]any{"skill": []int{1}, "who": "Bram the Quiet"})
	if !bad.IsError || !strings.Contains(resultText(bad), `argument "skill"`) {
		t.Errorf("a malformed call: %+v %s", bad, resultText(bad))
	}
	// and the malformed call changed nothing: the next call rolls as the
	// next tag does
	want, _ := ref.Append(session.GMReply, `[roll_dice: dice="1d20"]`)
	if got := resultText(callTool(t, cs, "roll_dice", map[string]any{"dice": "1d20"})); got != want.Records[0].String() {
		t.Errorf("after a malformed call: %s, want %s", got, want.Records[0])
	}

	for _, name := range []string{"gm", "gm_tools"} {
		p, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: name, Arguments: map[string]string{"sections": "rules"}})
		if err != nil {
			t.Fatal(err)
		}
		text := p.Messages[0].Content.(*sdk.TextContent).Text
		if name == "gm" && !strings.Contains(text, "[skill_check:") {
			t.Errorf("gm prompt teaches no tag: %s", text)
		}
		if name == "gm_tools" && (strings.Contains(text, "[skill_check:") || !strings.Contains(text, `skill_check {"`)) {
			t.Errorf("gm_tools prompt still teaches tags: %s", text)
		}
	}
}

// TestMCPDeepMessageOverStdio: a message nested 1,500 levels deep, which
// the SDK's own reader answers by ending the session, gets a JSON-RPC
// error with its id, and so does a line that is not JSON; the session
// goes on and answers the next request. A message nested exactly 1,000
// levels reaches the server.
func TestMCPDeepMessageOverStdio(t *testing.T) {
	cmd := exec.Command(builtBinary(t), "mcp", "-r", grave, "--party", gravePartyDir)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer in.Close()
	r := bufio.NewReaderSize(out, 1<<20)
	send := func(s string) { io.WriteString(in, s+"\n") }
	read := func() string {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("the session ended: %v", err)
		}
		return line
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	read()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"roll_dice","arguments":{"dice":` + nest(1500) + `}}}`)
	if got := read(); !strings.Contains(got, `"id":2,"error"`) || !strings.Contains(got, "nested 1503 levels deep; at most 1000") {
		t.Errorf("deep message: %s", got)
	}
	send(`{"jsonrpc":"2.0","id":3,"method":`)
	if got := read(); !strings.Contains(got, `"code":-32700`) {
		t.Errorf("a line that is not JSON: %s", got)
	}
	send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"roll_dice","arguments":{"dice":` + nest(997) + `}}}`)
	if got := read(); !strings.Contains(got, `"id":4`) || strings.Contains(got, "at most 1000") {
		t.Errorf("a message nested 1,000 deep did not reach the server: %.300s", got)
	}
	send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"roll_dice","arguments":{"dice":"1d6"}}}`)
	if got := read(); !strings.Contains(got, `"id":5,"result"`) || !strings.Contains(got, `[roll: `) {
		t.Errorf("after the deep message: %s", got)
	}
}

// TestMCPSessionAppends: with --session, each call is appended to the
// log as a GM reply holding its tag, and the session folds as if the GM
// had written it.
func TestMCPSessionAppends(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	tr := filepath.Join(t.TempDir(), "t.txt")
	os.WriteFile(tr, []byte("--- gm\nThe watch begins.\n"), 0o644)
	if code, _, stderr := runCLI("run", "--session", dir, "--ruleset", grave, "--party", gravePartyDir, tr); code != 0 {
		t.Fatal(stderr)
	}
	cs := connect(t, nil, "--session", dir)
	got := resultText(callTool(t, cs, "inventory_add", map[string]any{"item": "Dawn bell", "who": "Maud"}))
	cs.Close()
	events, _, err := session.ReadLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	last := events[len(events)-1]
	if last.Kind != "gm" || last.Text != `[inventory: action="add" item="Dawn bell" who="Maud"]` {
		t.Errorf("appended %+v", last)
	}
	code, stdout, _ := runCLI("session", "show", dir)
	if code != 0 || !strings.Contains(stdout, "Dawn bell") || !strings.Contains(got, `[inventory: action="add"`) {
		t.Errorf("session show after the call (%s):\n%s", got, stdout)
	}
}

// TestToolsCommand: rulehost tools prints the same tools in each
// provider's shape, and refuses a shape it does not know as a misuse.
func TestToolsCommand(t *testing.T) {
	keys := map[string]string{"openai": "parameters", "anthropic": "input_schema", "mcp": "inputSchema"}
	var names []string
	for _, format := range []string{"mcp", "openai", "anthropic"} {
		code, stdout, stderr := runCLI("tools", "--format", format, "-r", grave, "--party", gravePartyDir, "--plugins", plugins)
		if code != 0 {
			t.Fatalf("%s: %s", format, stderr)
		}
		var defs []map[string]any
		if err := json.Unmarshal([]byte(stdout), &defs); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		var got []string
		for _, d := range defs {
			if format == "openai" {
				d = d["function"].(map[string]any)
			}
			if _, ok := d[keys[format]].(map[string]any); !ok {
				t.Fatalf("%s: no %s in %v", format, keys[format], d)
			}
			got = append(got, d["name"].(string))
		}
		if names == nil {
			names = got
		} else if strings.Join(got, ",") != strings.Join(names, ",") {
			t.Errorf("%s lists %v, mcp %v", format, got, names)
		}
	}
	if !strings.Contains(strings.Join(names, ","), "opposed_check") || !strings.Contains(strings.Join(names, ","), "inventory_buy") {
		t.Errorf("tools: %v", names)
	}
	if code, _, _ := runCLI("tools", "--format", "gemini", "-r", grave, "--party", gravePartyDir); code != 2 {
		t.Errorf("an unknown format exits %d", code)
	}
}

// BenchmarkMCPStdio: one tool call (a skill_check) over stdio against the
// built binary, as a desktop client makes it: wall time per call, and the
// server process's CPU time per call (user+system, read when it exits) as
// calls per CPU-second.
func BenchmarkMCPStdio(b *testing.B) {
	t := &testing.T{}
	bin := builtBinary(t)
	cmd := exec.Command(bin, "mcp", "-r", grave, "--party", gravePartyDir)
	client := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
	cs, err := client.Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		b.Fatal(err)
	}
	args := map[string]any{"skill": "Ward", "dc": 2, "who": "Bram the Quiet"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "skill_check", Arguments: args})
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
	b.StopTimer()
	cs.Close()
	cmd.Wait()
	if st := cmd.ProcessState; st != nil {
		cpu := st.UserTime() + st.SystemTime()
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "calls/cpu-s(server,incl.startup)")
	}
}

// TestMCPPromptAsRulehostPrompt: the gm prompt over MCP, through a
// formatter and cut to a size, is what rulehost prompt prints for the
// same ruleset, party, format and size.
func TestMCPPromptAsRulehostPrompt(t *testing.T) {
	cs := connect(t, nil, "-r", grave, "--party", gravePartyDir, "--plugins", plugins, "--plugin-deadline", "30s")
	for _, c := range []struct{ format, max string }{{"", ""}, {"terse", "3000"}, {"xml", "2500"}, {"narrative", ""}} {
		args := map[string]string{"max_chars": c.max, "format": c.format}
		p, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: "gm", Arguments: args})
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		cli := []string{"prompt", "--ruleset", grave, "--party", gravePartyDir, "--plugins", plugins}
		if c.format != "" {
			cli = append(cli, "--format", c.format)
		}
		if c.max != "" {
			cli = append(cli, "--max-chars", c.max)
		}
		code, want, stderr := runCLI(cli...)
		if code != 0 {
			t.Fatal(stderr)
		}
		if got := p.Messages[0].Content.(*sdk.TextContent).Text; got+"\n" != want {
			t.Errorf("%v: the MCP prompt differs from rulehost prompt:\n%s\n---\n%s", c, got, want)
		}
	}
}
