package mcp

import (
	"fmt"
	"testing"
)

// TestOpenRequestsForgetAnsweredIDs: a long session whose client gives
// every request a fresh id keeps no id once it is answered; a reused id
// waits for as many answers as it was sent; an answer to nothing sent,
// a notification and a line that is not an object count for nothing.
func TestOpenRequestsForgetAnsweredIDs(t *testing.T) {
	var o openRequests
	for i := range 10_000 {
		o.passed(fmt.Appendf(nil, `{"jsonrpc":"2.0","id":"req-%d","method":"ping"}`, i))
		o.answered(fmt.Appendf(nil, `{"jsonrpc":"2.0","id":"req-%d","result":{}}`, i))
	}
	if o.n != 0 || len(o.ids) != 0 {
		t.Fatalf("after 10,000 answered requests: %d open, %d ids kept; want none", o.n, len(o.ids))
	}
	o.passed([]byte(`{"jsonrpc":"2.0","id":7,"method":"ping"}`))
	o.passed([]byte(`{"jsonrpc":"2.0","id":7,"method":"ping"}`))
	o.passed([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
	o.passed([]byte(`[1,2,3]`))
	o.answered([]byte(`{"jsonrpc":"2.0","id":8,"result":{}}`))
	o.answered([]byte(`{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage"}`)) // the server's own request
	if o.n != 2 {
		t.Fatalf("%d open; want the two requests of id 7", o.n)
	}
	o.answered([]byte(`{"jsonrpc":"2.0","id":7,"result":{}}`))
	o.answered([]byte(`{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"x"}}`))
	if o.n != 0 || len(o.ids) != 0 {
		t.Fatalf("after both answers: %d open, %d ids kept", o.n, len(o.ids))
	}
}
