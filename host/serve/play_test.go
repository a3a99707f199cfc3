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
// ruleset, roll, see the record; break the ruleset, see the pointer.
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
	err = chromedp.Run(ctx,
		chromedp.SetValue("#bundled", "", chromedp.ByID),
		chromedp.SetValue("#ruleset", `{"resolution":{"kind":"dice-sum","dice":{"count":2,"sides":6},"naturals":"both"}}`, chromedp.ByID),
		chromedp.Click("#validate", chromedp.ByID),
		chromedp.Poll(`document.getElementById("problems").children.length > 0`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text("#problems", &problems, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("validate in the browser: %v", err)
	}
	if !strings.Contains(problems, "/resolution/naturals") {
		t.Errorf("problems in the page: %q; want the pointer /resolution/naturals", problems)
	}
}
