package serve

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestSessionPromptConcurrent: appends and prompt reads on one session at
// once, through two services on the same store (two processes), run with
// -race: every prompt read is whole (a 200 with an inventory section), and
// afterwards both services' prompts hold every item appended, once.
func TestSessionPromptConcurrent(t *testing.T) {
	root := t.TempDir()
	a := sessionServer(t, dirStore(t, root))
	b := sessionServer(t, dirStore(t, root))
	if code, out := post(t, a, "/v1/sessions", `{"id":"busy",`+adaBundled+`}`); code != 200 {
		t.Fatalf("%d %v", code, out)
	}
	const writers, each = 3, 4
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(2)
		go func() { // appends, alternating the two services
			defer wg.Done()
			for i := range each {
				ts := a
				if (w+i)%2 == 1 {
					ts = b
				}
				text := fmt.Sprintf(`{"kind":"gm","text":"[inventory: action=\"add\" item=\"Token %d-%d\"]"}`, w, i)
				if code, out := post(t, ts, "/v1/sessions/busy/events", text); code != 200 {
					t.Errorf("append %d-%d: %d %v", w, i, code, out)
					return
				}
			}
		}()
		go func() { // prompt reads meanwhile
			defer wg.Done()
			for i := range each {
				ts := a
				if (w+i)%2 == 0 {
					ts = b
				}
				code, body := raw(t, ts, "GET", "/v1/sessions/busy/prompt?section=inventory&section=last_turn", "")
				if code != 200 || !strings.Contains(body, `"name":"inventory"`) {
					t.Errorf("prompt during appends: %d %.300s", code, body)
					return
				}
			}
		}()
	}
	wg.Wait()
	for name, ts := range map[string]*httptest.Server{"a": a, "b": b} {
		code, body := raw(t, ts, "GET", "/v1/sessions/busy/prompt?section=inventory", "")
		if code != 200 {
			t.Fatalf("%s: %d %s", name, code, body)
		}
		for w := range writers {
			for i := range each {
				if n := strings.Count(body, fmt.Sprintf(`Token %d-%d\"`, w, i)); n != 2 { // in the data and in the text
					t.Errorf("%s: Token %d-%d %d times in %.300s", name, w, i, n, body)
				}
			}
		}
		if _, out := get(t, ts, "/v1/sessions/busy"); out["seq"] != float64(writers*each) {
			t.Errorf("%s: seq %v; want %d", name, out["seq"], writers*each)
		}
	}
}
