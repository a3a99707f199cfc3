package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/mcp"
)

// FuzzToolArgs: any arguments to any tool never panic; a malformed call
// is a tool error naming the tool (and the argument, when one is at
// fault) and changes neither the log nor the party; any other call is
// answered with exactly one record, appended as one reply.
func FuzzToolArgs(f *testing.F) {
	seeds := []struct {
		tool int
		args string
	}{
		{0, `{"skill":"Ward","dc":2}`},
		{0, `{"skill":{"a":1}}`},
		{0, `{"skill":"Ward","SKILL":"Spot"}`},
		{1, `{"dice":"2d6+1"}`},
		{1, `{}`},
		{2, `{"item":"Dawn bell","who":"Maud","count":"3"}`},
		{2, `{"item":"Rope","count":1.5}`},
		{3, `[1,2]`},
		{4, `{"op":"rest","rest":"vigil"}`},
		{5, `{"who":null,"item":"x"}`},
		{6, `{"a":"b"} {"c":"d"}`},
		{7, `{"item":"` + strings.Repeat("x", 70000) + `"}`},
		{8, `{"on":"maybe","item":"lantern"}`},
		{9, `{"who":"Bram the Quiet","skill":"Ward","vs":"Maud Hollin","vsSkill":"Ward"}`},
	}
	for _, s := range seeds {
		f.Add(s.tool, []byte(s.args))
	}
	var table *mcp.Table
	f.Fuzz(func(t *testing.T, tool int, args []byte) {
		if table == nil {
			table = openBundled(t, "../rulesets/gravewatch")
		}
		tools := table.Tools(false)
		if tool < 0 {
			tool = -tool
		}
		tl := tools[tool%len(tools)]
		var before []byte
		var n int
		table.With(func(s *session.Session) {
			before, _ = json.Marshal(s.State().Party)
			n = s.Len()
		})
		res, err := table.Answer(session.GMReply, []mcp.Call{{Name: tl.Name, Args: args}})
		if err != nil {
			t.Fatalf("%s %q: %v", tl.Name, args, err)
		}
		r := res[0]
		table.With(func(s *session.Session) {
			after, _ := json.Marshal(s.State().Party)
			switch {
			case r.Err != nil:
				if s.Len() != n || string(after) != string(before) {
					t.Fatalf("a malformed call (%v) changed the session", r.Err)
				}
				if !strings.HasPrefix(r.Err.Error(), "tool "+tl.Name+": ") {
					t.Fatalf("the error does not name the tool: %v", r.Err)
				}
			case r.Record == nil:
				t.Fatalf("%s %q: neither a record nor an error", tl.Name, args)
			default:
				if s.Len() != n+1 {
					t.Fatalf("a call appended %d events", s.Len()-n)
				}
			}
		})
	})
}
