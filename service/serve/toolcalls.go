package serve

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/mcp"
)

// A session of the store as an mcp.Backend: tool calls are appended
// through appendReply (the store judges, as for POST .../events) and read
// from this process's fold, caught up first.
type storeBackend struct {
	s  *Server
	id string
}

func (b storeBackend) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), b.s.opts.Deadline)
}

func (b storeBackend) Append(kind, text string) (session.Reply, error) {
	ctx, cancel := b.ctx()
	defer cancel()
	r, _, err := b.s.appendReply(ctx, b.id, session.Entry{Kind: kind, Text: text}, nil)
	return r, err
}

func (b storeBackend) Read(fn func(*session.Session)) error {
	ctx, cancel := b.ctx()
	defer cancel()
	ls, err := b.s.live(ctx, b.id)
	if err != nil {
		return err
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if err := b.s.catchUp(ctx, b.id, ls); err != nil {
		return err
	}
	fn(ls.s)
	return nil
}

func (s *Server) manifests() []plugin.Manifest {
	if s.opts.Host == nil {
		return nil
	}
	return s.opts.Host.Manifests()
}

// toolTables keeps each session's table and MCP server, built once (the
// tools are the ruleset's and the party's, which a session never
// changes), up to MaxLive of them.
type toolTables struct {
	mu      sync.Mutex
	tables  map[string]*mcp.Table
	servers map[string]*sdk.Server
}

// table is the tools of session id.
func (s *Server) table(id string) (*mcp.Table, error) {
	if _, err := s.store(); err != nil {
		return nil, err
	}
	tt := &s.tools
	tt.mu.Lock()
	defer tt.mu.Unlock()
	if t, ok := tt.tables[id]; ok {
		return t, nil
	}
	t, err := mcp.NewTableOn(storeBackend{s, id}, s.manifests())
	if err != nil {
		return nil, err
	}
	if h := s.opts.Host; h != nil {
		t.Formatter = func(name string) (record.Formatter, bool) { return h.Formatter(name, record.Plain{}) }
	}
	if tt.tables == nil || len(tt.tables) >= s.opts.MaxLive {
		tt.tables = map[string]*mcp.Table{}
	}
	tt.tables[id] = t
	return t, nil
}

// handleToolCalls answers one model turn's tool calls (OpenAI's,
// Anthropic's or MCP's shape) as one GM reply of the session, in the
// shape they came in.
func (s *Server) handleToolCalls(ctx context.Context, r *http.Request) (any, error) {
	var raw json.RawMessage
	if err := decode(r, &raw); err != nil {
		return nil, err
	}
	b, err := mcp.ParseBatch(raw)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	t, err := s.table(r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	res, err := t.Answer(session.GMReply, b.Calls)
	if err != nil {
		return nil, err
	}
	return mcp.Results(b, res), nil
}

// MCPHandler is the MCP server over streamable HTTP, mounted at /mcp:
// each MCP session plays the service's session named by ?session=ID.
// A session's MCP server is built once and kept (the SDK asks for it on
// every request), up to MaxLive of them.
func (s *Server) MCPHandler() http.Handler {
	return sdk.NewStreamableHTTPHandler(func(r *http.Request) *sdk.Server {
		id := r.URL.Query().Get("session")
		t, err := s.table(id)
		if err != nil {
			s.opts.Logger.Warn("mcp: no such session", "session", id, "error", err)
			return nil
		}
		tt := &s.tools
		tt.mu.Lock()
		defer tt.mu.Unlock()
		if srv, ok := tt.servers[id]; ok {
			return srv
		}
		if tt.servers == nil || len(tt.servers) >= s.opts.MaxLive {
			tt.servers = map[string]*sdk.Server{}
		}
		srv := mcp.NewServer(t, nil)
		tt.servers[id] = srv
		return srv
	}, nil)
}
