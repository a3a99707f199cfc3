package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Shapes a host's model speaks: the tool definitions and tool calls of
// OpenAI's chat completions, Anthropic's messages, and MCP's own.
const (
	ShapeOpenAI    = "openai"
	ShapeAnthropic = "anthropic"
	ShapeMCP       = "mcp"
)

// Shapes are every shape, as --format takes them.
var Shapes = []string{ShapeOpenAI, ShapeAnthropic, ShapeMCP}

// Definitions are the tools in one shape: OpenAI's
// [{"type":"function","function":{name, description, parameters}}],
// Anthropic's [{name, description, input_schema}], MCP's [{name,
// description, inputSchema}].
func Definitions(tools []*Tool, shape string) (any, error) {
	out := make([]any, 0, len(tools))
	for _, t := range tools {
		switch shape {
		case ShapeOpenAI:
			out = append(out, map[string]any{"type": "function", "function": map[string]any{
				"name": t.Name, "description": t.Doc, "parameters": t.Schema()}})
		case ShapeAnthropic:
			out = append(out, map[string]any{"name": t.Name, "description": t.Doc, "input_schema": t.Schema()})
		case ShapeMCP:
			out = append(out, map[string]any{"name": t.Name, "description": t.Doc, "inputSchema": t.Schema()})
		default:
			return nil, fmt.Errorf("shape %q: want one of openai, anthropic, mcp", shape)
		}
	}
	return out, nil
}

// Batch is one model turn's tool calls as a host sent them: the shape it
// came in, each call's id (OpenAI's tool_call_id, Anthropic's tool_use
// id; "" in MCP's shape) and the calls.
type Batch struct {
	Shape string
	IDs   []string
	Calls []Call
}

// maxBatch bounds the calls of one turn.
const maxBatch = 256

// ParseBatch reads one turn's tool calls in any shape:
//
//	OpenAI:    {"tool_calls": [{"id", "type": "function", "function": {"name", "arguments": "{...}"}}]}
//	           (an assistant message, or the list alone)
//	Anthropic: {"content": [{"type": "tool_use", "id", "name", "input": {...}}, ...]}
//	           (an assistant message, or the list of blocks alone; other blocks are skipped)
//	MCP:       {"calls": [{"name", "arguments": {...}}]} (or the list alone)
func ParseBatch(body []byte) (Batch, error) {
	body = bytes.TrimSpace(body)
	var obj map[string]json.RawMessage
	var list []json.RawMessage
	switch {
	case len(body) > 0 && body[0] == '{':
		if err := json.Unmarshal(body, &obj); err != nil {
			return Batch{}, fmt.Errorf("the body is not JSON: %v", err)
		}
		for _, k := range []string{"tool_calls", "content", "calls"} {
			if raw, ok := obj[k]; ok {
				if err := json.Unmarshal(raw, &list); err != nil {
					return Batch{}, fmt.Errorf("%s: want a list: %v", k, err)
				}
				break
			}
		}
		if list == nil {
			return Batch{}, fmt.Errorf(`want {"tool_calls": [...]} (OpenAI), {"content": [...]} (Anthropic) or {"calls": [...]} (MCP)`)
		}
	case len(body) > 0 && body[0] == '[':
		if err := json.Unmarshal(body, &list); err != nil {
			return Batch{}, fmt.Errorf("the body is not JSON: %v", err)
		}
	default:
		return Batch{}, fmt.Errorf("the body is a JSON object or list of tool calls")
	}
	if len(list) > maxBatch {
		return Batch{}, fmt.Errorf("%d calls in one turn; at most %d", len(list), maxBatch)
	}
	var b Batch
	for i, raw := range list {
		var item struct {
			ID       string          `json:"id"`
			Type     string          `json:"type"`
			Name     string          `json:"name"`
			Input    json.RawMessage `json:"input"`
			Args     json.RawMessage `json:"arguments"`
			Function *struct {
				Name string          `json:"name"`
				Args json.RawMessage `json:"arguments"`
			} `json:"function"`
		}
		if err := json.Unmarshal(raw, &item); err != nil {
			return Batch{}, fmt.Errorf("call %d: want an object: %v", i+1, err)
		}
		shape, c, skip := ShapeMCP, Call{Name: item.Name, Args: item.Args}, false
		switch {
		case item.Function != nil:
			shape, c = ShapeOpenAI, Call{Name: item.Function.Name}
			// OpenAI sends the arguments as a string holding JSON
			var s string
			if err := json.Unmarshal(item.Function.Args, &s); err == nil {
				c.Args = json.RawMessage(s)
			} else {
				c.Args = item.Function.Args
			}
		case item.Type == "tool_use":
			shape, c = ShapeAnthropic, Call{Name: item.Name, Args: item.Input}
		case item.Type != "":
			shape, skip = ShapeAnthropic, true // a text or thinking block
		}
		if b.Shape == "" {
			b.Shape = shape
		} else if b.Shape != shape {
			return Batch{}, fmt.Errorf("call %d is in %s's shape, the first in %s's: send one shape", i+1, shape, b.Shape)
		}
		if skip {
			continue
		}
		if c.Name == "" {
			return Batch{}, fmt.Errorf("call %d: no tool name", i+1)
		}
		b.IDs = append(b.IDs, item.ID)
		b.Calls = append(b.Calls, c)
	}
	if b.Shape == "" {
		b.Shape = ShapeMCP
	}
	return b, nil
}

// Results are a batch's results in its own shape: OpenAI's tool messages
// {"messages": [{"role": "tool", "tool_call_id", "content"}]}, Anthropic's
// user message {"role": "user", "content": [{"type": "tool_result",
// "tool_use_id", "content", "is_error"}]}, MCP's {"results":
// [CallToolResult]}. Each also carries the structured result under
// "structured", in the calls' order.
func Results(b Batch, res []Result) any {
	structured := make([]any, len(res))
	for i, r := range res {
		structured[i] = r.Structured()
	}
	switch b.Shape {
	case ShapeOpenAI:
		msgs := make([]any, len(res))
		for i, r := range res {
			msgs[i] = map[string]any{"role": "tool", "tool_call_id": b.IDs[i], "content": r.Text()}
		}
		return map[string]any{"messages": msgs, "structured": structured}
	case ShapeAnthropic:
		blocks := make([]any, len(res))
		for i, r := range res {
			bl := map[string]any{"type": "tool_result", "tool_use_id": b.IDs[i], "content": r.Text()}
			if r.IsError() {
				bl["is_error"] = true
			}
			blocks[i] = bl
		}
		return map[string]any{"role": "user", "content": blocks, "structured": structured}
	}
	out := make([]any, len(res))
	for i, r := range res {
		m := map[string]any{"content": []any{map[string]any{"type": "text", "text": r.Text()}}, "structuredContent": r.Structured()}
		if r.IsError() {
			m["isError"] = true
		}
		out[i] = m
	}
	return map[string]any{"results": out}
}
