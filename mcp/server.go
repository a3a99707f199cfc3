package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/internal/lazy"
)

// Version is the server's version as it introduces itself.
const Version = "1.0.0"

// ResourcePrefix is the URI every view is read at (rulehost://session/inventory).
const ResourcePrefix = "rulehost://session/"

// Prompt names.
const (
	// PromptGM is the GM prompt as engine/prompt builds it, teaching tags.
	PromptGM = "gm"
	// PromptGMTools is the same prompt teaching the tools instead: each
	// tag it shows is written as the call it stands for.
	PromptGMTools = "gm_tools"
)

// NewServer is an MCP server answering with table: its Game Master
// tools, the GM prompt in both variants, and the session's views as
// resources, each announced as updated after a call that changed it.
func NewServer(table *Table, logger *slog.Logger) *sdk.Server {
	var srv *sdk.Server
	subscribe := func(_ context.Context, req *sdk.SubscribeRequest) error {
		if _, ok := table.View(strings.TrimPrefix(req.Params.URI, ResourcePrefix)); !ok || !strings.HasPrefix(req.Params.URI, ResourcePrefix) {
			return sdk.ResourceNotFoundError(req.Params.URI)
		}
		return nil
	}
	srv = sdk.NewServer(&sdk.Implementation{Name: "rulehost", Title: "rulehost: " + table.rsName, Version: Version}, &sdk.ServerOptions{
		Instructions:       instructions(table),
		Logger:             logger,
		SubscribeHandler:   subscribe,
		UnsubscribeHandler: func(context.Context, *sdk.UnsubscribeRequest) error { return nil },
	})
	for _, tl := range table.Tools(true) {
		srv.AddTool(&sdk.Tool{Name: tl.Name, Description: tl.Doc, InputSchema: tl.Schema()}, toolHandler(table, tl.Name))
	}
	addPrompts(srv, table)
	for _, name := range ViewNames {
		name := name
		srv.AddResource(&sdk.Resource{URI: ResourcePrefix + name, Name: name, MIMEType: "text/plain", Description: viewDocs[name]},
			func(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
				text, _ := table.View(name)
				return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: text}}}, nil
			})
	}
	table.Watch(func(changed []string) {
		for _, name := range changed {
			srv.ResourceUpdated(context.Background(), &sdk.ResourceUpdatedNotificationParams{URI: ResourcePrefix + name})
		}
	})
	return srv
}

var viewDocs = map[string]string{
	ViewInventory: "Every character's bag as the Game Master sees it (the inventory block).",
	ViewLive:      "Every character's live state: health, pools, tracks, conditions, charges, switches.",
	ViewMarket:    "The MARKET block of the place in force.",
	ViewFight:     "The fight going on: each member's menu of what they can do now.",
}

func instructions(t *Table) string {
	return "You are the Game Master of a " + t.rsName + " game. Every mechanic goes through a tool: " +
		"a check, dice, the bags, money, markets, loot, fights and live state. The engine rolls and applies; " +
		"narrate from the record each tool returns (isError marks a refusal, with its reason). " +
		"The prompt " + PromptGMTools + " teaches the rules; the resources show the bags, live state, market and fight."
}

// toolHandler answers one call as one reply of the Game Master.
func toolHandler(table *Table, name string) sdk.ToolHandler {
	return func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		res, err := table.Answer(session.GMReply, []Call{{Name: name, Args: req.Params.Arguments}})
		if err != nil {
			return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "not answered: " + err.Error()}}}, nil
		}
		return toolResult(res[0]), nil
	}
}

func toolResult(r Result) *sdk.CallToolResult {
	return &sdk.CallToolResult{
		IsError:           r.IsError(),
		Content:           []sdk.Content{&sdk.TextContent{Text: r.Text()}},
		StructuredContent: r.Structured(),
	}
}

// Schema is the tool's input schema (JSON Schema 2020-12): each argument
// its type, enum and meaning; required arguments listed; any other
// argument refused unless the tool is open.
func (t *Tool) Schema() map[string]any {
	props := map[string]any{}
	var req []string
	for _, a := range t.Args {
		p := map[string]any{"type": a.Type, "description": a.Doc}
		if len(a.Enum) > 0 {
			p["enum"] = a.Enum
		}
		props[a.Name] = p
		if a.Required {
			req = append(req, a.Name)
		}
	}
	s := map[string]any{"type": "object", "properties": props}
	if len(req) > 0 {
		s["required"] = req
	}
	if t.Open {
		s["additionalProperties"] = map[string]any{"type": "string"}
	} else {
		s["additionalProperties"] = false
	}
	return s
}

func addPrompts(srv *sdk.Server, table *Table) {
	args := []*sdk.PromptArgument{
		{Name: "sections", Description: "Keep only these sections, comma-separated: " + strings.Join(prompt.Names, ", ")},
		{Name: "max_chars", Description: "Cut the prompt to at most this many characters, in the documented order."},
		{Name: "format", Description: "Reshape it through a loaded plugin's formatter (e.g. terse, narrative, xml); plain when left out."},
	}
	for _, p := range []struct {
		name, doc string
		tools     bool
	}{
		{PromptGM, "The Game Master prompt: the rules, items, money, loot, market, fight, inventory and last turn, teaching tags.", false},
		{PromptGMTools, "The Game Master prompt teaching the tools: every tag it shows is written as the tool call it stands for.", true},
	} {
		p := p
		srv.AddPrompt(&sdk.Prompt{Name: p.name, Description: p.doc, Arguments: args},
			func(_ context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
				a := req.Params.Arguments
				text, err := table.Prompt(PromptOptions{Sections: a["sections"], MaxChars: a["max_chars"], Format: a["format"], Tools: p.tools})
				if err != nil {
					return nil, err
				}
				return &sdk.GetPromptResult{Description: p.doc, Messages: []*sdk.PromptMessage{
					{Role: "user", Content: &sdk.TextContent{Text: text}}}}, nil
			})
	}
}

