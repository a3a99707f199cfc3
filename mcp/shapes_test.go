package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/mcp"
)

// TestShapesInAndOut: one turn's tool calls in OpenAI's, Anthropic's and
// MCP's shape are one reply each, answered with the records the same tags
// get (each shape on its own table, same seed), in the same shape back,
// ids kept; a call of another shape in the same turn is refused.
func TestShapesInAndOut(t *testing.T) {
	bodies := map[string]string{
		mcp.ShapeOpenAI: `{"role":"assistant","tool_calls":[
			{"id":"call_1","type":"function","function":{"name":"skill_check","arguments":"{\"skill\":\"Ward\",\"dc\":2,\"who\":\"Bram the Quiet\"}"}},
			{"id":"call_2","type":"function","function":{"name":"roll_dice","arguments":"{\"dice\":\"2d6\"}"}}]}`,
		mcp.ShapeAnthropic: `{"role":"assistant","content":[{"type":"text","text":"Bram braces."},
			{"type":"tool_use","id":"toolu_1","name":"skill_check","input":{"skill":"Ward","dc":2,"who":"Bram the Quiet"}},
			{"type":"tool_use","id":"toolu_2","name":"roll_dice","input":{"dice":"2d6"}}]}`,
		mcp.ShapeMCP: `{"calls":[{"name":"skill_check","arguments":{"skill":"Ward","dc":2,"who":"Bram the Quiet"}},{"name":"roll_dice","arguments":{"dice":"2d6"}}]}`,
	}
	ref := openBundled(t, "../rulesets/gravewatch")
	var want []string
	ref.With(func(s *session.Session) {
		r, err := s.Append(session.GMReply, "[skill_check: skill=\"Ward\" dc=\"2\" who=\"Bram the Quiet\"]\n[roll_dice: dice=\"2d6\"]")
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range r.Records {
			want = append(want, rec.String())
		}
	})
	for shape, body := range bodies {
		b, err := mcp.ParseBatch([]byte(body))
		if err != nil {
			t.Fatalf("%s: %v", shape, err)
		}
		if b.Shape != shape || len(b.Calls) != 2 {
			t.Fatalf("%s read as %s with %d calls", shape, b.Shape, len(b.Calls))
		}
		res, err := openBundled(t, "../rulesets/gravewatch").Answer(session.GMReply, b.Calls)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := json.Marshal(mcp.Results(b, res))
		for i, w := range want {
			q, _ := json.Marshal(w)
			if !strings.Contains(string(out), string(q)) {
				t.Errorf("%s: result %d lacks %s: %s", shape, i, w, out)
			}
		}
		for _, id := range b.IDs {
			if id != "" && !strings.Contains(string(out), `"`+id+`"`) {
				t.Errorf("%s: id %s not kept: %s", shape, id, out)
			}
		}
	}
	if _, err := mcp.ParseBatch([]byte(`[{"name":"roll_dice","arguments":{}},{"type":"tool_use","name":"roll_dice","input":{}}]`)); err == nil {
		t.Error("two shapes in one turn were read")
	}
	for _, bad := range []string{``, `7`, `{"x":1}`, `{"calls":3}`, `[{"arguments":{}}]`} {
		if _, err := mcp.ParseBatch([]byte(bad)); err == nil {
			t.Errorf("read %q", bad)
		}
	}
}
