package serve

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// growingHook is a prompt hook whose output grows with its input: each
// section twice.
const growingHook = `return {
  name = "growing", version = "1", api = 1,
  formatters = { prompt = function(sections)
    local out = {}
    for _, s in ipairs(sections) do out[#out + 1] = s.text; out[#out + 1] = s.text end
    return table.concat(out, "\n\n")
  end },
}`

// TestPromptMaxCharsThroughHook (issue 27, as `rulehost prompt
// --max-chars`): POST /v1/prompt's maxChars holds whatever the formatter's
// prompt hook does. It cut only by what the hook added on the uncut
// sections, so a hook that doubles its input printed about twice the
// budget; now the text is within the budget, the built-in text when the
// hook cannot fit, and a budget nothing meets is refused 422.
func TestPromptMaxCharsThroughHook(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "growing")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(growingHook), 0o644); err != nil {
		t.Fatal(err)
	}
	h, errs := host.Load([]string{filepath.Dir(dir)}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(h.Close)
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Host: h}).Handler())
	t.Cleanup(ts.Close)
	for _, n := range []int{400, 800, 1200, 3000} {
		code, out := post(t, ts, "/v1/prompt", fmt.Sprintf(`{"bundled":"gravewatch","bundledSheets":["bram","maud"],"format":"growing","maxChars":%d}`, n))
		if code != 200 {
			t.Fatalf("maxChars %d: %d %v", n, code, out)
		}
		text, _ := out["text"].(string)
		if got := utf8.RuneCountInString(text); got == 0 || got > n {
			t.Errorf("maxChars %d: the text is %d characters", n, got)
		}
	}
	code, out := post(t, ts, "/v1/prompt", `{"bundled":"gravewatch","bundledSheets":["bram","maud"],"format":"growing","maxChars":20}`)
	if code != 422 || errCode(out) != "budget" {
		t.Errorf("an impossible budget: %d %v", code, out)
	}
}
