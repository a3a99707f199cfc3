package serve

import (
	"fmt"
	"net/http/httptest"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// TestPromptMaxCharsThroughHook (issue 27, as `rulehost prompt
// --max-chars`): POST /v1/prompt's maxChars holds whatever the formatter's
// prompt hook does. It cut only by what the hook added on the uncut
// sections, so a hook that doubles its input printed about twice the
// budget; now the text is within the budget, the built-in text when the
// hook cannot fit, and a budget nothing meets is refused 422.
func TestPromptMaxCharsThroughHook(t *testing.T) {
	// the growing formatter: its whole-prompt hook repeats every section
	h, errs := host.Load([]string{"../../testdata/formatters"}, plugin.Options{Deadline: 10 * time.Second})
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
