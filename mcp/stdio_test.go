package mcp_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/mcp"
)

// FuzzScreen: whatever arrives on stdio, the screen never panics; every
// line it passes on is one JSON value nested at most MaxDepth deep and
// ends in a newline; every other non-blank line is answered with one
// JSON-RPC error.
func FuzzScreen(f *testing.F) {
	f.Add([]byte("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n"))
	f.Add([]byte("[[[[]]]]\n{\n\n  \n\"x\\\"[\"\n"))
	f.Add([]byte(strings.Repeat("[", 1001) + strings.Repeat("]", 1001) + "\n{\"id\":\"a\",\"x\":" + strings.Repeat("{\"a\":", 1001) + "1" + strings.Repeat("}", 1002)))
	f.Add([]byte("\xff\xfe{}\r\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		var pass, errs bytes.Buffer
		if err := mcp.Screen(bytes.NewReader(in), &pass, &errs); err != nil {
			t.Fatal(err)
		}
		passed := 0
		for _, line := range strings.SplitAfter(pass.String(), "\n") {
			if line == "" {
				continue
			}
			passed++
			if !strings.HasSuffix(line, "\n") || !json.Valid([]byte(line)) || mcp.Depth([]byte(line)) > mcp.MaxDepth {
				t.Fatalf("passed %q", line)
			}
		}
		answered := 0
		for _, line := range strings.SplitAfter(errs.String(), "\n") {
			if line == "" {
				continue
			}
			answered++
			var m struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Error   struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(line), &m); err != nil || m.JSONRPC != "2.0" || m.Error.Code == 0 || m.ID == nil {
				t.Fatalf("answered %q", line)
			}
		}
		lines := 0
		for _, line := range strings.Split(string(in), "\n") {
			if len(bytes.TrimSpace([]byte(line))) > 0 {
				lines++
			}
		}
		if passed+answered != lines {
			t.Fatalf("%d lines in, %d passed, %d answered", lines, passed, answered)
		}
	})
}

// TestDeepMessageKeepsSession: in process, the SDK's client and server
// over the screened stdio: a request nested 1,100 levels deep is answered
// with a JSON-RPC error bearing its id, and the session answers the next
// request. Without the screen the SDK's reader ends the session.
func TestDeepMessageKeepsSession(t *testing.T) {
	table := openBundled(t, "../rulesets/gravewatch")
	srv := mcp.NewServer(table, nil)
	cin, sin := io.Pipe()
	sout, cout := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- mcp.ServeStdio(context.Background(), srv, cin, cout) }()
	r := bufio.NewReader(sout)
	send := func(s string) { io.WriteString(sin, s+"\n") }
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	if _, err := r.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":"deep","method":"tools/list","params":{"x":` + strings.Repeat("[", 1100) + strings.Repeat("]", 1100) + `}}`)
	got, err := r.ReadString('\n')
	if err != nil || !strings.Contains(got, `"id":"deep","error":{"code":-32600`) {
		t.Fatalf("%q %v", got, err)
	}
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	got, err = r.ReadString('\n')
	if err != nil || !strings.Contains(got, `"id":2,"result"`) || !strings.Contains(got, `"skill_check"`) {
		t.Fatalf("after the deep message: %.200q %v", got, err)
	}
	// a line past MaxLine is answered (the SDK's reader ends the session
	// on one)
	send(`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"_meta":{"pad":"` + strings.Repeat("x", mcp.MaxLine) + `"}}}`)
	if got, err := r.ReadString('\n'); err != nil || !strings.Contains(got, "longer than") {
		t.Fatalf("a line past MaxLine: %.200q %v", got, err)
	}
	sin.Close()
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// TestRequestsBeforeEndOfInputAreAnswered: a client that writes its
// requests and closes stdin at once (a script piping a file) gets an
// answer to each, a tool call among them; the SDK alone ends the session
// at the end of input and drops the calls still running.
func TestRequestsBeforeEndOfInputAreAnswered(t *testing.T) {
	table := openBundled(t, "../rulesets/gravewatch")
	srv := mcp.NewServer(table, nil)
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":"roll","method":"tools/call","params":{"name":"roll_dice","arguments":{"dice":"3d6"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"ping"}`,
	}, "\n") + "\n"
	for round := range 20 { // the race between the end of input and the answers, many times
		var out bytes.Buffer
		if err := mcp.ServeStdio(context.Background(), srv, strings.NewReader(in), &out); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`"id":1,"result"`, `"id":2,"result"`, `"id":"roll","result"`, `"id":4,"result"`} {
			if !strings.Contains(out.String(), want) {
				t.Fatalf("round %d: no %s in the answers:\n%.600s", round, want, out.String())
			}
		}
	}
}
