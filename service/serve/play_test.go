package serve

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPlayground drives /play in headless Chromium: load a bundled
// ruleset, roll, see the record and the odds chart; break the ruleset,
// see the pointer; step through a bundled transcript and see each reply's
// records and the inventory block.
func TestPlayground(t *testing.T) {
	browser := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("no Chromium installed (Debian: apt-get install chromium): the playground is not tested")
	}
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets"}).Handler())
	defer ts.Close()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox, chromedp.DisableGPU)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	// An older protocol library meets a newer browser: events it cannot
	// decode are logged and ignored (they are not the page's).
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithErrorf(func(format string, args ...any) {
		if msg := fmt.Sprintf(format, args...); !strings.Contains(msg, "could not unmarshal event") {
			t.Log(msg)
		}
	}))
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	var record, problems string
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/play"),
		chromedp.WaitVisible("#roll", chromedp.ByID),
		chromedp.SendKeys("#bundled", "d20-5e", chromedp.ByID),
		chromedp.SendKeys("#bundledSheet", "ada", chromedp.ByID),
		chromedp.Click("#roll", chromedp.ByID),
		chromedp.Poll(`document.getElementById("record").textContent.length > 0`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text("#record", &record, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("roll in the browser: %v", err)
	}
	want := `[check: who="Ada Quickhand" skill="Athletics" resolution="sum" dice="1d20" rolls="6"`
	if !strings.HasPrefix(record, want) {
		t.Errorf("record in the page: %q; want it to start %q (seed 7)", record, want)
	}
	// the odds of the written check, drawn: one bar per outcome, its
	// width the probability's share of 360 pixels
	var bars, widths, summary string
	err = chromedp.Run(ctx,
		chromedp.Poll(`document.querySelectorAll("#odds g.bar").length > 0`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#odds g.bar")).map(g => g.dataset.outcome + "=" + g.dataset.p).join(", ")`, &bars),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#odds rect")).map(r => r.getAttribute("width") + ":" + r.getAttribute("class")).join(", ")`, &widths),
		chromedp.Text("#odds-summary", &summary, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("odds in the browser: %v", err)
	}
	if want := "Critical success=0.05, Success=0.5, Failure=0.4, Critical failure=0.05"; bars != want {
		t.Errorf("odds bars: %q; want %q", bars, want)
	}
	if want := "18.00:success, 180.00:success, 144.00:failure, 18.00:failure"; widths != want {
		t.Errorf("bar widths: %q; want %q", widths, want)
	}
	if summary != "success: 55% (exact)" {
		t.Errorf("odds summary: %q", summary)
	}
	err = chromedp.Run(ctx,
		chromedp.SetValue("#bundled", "", chromedp.ByID),
		chromedp.SetValue("#ruleset", "\n  {\"resolution\": {\"kind\": \"dice-sum\", \"dice\": {\"count\": 2, \"sides\": 6},\n    \"naturals\": \"both\"}}", chromedp.ByID),
		chromedp.Click("#validate", chromedp.ByID),
		chromedp.Poll(`document.getElementById("problems").children.length > 0`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text("#problems", &problems, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("validate in the browser: %v", err)
	}
	if !strings.Contains(problems, "2:5: /resolution/naturals") {
		t.Errorf("problems in the page: %q; want the line, column and pointer 2:5: /resolution/naturals", problems)
	}
	// a click on the problem selects its place in the text as written
	var selected string
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#problems li.at")).find(li => li.textContent.includes("naturals")).click()`, nil),
		chromedp.Evaluate(`(() => { const a = document.getElementById("ruleset"); return a.value.slice(a.selectionStart, a.selectionEnd); })()`, &selected),
	)
	if err != nil {
		t.Fatalf("marking a problem: %v", err)
	}
	if selected != `"naturals": "both"}}` {
		t.Errorf("selected %q; want the member the problem is at", selected)
	}

	// a bundled transcript, reply by reply
	var stepOf, records, inventory, stepOf2 string
	err = chromedp.Run(ctx,
		chromedp.Poll(`document.querySelectorAll("#transcript option").length > 0`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.SetValue("#transcript", "d20-5e/02-the-fence", chromedp.ByID),
		chromedp.Click("#load-transcript", chromedp.ByID),
		chromedp.Poll(`document.getElementById("step-of").textContent.startsWith("reply 1 of")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text("#step-inventory", &inventory, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("transcript in the browser: %v", err)
	}
	if !strings.Contains(inventory, "- 300 gold pieces") || strings.Contains(inventory, "Potion") {
		t.Errorf("inventory after reply 1: %q", inventory)
	}
	err = chromedp.Run(ctx,
		chromedp.Click("#next", chromedp.ByID),
		chromedp.Click("#next", chromedp.ByID),
		chromedp.Text("#step-of", &stepOf, chromedp.ByID),
		chromedp.Text("#step-records", &records, chromedp.ByID),
		chromedp.Text("#step-inventory", &inventory, chromedp.ByID),
		chromedp.Click("#prev", chromedp.ByID),
		chromedp.Text("#step-of", &stepOf2, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("stepping in the browser: %v", err)
	}
	if !strings.HasPrefix(stepOf, "reply 3 of ") || !strings.HasPrefix(stepOf2, "reply 2 of ") {
		t.Errorf("steps: %q then %q; want reply 3, then reply 2", stepOf, stepOf2)
	}
	if !strings.HasPrefix(records, `[inventory: action="buy" item="Potion of Healing" count="1" price="50 gold pieces"`) {
		t.Errorf("records of reply 3: %q", records)
	}
	if !strings.Contains(inventory, "- Potion of Healing") || !strings.Contains(inventory, "- 50 gold pieces") {
		t.Errorf("inventory after reply 3: %q", inventory)
	}
}
