package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"weak"

	"github.com/rulehost/rulehost/engine/record"
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

// TestAppendJSONAsEncodingJSON: the hand-written response JSON is what
// encoding/json wrote before it, byte for byte.
func TestAppendJSONAsEncodingJSON(t *testing.T) {
	recs := []record.Record{
		record.Refused("skill_check", "unknown-skill", "note", "quote \" backslash \\ tab \t <&> é"),
		func() record.Record { r := record.New("check"); r.Add("who", "Ada"); r.AddInt("total", 13); return r }(),
	}
	var resp checkResponse
	for _, r := range recs {
		resp.Records = append(resp.Records, outRecord(r))
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Records []recordOut `json:"records"`
	}{resp.Records}); err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	writeJSON(w, 200, resp)
	if got := w.Body.String(); got != want.String() {
		t.Errorf("appendJSON:\n got %s\nwant %s", got, want.String())
	}
	if w.Header().Get("Content-Length") != strconv.Itoa(want.Len()) {
		t.Errorf("Content-Length %q for %d bytes", w.Header().Get("Content-Length"), want.Len())
	}
}

// TestInlineCachedByContent: an inline ruleset sent twice is loaded once,
// and a refused one is refused the same way the second time.
func TestInlineCachedByContent(t *testing.T) {
	s := New(Options{})
	rs, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.inlineRuleset("ruleset", rs)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := s.inlineRuleset("ruleset", append([]byte(nil), rs...))
	if a != b {
		t.Errorf("the same bytes loaded twice")
	}
	c, _ := s.inlineRuleset("ruleset", append(append([]byte(nil), rs...), ' '))
	if c == a {
		t.Errorf("other bytes answered from the cache")
	}
	bad := []byte(`{"resolution":{"kind":"dice-sum"}}`)
	_, err1 := s.inlineRuleset("ruleset", bad)
	_, err2 := s.inlineRuleset("ruleset", bad)
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Errorf("refusals: %v / %v", err1, err2)
	}
	for i := range maxContent + 10 { // bounded
		s.inlineRuleset("ruleset", fmt.Appendf(nil, `{"x":%d}`, i))
	}
	if n := len(s.inline.entries); n > maxContent {
		t.Errorf("%d entries kept; at most %d", n, maxContent)
	}
}

// TestBundledName: the hand-written matcher is the regular expression it
// replaced.
func TestBundledName(t *testing.T) {
	re := regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)
	for _, s := range []string{"", "a", "d20-5e", "-a", "_a", "a_", "A", "a/b", "..", "a.b", "é", strings.Repeat("a", 64), strings.Repeat("a", 65), "a\n", "0-"} {
		if got, want := bundledName.MatchString(s), re.MatchString(s); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}

// TestInlineCacheBoundedByBytes: the inline cache keeps at most
// maxBytes of source, dropping the entries used longest ago, and keeps no
// entry larger than that at all; the sizes it counts are those it holds.
func TestInlineCacheBoundedByBytes(t *testing.T) {
	s := New(Options{})
	s.inline.maxBytes = 1000
	body := func(i int) []byte { return fmt.Appendf(nil, `{"x":%d,"pad":"%s"}`, i, strings.Repeat("p", 280)) }
	for i := range 10 {
		s.inlineRuleset("ruleset", body(i))
		s.inlineRuleset("ruleset", body(0)) // used every time: stays
	}
	held := 0
	for _, e := range s.inline.entries {
		held += e.size
	}
	if held != s.inline.size || held > 1000 || len(s.inline.entries) != 3 {
		t.Errorf("%d entries of %d bytes (counted %d); want 3 within 1000", len(s.inline.entries), held, s.inline.size)
	}
	k := contentKey{}
	h := sha256.New()
	h.Write([]byte("ruleset\x00"))
	h.Write(body(0))
	h.Sum(k.sum[:0])
	if s.inline.entries[k] == nil {
		t.Errorf("the entry used most was dropped")
	}
	s.inlineRuleset("ruleset", []byte(`{"pad":"`+strings.Repeat("p", 2000)+`"}`))
	if len(s.inline.entries) != 3 || s.inline.size != held {
		t.Errorf("an entry over the bound was kept: %d entries, %d bytes", len(s.inline.entries), s.inline.size)
	}
}

// TestInlineCacheUnderLoad: requests with inline rulesets and sheets,
// concurrently, while other inline rulesets push them out of the cache
// (run with -race): every answer is the one a fresh service gives, and
// the cache stays within its bounds.
func TestInlineCacheUnderLoad(t *testing.T) {
	rs, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	ada, err := os.ReadFile("../../rulesets/d20-5e/sheets/ada.json")
	if err != nil {
		t.Fatal(err)
	}
	// variant i is the same ruleset in other bytes (spaces after its
	// first brace): another cache entry, the same answers.
	variant := func(i int) string { return "{" + strings.Repeat(" ", i) + string(rs[1:]) }
	body := func(i, seed int) string {
		return fmt.Sprintf(`{"ruleset":%s,"sheets":[%s],"tag":"%s","seed":%d}`, variant(i), ada, athletics, seed)
	}
	want := map[int]string{}
	for seed := range 3 {
		_, out := post(t, testServer(t), "/v1/check", body(0, seed))
		want[seed] = mustJSON(out)
	}
	if !strings.Contains(want[0], "Ada Quickhand") {
		t.Fatalf("answer: %s", want[0])
	}
	srv := New(Options{})
	srv.inline.maxBytes = 4 * len(rs) // room for four: the variants push each other out
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 6 {
				seed := (g + i) % 3
				code, out := post(t, ts, "/v1/check", body((g*6+i)%9, seed))
				if code != 200 || mustJSON(out) != want[seed] {
					t.Errorf("variant %d seed %d: %d %.200s", (g*6+i)%9, seed, code, mustJSON(out))
					return
				}
			}
		}()
	}
	wg.Wait()
	srv.inline.mu.Lock()
	defer srv.inline.mu.Unlock()
	if srv.inline.size > srv.inline.maxBytes || len(srv.inline.entries) > 4 {
		t.Errorf("%d entries of %d bytes kept; at most %d bytes", len(srv.inline.entries), srv.inline.size, srv.inline.maxBytes)
	}
}

// TestInlineSheetLetsRulesetGo: a sheet kept in the cache does not keep
// the inline ruleset it was loaded against once the ruleset cache has let
// that ruleset go.
func TestInlineSheetLetsRulesetGo(t *testing.T) {
	rsData, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	ada, err := os.ReadFile("../../rulesets/d20-5e/sheets/ada.json")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{})
	rs, err := s.inlineRuleset("ruleset", rsData)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.inlineSheet("sheets/0", ada, rs); err != nil {
		t.Fatal(err)
	}
	gone := weak.Make(rs)
	rs = nil
	s.inline.mu.Lock()
	for len(s.inline.entries) > 0 {
		s.inline.evict()
	}
	s.inline.mu.Unlock()
	runtime.GC()
	runtime.GC()
	if gone.Value() != nil {
		t.Errorf("the sheet cache keeps a ruleset the ruleset cache let go")
	}
	if len(s.inlineSheets.entries) != 1 {
		t.Errorf("%d sheets kept", len(s.inlineSheets.entries))
	}
}