// PromptOptions say which prompt: Sections (comma separated, "" for
// all), MaxChars ("" for no cut), Format (a formatter's name, "" for
// plain) and Tools (the variant teaching tools: each tag the text shows
// written as its call, `tool {"arg": "value"}`).
type PromptOptions struct {
	Sections, MaxChars, Format string
	Tools                      bool
}

// Prompt is the GM prompt as the session stands, built, selected,
// reshaped by the formatter and cut as `rulehost prompt` does.
func (t *Table) Prompt(o PromptOptions) (string, error) {
	var names []string
	for _, n := range strings.Split(o.Sections, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	maxChars := 0
	if o.MaxChars != "" {
		n, err := strconv.Atoi(o.MaxChars)
		if err != nil || n < 0 {
			return "", fmt.Errorf("max_chars %q: give a positive number of characters", o.MaxChars)
		}
		maxChars = n
	}
	f := record.Formatter(record.Plain{})
	if o.Format != "" && o.Format != "plain" {
		var ok bool
		if t.Formatter != nil {
			f, ok = t.Formatter(o.Format)
		}
		if !ok {
			return "", fmt.Errorf("format %q: no loaded plugin formats it", o.Format)
		}
	}
	build := func(f record.Formatter) ([]prompt.Section, error) {
		var secs []prompt.Section
		if err := t.With(func(s *session.Session) {
			secs = prompt.Build(prompt.Input{RS: s.RS, Sheets: s.Sheets, State: s.State(), Format: f, Mechanics: t.Mechanics})
		}); err != nil {
			return nil, err
		}
		secs, unknown := prompt.Select(secs, names)
		if len(unknown) > 0 {
			return nil, fmt.Errorf("sections %s: no such section; sections: %s", strings.Join(unknown, ", "), strings.Join(prompt.Names, ", "))
		}
		if sf, ok := f.(prompt.SectionFormatter); ok {
			secs = prompt.Reshape(sf, secs)
		}
		if o.Tools {
			for i := range secs {
				secs[i].Text = t.AsCalls(secs[i].Text)
			}
			secs = append([]prompt.Section{{Name: "tools", Text: toolsPreamble}}, secs...)
		}
		return secs, nil
	}
	secs, err := build(f)
	if err != nil {
		return "", err
	}
	sf, reshapes := f.(prompt.SectionFormatter)
	if maxChars > 0 {
		// the budget holds whatever the hook does, as rulehost prompt's
		// (prompt.Fit: cut again after it, else the built-in text)
		var hook prompt.SectionFormatter
		if reshapes {
			hook = sf
		}
		plain := func() []prompt.Section {
			p, _ := build(record.Plain{})
			return p
		}
		_, text, _, err := prompt.Fit(hook, secs, plain, maxChars)
		return text, err
	}
	if !reshapes {
		return prompt.Text(secs), nil
	}
	return sf.Prompt(secs), nil
}

const toolsPreamble = "Call the tools for every mechanic; never write bracket tags. " +
	"Each example below is a call: the tool's name, then its arguments as a JSON object. " +
	"Several calls in one turn are one reply."

// tagMention is a tag named in prose rather than written whole
// ("a [skill_check: ...] tag", "on [place:]").
var tagMention = lazy.Regexp(`(?:(?:a|one) )?\[([a-z_]+):(?: \.\.\.)?\](?: tags?)?`)

// AsCalls rewrites every tag in text that a tool stands for as that call
// (an inventory tag whose action is a placeholder as inventory_ACTION),
// and every tag named in prose as a call of that tool.
func (t *Table) AsCalls(text string) string {
	text = tagMention().ReplaceAllString(text, "a $1 call")
	found := tag.FindAll(text)
	if len(found) == 0 {
		return text
	}
	var b strings.Builder
	last := 0
	for _, f := range found {
		if f.Err != nil {
			continue
		}
		c, ok := t.CallOf(f.Tag)
		if !ok && f.Tag.NameIs("inventory") {
			c, ok = placeholderCall(f.Tag)
		}
		if !ok {
			continue
		}
		b.WriteString(text[last:f.Start])
		b.WriteString(c.Name)
		b.WriteByte(' ')
		b.Write(compact(c.Args))
		last = f.End
	}
	b.WriteString(text[last:])
	return b.String()
}

// placeholderCall writes an inventory tag of a placeholder action
// (action="...") as a call of the inventory_ACTION tools.
func placeholderCall(tg tag.Tag) (Call, bool) {
	b := []byte{'{'}
	for _, a := range tg.Attrs {
		if strings.EqualFold(a.Key, "action") {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(a.Key)
		v, _ := json.Marshal(a.Value)
		b = append(append(append(b, k...), ':'), v...)
	}
	return Call{Name: "inventory_ACTION", Args: append(b, '}')}, true
}

func compact(raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return []byte("{}")
	}
	return raw
}
