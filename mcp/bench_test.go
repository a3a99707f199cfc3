package mcp_test

import (
	"encoding/json"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/mcp"
)

// BenchmarkAnswer: one skill_check call answered by a table in memory
// (no protocol): the engine's share of a tool call.
func BenchmarkAnswer(b *testing.B) {
	table := openBundled(&testing.T{}, "../rulesets/gravewatch")
	calls := []mcp.Call{{Name: "skill_check", Args: json.RawMessage(`{"skill":"Ward","dc":2,"who":"Bram the Quiet"}`)}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		res, err := table.Answer(session.GMReply, calls)
		if err != nil || res[0].IsError() {
			b.Fatal(err, res[0].Text())
		}
	}
}
