package serve

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestCachedBundledConcurrent: requests share the cached bundled ruleset
// and sheets (run with -race), and every answer is the one an uncached
// service gives.
func TestCachedBundledConcurrent(t *testing.T) {
	ts := testServer(t)
	want := map[int]string{}
	for seed := range 4 {
		_, out := post(t, testServer(t), "/v1/check", fmt.Sprintf(`{"bundled":"d20-5e","bundledSheets":["ada"],"tag":"%s","seed":%d}`, athletics, seed))
		want[seed] = mustJSON(out)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				seed := (g + i) % 4
				code, out := post(t, ts, "/v1/check", fmt.Sprintf(`{"bundled":"d20-5e","bundledSheets":["ada"],"tag":"%s","seed":%d}`, athletics, seed))
				if code != 200 || mustJSON(out) != want[seed] {
					t.Errorf("seed %d: %d %s; want %s", seed, code, mustJSON(out), want[seed])
					return
				}
			}
		}()
	}
	wg.Wait()
	if !strings.Contains(want[0], "Ada Quickhand") {
		t.Errorf("answer: %s", want[0])
	}
}
