package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Waits in the browser tests poll for what the page shows, each up to a
// generous bound (a loaded 2-core machine), never a fixed sleep.
const pageWait = 45 * time.Second

func waitFor(expr string) chromedp.Action {
	return chromedp.Poll(expr, nil, chromedp.WithPollingTimeout(pageWait))
}

// choose sets a select's value as a user would and fires its change.
func choose(id, value string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q; s.dispatchEvent(new Event("change")); return s.value; })()`, id, value), nil)
}

// setEditor replaces an editor's text (an edit, as a paste is).
func setEditor(name, text string) chromedp.Action {
	js, _ := json.Marshal(text)
	return chromedp.Evaluate(fmt.Sprintf(`playEditors[%q].setText(%s)`, name, js), nil)
}

// cursorAt puts the ruleset editor's cursor on line:col (from 1) and
// focuses it, so that key events type there.
func cursorAt(line, col int) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const v = playEditors.ruleset.view; const l = v.state.doc.line(%d);
  v.dispatch({selection: {anchor: l.from + %d}}); v.focus(); return true; })()`, line, col-1), nil)
}

// pressEnter is Enter as a browser sends it to a page that handles the
// keydown: no separate character event (chromedp.KeyEvent's "\r" sends
// one, and CodeMirror would read it as a second newline).
func pressEnter() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		for _, typ := range []input.KeyType{input.KeyRawDown, input.KeyUp} {
			if err := input.DispatchKeyEvent(typ).WithKey("Enter").WithCode("Enter").WithWindowsVirtualKeyCode(13).WithNativeVirtualKeyCode(13).Do(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}

// TestPlayground drives /play in headless Chromium: start from a bundled
// ruleset, roll, see the record and the odds chart; break the ruleset,
// see the problem at its line, column and pointer; step through a
// bundled transcript and see each reply's records and the inventory
// block.
func TestPlayground(t *testing.T) {
	ctx := headless(t)
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets"}).Handler())
	defer ts.Close()

	var record, sheet string
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/play"),
		waitFor(`Number(document.body.dataset.bundled) > 0`),
		choose("bundled", "d20-5e"),
		waitFor(`playEditors.ruleset.text().includes('"id": "d20-5e"') && document.getElementById("bundledSheet").value === "ada"`),
		chromedp.Evaluate(`playEditors.sheet.text()`, &sheet),
		chromedp.Click("#roll", chromedp.ByID),
		waitFor(`document.getElementById("record").textContent.length > 0`),
		chromedp.Text("#record", &record, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("roll in the browser: %v", err)
	}
	if !strings.Contains(sheet, `"Ada Quickhand"`) {
		t.Errorf("the sheet editor holds %q; want ada's sheet", sheet[:min(len(sheet), 80)])
	}
	want := `[check: who="Ada Quickhand" skill="Athletics" resolution="sum" dice="1d20" rolls="6"`
	if !strings.HasPrefix(record, want) {
		t.Errorf("record in the page: %q; want it to start %q (seed 7)", record, want)
	}
	// the odds of the written check, drawn: one bar per outcome, its
	// width the probability's share of 360 pixels
	var bars, widths, summary string
	err = chromedp.Run(ctx,
		waitFor(`document.querySelectorAll("#odds g.bar").length > 0`),
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

	// a broken ruleset: the problem listed at its line and column as the
	// editor numbers them (the text starts with a blank line: the service
	// counts from the first non-blank byte, line 2 there is line 3 here)
	var problems, selected string
	err = chromedp.Run(ctx,
		setEditor("sheet", ""),
		setEditor("ruleset", "\n  {\"resolution\": {\"kind\": \"dice-sum\", \"dice\": {\"count\": 2, \"sides\": 6},\n    \"naturals\": \"both\"}}"),
		waitFor(`document.getElementById("problems").textContent.includes("/resolution/naturals")`),
		chromedp.Text("#problems", &problems, chromedp.ByID),
		// a click on the problem selects its place in the text as written
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#problems li.at")).find(li => li.textContent.includes("naturals")).click()`, nil),
		chromedp.Evaluate(`(() => { const s = playEditors.ruleset.view.state; return s.sliceDoc(s.selection.main.from, s.selection.main.to); })()`, &selected),
	)
	if err != nil {
		t.Fatalf("validate in the browser: %v", err)
	}
	if !strings.Contains(problems, "3:5: /resolution/naturals") {
		t.Errorf("problems in the page: %q; want the line, column and pointer 3:5: /resolution/naturals", problems)
	}
	if selected != `"naturals": "both"}}` {
		t.Errorf("selected %q; want the member the problem is at", selected)
	}

	// a bundled transcript, reply by reply, played by the ruleset in the
	// editor (d20-5e as bundled again: the same replies as its golden)
	var stepOf, records, inventory, stepOf2, by string
	err = chromedp.Run(ctx,
		choose("bundled", "d20-5e"),
		waitFor(`playEditors.ruleset.text().includes('"id": "d20-5e"') && playEditors.sheet.text().includes("Ada")`),
		waitFor(`document.querySelectorAll("#transcript option").length > 0`),
		chromedp.SetValue("#transcript", "d20-5e/02-the-fence", chromedp.ByID),
		chromedp.Click("#load-transcript", chromedp.ByID),
		waitFor(`document.getElementById("step-of").textContent.startsWith("reply 1 of")`),
		chromedp.Text("#step-inventory", &inventory, chromedp.ByID),
		chromedp.Text("#replay-by", &by, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("transcript in the browser: %v", err)
	}
	if !strings.Contains(inventory, "- 300 gold pieces") || strings.Contains(inventory, "Potion") || by != "played by the ruleset in the editor" {
		t.Errorf("inventory after reply 1: %q (%s)", inventory, by)
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

	// an edit shows in the replay: the potion's list price, 50 gp in the
	// catalog, made 60
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const t = playEditors.ruleset.text(); const i = t.indexOf('"amount": 50', t.indexOf('"potion-of-healing"'));
  playEditors.ruleset.setText(t.slice(0, i) + '"amount": 60' + t.slice(i + 12)); return i; })()`, nil),
		chromedp.Click("#load-transcript", chromedp.ByID),
		waitFor(`document.getElementById("step-of").textContent.startsWith("reply 1 of")`),
		chromedp.Click("#next", chromedp.ByID),
		chromedp.Click("#next", chromedp.ByID),
		chromedp.Text("#step-records", &records, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("replaying an edit: %v", err)
	}
	if !strings.HasPrefix(records, `[inventory: action="buy" item="Potion of Healing" count="1" price="60 gold pieces"`) {
		t.Errorf("records of reply 3 with the potion at 60 gp: %q", records)
	}
}

// TestPlaygroundEditor types into the ruleset editor in headless
// Chromium: completion offers a key from the JSON Schema and accepting it
// writes the member; a typo typed into a key is underlined at its line a
// moment later (the page asks /v1/validate); a sweep draws one point per
// value, at the odds /v1/odds gives; a hover on a key shows its meaning.
func TestPlaygroundEditor(t *testing.T) {
	ctx := headless(t)
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets"}).Handler())
	defer ts.Close()

	// completion: on a new line of the top object, type "na
	var offered, text string
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/play"),
		waitFor(`document.getElementById("status").className === "ok"`), // the new ruleset checked, the schemas loaded
		setEditor("ruleset", "{\n  \"id\": \"x\",\n  \n}\n"),
		cursorAt(3, 3),
		chromedp.KeyEvent(`"na`),
		waitFor(`Array.from(document.querySelectorAll(".cm-tooltip-autocomplete li")).some(li => li.textContent.startsWith("name"))`),
		chromedp.Evaluate(`Array.from(document.querySelectorAll(".cm-tooltip-autocomplete li")).map(li => li.textContent).join("|")`, &offered),
		// CodeMirror ignores Enter for the first 75 ms a list is open
		// (autocompletion's interactionDelay, so a fast typist's Enter is
		// a newline): a wait that load can only lengthen, not shorten
		chromedp.Sleep(300*time.Millisecond),
		pressEnter(),
		waitFor(`document.querySelectorAll(".cm-tooltip-autocomplete").length === 0`),
		chromedp.Evaluate(`playEditors.ruleset.text()`, &text),
	)
	if err != nil {
		t.Fatalf("completion in the browser: %v (offered %q)", err, offered)
	}
	if !strings.HasPrefix(offered, "name") || !strings.Contains(offered, "(required)") {
		t.Errorf("completion offered %q; want name first, marked required", offered)
	}
	if text != "{\n  \"id\": \"x\",\n  \"name\": \n}\n" {
		t.Errorf("after accepting name: %q", text)
	}

	// a typo, typed: "skills" becomes "skillz" on line 9 of the new
	// ruleset; its underline is on line 9, and the list says 9:3
	var line, count int
	var problems string
	err = chromedp.Run(ctx,
		choose("bundled", ""),
		waitFor(`document.getElementById("status").className === "ok"`),
		chromedp.Evaluate(`playEditors.ruleset.view.state.doc.line(9).text`, &text),
	)
	if err != nil {
		t.Fatalf("the new ruleset: %v", err)
	}
	col := strings.Index(text, `"skills"`)
	if col < 0 {
		t.Fatalf("line 9 of the new ruleset is %q; want the skills", text)
	}
	err = chromedp.Run(ctx,
		cursorAt(9, col+len(`"skills`)+1),
		chromedp.KeyEvent(kb.Backspace),
		chromedp.KeyEvent("z"),
		waitFor(`document.querySelectorAll("#ruleset-editor .cm-lintRange-error").length > 0`),
		chromedp.Evaluate(`(() => { const v = playEditors.ruleset.view; const el = document.querySelector("#ruleset-editor .cm-lintRange-error"); return v.state.doc.lineAt(v.posAtDOM(el)).number; })()`, &line),
		chromedp.Evaluate(`document.querySelectorAll("#ruleset-editor .cm-lintRange-error").length`, &count),
		chromedp.Text("#problems", &problems, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("a typo in the browser: %v", err)
	}
	if line != 9 || count != 1 {
		t.Errorf("the typo is underlined on line %d (%d underlines); want line 9, once", line, count)
	}
	if want := "9:" + strconv.Itoa(col+1) + ": /skillz: "; !strings.Contains(problems, want) || !strings.Contains(problems, "skills") {
		t.Errorf("problems: %q; want %q and the key it meant", problems, want)
	}

	// a text that is not JSON: underlined where it stops being JSON, by
	// the page itself (nothing is sent)
	var status string
	err = chromedp.Run(ctx,
		setEditor("ruleset", "{\n  \"id\": \"x\",\n  \"name\" \"y\"\n}\n"),
		waitFor(`document.getElementById("status").textContent === "ruleset is not JSON" && document.querySelectorAll("#ruleset-editor .cm-lintRange-error").length > 0`),
		chromedp.Evaluate(`(() => { const v = playEditors.ruleset.view; const el = document.querySelector("#ruleset-editor .cm-lintRange-error"); return v.state.doc.lineAt(v.posAtDOM(el)).number; })()`, &line),
		chromedp.Text("#problems", &status, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("a text that is not JSON: %v", err)
	}
	if line != 3 || !strings.HasPrefix(status, "3:") || !strings.Contains(status, "not JSON") {
		t.Errorf("not JSON: underlined on line %d, listed %q; want line 3", line, status)
	}

	// a sweep of d20-5e's Athletics check for Ada: one point per dc,
	// each at the chance /v1/odds gives
	var points []map[string]string
	var at []float64
	var hover string
	err = chromedp.Run(ctx,
		choose("bundled", "d20-5e"),
		waitFor(`playEditors.ruleset.text().includes('"id": "d20-5e"') && playEditors.sheet.text().includes("Ada")`),
		// a hover on a key says what the schema says of it
		chromedp.Evaluate(`(() => { const v = playEditors.ruleset.view; const l = v.state.doc.line(4); const c = v.coordsAtPos(l.from + l.text.indexOf('"name"') + 2); return [c.left + 1, (c.top + c.bottom) / 2]; })()`, &at),
		chromedp.ActionFunc(func(ctx context.Context) error { // at is read once the step above has run
			if len(at) != 2 {
				return fmt.Errorf("no place for the name key: %v", at)
			}
			return chromedp.MouseEvent(input.MouseMoved, at[0], at[1]).Do(ctx)
		}),
		waitFor(`document.querySelector(".cm-key-info") !== null`),
		chromedp.Text(".cm-key-info", &hover, chromedp.ByQuery),
		chromedp.SetValue("#sweep", "dc=5..25", chromedp.ByID),
		chromedp.Click("#draw-sweep", chromedp.ByID),
		waitFor(`document.querySelectorAll("#sweep-chart circle").length > 0`),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#sweep-chart circle")).map(c => ({value: c.dataset.value, p: c.dataset.p, cy: c.getAttribute("cy")}))`, &points),
	)
	if err != nil {
		t.Fatalf("a sweep in the browser: %v", err)
	}
	if want := "name (string): " + schemaDescription(t, "name"); hover != want {
		t.Errorf("hover on name: %q; want %q", hover, want)
	}
	code, out := post(t, ts, "/v1/odds", `{"bundled":"d20-5e","bundledSheets":["ada"],"tag":"[skill_check: skill=\"Athletics\" dc=\"15\"]","sweep":"dc=5..25"}`)
	if code != 200 {
		t.Fatalf("/v1/odds sweep: %d %v", code, out)
	}
	api := out["sweep"].(map[string]any)["points"].([]any)
	if len(points) != 21 || len(api) != 21 {
		t.Fatalf("the sweep drew %d points, /v1/odds has %d; want 21 (dc 5 to 25)", len(points), len(api))
	}
	for i, p := range api {
		pm := p.(map[string]any)
		if v, s := fmt.Sprint(pm["value"]), fmt.Sprint(pm["success"]); points[i]["value"] != v || points[i]["p"] != s {
			t.Errorf("point %d: %v; want dc=%s at %s", i, points[i], v, s)
		}
	}
	if y0, _ := strconv.ParseFloat(points[0]["cy"], 64); y0 >= mustFloat(points[20]["cy"]) {
		t.Errorf("dc=5 is drawn at y=%s, dc=25 at y=%s: the easier check should stand higher", points[0]["cy"], points[20]["cy"])
	}
}

func mustFloat(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// schemaDescription is the committed ruleset schema's description of a
// top-level key.
func schemaDescription(t *testing.T, key string) string {
	t.Helper()
	b, err := os.ReadFile("../../schema/ruleset.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs map[string]struct {
			Properties map[string]struct {
				Description string `json:"description"`
			} `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s.Defs["top"].Properties[key].Description
}
