package serve

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestToolCallsEndpoint: a model turn's tool calls in Anthropic's and
// OpenAI's shape are one GM reply each of a stored session, answered in
// the shape they came in with the records the same tags get through
// POST .../events on a twin session; a malformed call appends nothing.
func TestToolCallsEndpoint(t *testing.T) {
	ts := sessionServer(t, dirStore(t, t.TempDir()))
	for _, id := range []string{"tools", "twin"} {
		if code, out := post(t, ts, "/v1/sessions", `{"bundled":"gravewatch","bundledSheets":["bram","maud"],"id":"`+id+`","seed":3}`); code != 200 {
			t.Fatalf("create: %d %v", code, out)
		}
	}
	turns := []struct{ body, tags string }{
		{`{"role":"assistant","content":[{"type":"text","text":"Bram braces."},{"type":"tool_use","id":"toolu_1","name":"skill_check","input":{"skill":"Ward","dc":2,"who":"Bram the Quiet"}},{"type":"tool_use","id":"toolu_2","name":"inventory_add","input":{"item":"Dawn bell","who":"Maud Hollin"}}]}`,
			`[skill_check: skill=\"Ward\" dc=\"2\" who=\"Bram the Quiet\"]\n[inventory: action=\"add\" item=\"Dawn bell\" who=\"Maud Hollin\"]`},
		{`{"tool_calls":[{"id":"call_9","type":"function","function":{"name":"roll_dice","arguments":"{\"dice\":\"3d6\"}"}}]}`,
			`[roll_dice: dice=\"3d6\"]`},
	}
	for i, turn := range turns {
		code, out := post(t, ts, "/v1/sessions/tools/tool-calls", turn.body)
		if code != 200 {
			t.Fatalf("turn %d: %d %v", i, code, out)
		}
		_, twin := post(t, ts, "/v1/sessions/twin/events", `{"kind":"gm","text":"`+turn.tags+`"}`)
		got, _ := json.Marshal(out)
		reply, _ := twin["reply"].(map[string]any)
		for _, rec := range reply["records"].([]any) {
			text, _ := json.Marshal(rec.(map[string]any)["text"])
			if !strings.Contains(string(got), string(text)) {
				t.Errorf("turn %d lacks %s: %s", i, text, got)
			}
		}
		if i == 0 && !strings.Contains(string(got), `"tool_use_id":"toolu_2"`) {
			t.Errorf("not Anthropic's shape: %s", got)
		}
		if i == 1 && !strings.Contains(string(got), `"tool_call_id":"call_9"`) {
			t.Errorf("not OpenAI's shape: %s", got)
		}
	}
	_, before := get(t, ts, "/v1/sessions/tools")
	code, out := post(t, ts, "/v1/sessions/tools/tool-calls", `{"calls":[{"name":"roll_dice","arguments":{"dice":"1d6"}},{"name":"skill_check","arguments":{"skill":[1]}}]}`)
	got, _ := json.Marshal(out)
	if code != 200 || !strings.Contains(string(got), `"argument":"skill"`) || !strings.Contains(string(got), `"isError":true`) {
		t.Errorf("a malformed call: %d %s", code, got)
	}
	if _, after := get(t, ts, "/v1/sessions/tools"); after["seq"] != before["seq"] {
		t.Errorf("a malformed turn appended: seq %v -> %v", before["seq"], after["seq"])
	}
	if code, _ := post(t, ts, "/v1/sessions/tools/tool-calls", `{"x":1}`); code != 400 {
		t.Errorf("a body of no shape: %d", code)
	}
}

// TestMCPOverStreamableHTTP: the Go SDK's client over streamable HTTP
// against /mcp?session=ID plays the stored session: its call is appended
// as a GM reply that GET /v1/sessions/ID then shows.
func TestMCPOverStreamableHTTP(t *testing.T) {
	ts := sessionServer(t, dirStore(t, t.TempDir()))
	if code, out := post(t, ts, "/v1/sessions", `{"bundled":"gravewatch","bundledSheets":["bram","maud"],"id":"web"}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	ctx := context.Background()
	client := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: ts.URL + "/mcp?session=web"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) < 5 {
		t.Fatalf("tools: %v %v", tools, err)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "inventory_add", Arguments: map[string]any{"item": "Dawn bell", "who": "Maud Hollin"}})
	if err != nil || res.IsError {
		t.Fatalf("%+v %v", res, err)
	}
	_, state := get(t, ts, "/v1/sessions/web")
	if inv, _ := state["inventory"].(string); !strings.Contains(inv, "Dawn bell") || state["seq"] != float64(1) {
		t.Errorf("after the call: %v", state)
	}
	if _, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: ts.URL + "/mcp?session=nobody"}, nil); err == nil {
		t.Error("connected to a session that does not exist")
	}
}

// BenchmarkMCPOverHTTP: one tool call (a skill_check of a stored
// session) by the Go SDK's client over streamable HTTP against /mcp, and
// the same call through POST .../tool-calls: wall time per call, and the
// process's CPU time per call (client and server together, in one
// process) as calls per CPU-second.
func BenchmarkMCPOverHTTP(b *testing.B) {
	ts := sessionServer(b, dirStore(b, b.TempDir()))
	post(b, ts, "/v1/sessions", `{"bundled":"gravewatch","bundledSheets":["bram","maud"],"id":"bench"}`)
	b.Run("mcp", func(b *testing.B) {
		ctx := context.Background()
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, &sdk.StreamableClientTransport{Endpoint: ts.URL + "/mcp?session=bench"}, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
		args := map[string]any{"skill": "Ward", "dc": 2, "who": "Bram the Quiet"}
		cpu0 := processCPU()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "skill_check", Arguments: args}); err != nil || res.IsError {
				b.Fatal(err, res)
			}
		}
		b.ReportMetric(float64(b.N)/(processCPU()-cpu0).Seconds(), "calls/cpu-s")
	})
	b.Run("tool-calls", func(b *testing.B) {
		body := `{"calls":[{"name":"skill_check","arguments":{"skill":"Ward","dc":2,"who":"Bram the Quiet"}}]}`
		cpu0 := processCPU()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if code, _ := post(b, ts, "/v1/sessions/bench/tool-calls", body); code != 200 {
				b.Fatal(code)
			}
		}
		b.ReportMetric(float64(b.N)/(processCPU()-cpu0).Seconds(), "calls/cpu-s")
	})
}
