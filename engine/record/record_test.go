package record

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/record.md from the registered keys")

func TestTextAndJSONRoundTrip(t *testing.T) {
	r := New("check")
	r.Add("who", `Bram "the Quiet"`)
	r.Add("skill", "Ward")
	r.AddInts("rolls", []int{8, 3, 10, 7, 1})
	r.AddInt("dc", 2)
	r.AddBool("success", true)
	text := r.String()
	want := `[check: who="Bram \"the Quiet\"" skill="Ward" rolls="8,3,10,7,1" dc="2" success="true"]`
	if text != want {
		t.Fatalf("text form:\n got %s\nwant %s", text, want)
	}
	back, err := Parse(text)
	if err != nil || back.String() != text {
		t.Fatalf("text round trip: %v %v", back, err)
	}
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	wantJS := `{"tag":"check","attrs":[["who","Bram \"the Quiet\""],["skill","Ward"],["rolls","8,3,10,7,1"],["dc","2"],["success","true"]]}`
	if string(js) != wantJS {
		t.Fatalf("JSON form:\n got %s\nwant %s", js, wantJS)
	}
	var fromJS Record
	if err := json.Unmarshal(js, &fromJS); err != nil {
		t.Fatal(err)
	}
	if fromJS.String() != text {
		t.Fatalf("JSON round trip: %s", fromJS)
	}
	if n, ok := r.Int("dc"); !ok || n != 2 {
		t.Error("Int")
	}
	if b, ok := r.Bool("success"); !ok || !b {
		t.Error("Bool")
	}
}

func TestUnmarshalRejects(t *testing.T) {
	for _, bad := range []string{`{}`, `{"tag":"check","attrs":[["a"]]}`, `{"tag":"check","extra":1}`, `[]`, `{"tag":"check","attrs":[["a","b","c"]]}`} {
		var r Record
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestCheck(t *testing.T) {
	// The tag grammar refuses a duplicated attribute, so a record built
	// with one in code is the only way to get one.
	twice := New("check")
	twice.Add("who", "Ada")
	twice.Add("who", "Bram")
	if err := Check(twice); err == nil || !strings.Contains(err.Error(), "appears twice") {
		t.Errorf("a key twice: %v", err)
	}
	ok := `[check: who="Ada" skill="Athletics" resolution="sum" dice="1d20" mode="advantage" rolls="1,13" kept="13" modifier="5" total="18" dc="15" outcome="Success" success="true"]`
	cases := map[string]string{
		ok:                                 "",
		`[check: who="Ada" bogus="1"]`:     `unknown key "bogus"`,
		`[check: who="Ada" dc="high"]`:     "want an integer",
		`[check: who="Ada" success="yes"]`: `want "true" or "false"`,
		`[mystery: who="Ada"]`:             "unknown record name",
		`[check: resolution="sum" dice="1d20" rolls="21"]`:           "not a face of 1d20",
		`[check: resolution="sum" dice="1d20" rolls="3,4" kept="5"]`: "was not thrown",
		`[check: success="true" critical="failure"]`:                 "disagrees",
		`[check: rolls="1,x"]`:                                       "comma-separated integers",
		`[check: effects="3"]`:                                       "signed integer",
		`[refused: action="pay" reason="cannot-afford"]`:             "",
	}
	for text, want := range cases {
		r, err := Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		err = Check(r)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: unexpected %v", text, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: got %v, want %q", text, err, want)
		}
	}
}

func TestCheckOutcome(t *testing.T) {
	bands := map[string]bool{"Success": true, "Failure": false}
	r, _ := Parse(`[check: outcome="Failure" success="true"]`)
	if err := CheckOutcome(r, bands); err == nil {
		t.Error("success disagreeing with the band passed")
	}
	r, _ = Parse(`[check: outcome="Nope" success="true"]`)
	if err := CheckOutcome(r, bands); err == nil {
		t.Error("unknown band passed")
	}
	r, _ = Parse(`[check: outcome="Success" success="true"]`)
	if err := CheckOutcome(r, bands); err != nil {
		t.Error(err)
	}
}

func TestRefused(t *testing.T) {
	r := Refused("pay", "cannot-afford", "who", "Ada")
	if r.String() != `[refused: action="pay" reason="cannot-afford" who="Ada"]` {
		t.Errorf("got %s", r)
	}
}

// TestDocsCurrent keeps docs/record.md equal to the registered schema.
// Run `go test ./engine/record -run Docs -update` after adding keys.
func TestDocsCurrent(t *testing.T) {
	doc := renderDocs()
	path := "../../docs/record.md"
	if *update {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != doc {
		t.Fatalf("docs/record.md is out of date with the registered keys; run: go test ./engine/record -run Docs -update")
	}
}

func renderDocs() string {
	var b strings.Builder
	b.WriteString(`# Records

Every answer rulehost gives is a **record**: a tag name and ordered
` + "`key=\"value\"`" + ` attributes, printed like a Game Master's tag:

` + "```text" + `
[check: who="Ada Quickhand" skill="Athletics" resolution="sum" dice="1d20" rolls="13" modifier="5" total="18" dc="15" outcome="Success" success="true"]
` + "```" + `

The JSON form keeps the order: ` + "`" + `{"tag":"check","attrs":[["who","Ada Quickhand"],...]}` + "`" + `.
Text and JSON round-trip exactly. Every record, native or from a plugin,
passes ` + "`record.Check`" + `: a known record name, known keys, each value of its
type, no key twice, and the record's invariants (rolls inside the die's
faces, kept faces among those thrown, ` + "`critical`" + ` agreeing with ` + "`success`" + `,
` + "`success`" + ` agreeing with the ruleset's band for ` + "`outcome`" + `, and, when no band,
critical or automatic failure decided it, with the plain comparison of the
total or the successes against ` + "`dc`" + `).

This page is generated from the schema (` + "`go test ./engine/record -run Docs -update`" + `);
a test fails when it is out of date.

## Record names

| record | what it answers |
|---|---|
`)
	names := TagNames()
	var ns []string
	for n := range names {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	for _, n := range ns {
		fmt.Fprintf(&b, "| `%s` | %s |\n", n, names[n])
	}
	b.WriteString("\n## Keys\n\nTypes: text; integer; signed integer (written with its sign: `+2`, `-1`, `0`); number (finite: not `NaN` nor `Inf`); boolean (`true`/`false`); integer list (`8,3,10`).\n\n| key | type | meaning and when present |\n|---|---|---|\n")
	for _, k := range Keys() {
		doc := strings.ReplaceAll(k.Doc, "|", "\\|")
		if len(k.Tags) > 0 {
			doc += " (Only on: " + strings.Join(k.Tags, ", ") + ".)"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", k.Name, k.Type, doc)
	}
	b.WriteString(pluginKeysDoc)
	return b.String()
}

// pluginKeysDoc is the end of docs/record.md: how a plugin declares its
// own record names and keys.
const pluginKeysDoc = `
## Records and keys of plugins

The names and keys above are the engine's. A plugin declares its own in
its manifest, under ` + "`records`" + `: each record name it answers a tag with,
what that record answers, and its keys, each with a name, a type (one of
the types above: ` + "`text`, `integer`, `signed integer`, `number`, `boolean`, `integer list`" + `)
and its meaning. The entry ` + "`check`" + ` declares keys for the checks of the
plugin's own kinds:

` + "```lua" + `
records = {
  check = {   -- keys on [check: ...] records whose resolution= is one of this plugin's kinds
    keys = {
      { name = "challenge", type = "integer list", doc = "The two challenge dice (d10s), in the order thrown." },
      { name = "match", type = "boolean", doc = "true when the challenge dice show the same face." },
    },
  },
  opposed = { -- a record of the plugin's own, answering its tag
    doc = "the answer to [opposed_check: ...]",
    keys = { { name = "vs", type = "text", doc = "The opposing character." } },
  },
},
` + "```" + `

` + "`record.Check`" + ` holds a plugin's records to these declarations exactly as
it holds native records to the schema: a plugin record may carry the
plugin's keys for it and the engine's keys that are not limited to other
records; a check of a plugin kind may carry the engine's check keys and the
keys the plugin declared for ` + "`check`" + `. Nothing else passes.

Declarations cannot collide with the engine's: a record name above, or a
key above in any case (` + "`Success`" + ` is ` + "`success`" + `), is refused when the
plugin loads, and so is a record name another loaded plugin already
declared. A plugin's keys go only on its own records and its own kinds'
checks, so two plugins may each declare a ` + "`match`" + ` without meeting.

A plugin tag answers only with its own record names, a ` + "`check`" + ` (held
to the ruleset's bands and to the characters the tag may name), or a
refusal naming no plugin and no kind but its own. Records that claim a
change of state (` + "`inventory`" + `, ` + "`loot`" + `, ` + "`place`" + `, ...) are the
engine's alone.

` + "`rulehost plugin info DIR`" + ` prints a plugin's kinds, tags, formatters,
record names and keys (with ` + "`--json`" + `, as JSON); the bundled plugins'
keys are in their READMEs.
`

// FuzzRecordJSON: no JSON input panics the decoder; whatever decodes
// encodes back to JSON that decodes to the same record, and its text form
// parses back to the same record when it has a valid name and keys.
func FuzzRecordJSON(f *testing.F) {
	f.Add([]byte(`{"tag":"check","attrs":[["who","Ada"],["rolls","1,2"]]}`))
	f.Add([]byte(`{"tag":"refused","attrs":[["reason","cannot-afford"]]}`))
	f.Add([]byte(`{"tag":"","attrs":[]}`))
	f.Add([]byte(`{"tag":"x","attrs":[["a"]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Record
		if err := json.Unmarshal(data, &r); err != nil {
			return
		}
		Check(r) // must not panic, whatever it says
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		var back Record
		if err := json.Unmarshal(out, &back); err != nil || back.String() != r.String() {
			t.Fatalf("JSON round trip: %s -> %s (%v)", r, back, err)
		}
	})
}

func TestPlainVerdict(t *testing.T) {
	cases := map[string]bool{
		`[check: resolution="sum" dice="1d20" rolls="12" total="15" dc="15" success="true"]`:                    true,
		`[check: resolution="sum" dice="1d20" rolls="12" total="14" dc="15" success="true"]`:                    false,
		`[check: resolution="sum" dice="1d20" rolls="1" total="20" dc="15" success="false" critical="failure"]`: true,
		`[check: resolution="sum" dice="1d20" rolls="12" total="14" dc="15" outcome="Close" success="true"]`:    true,
		`[check: resolution="pool" successes="2" dc="2" success="true"]`:                                        true,
		`[check: resolution="pool" successes="1" dc="2" success="true"]`:                                        false,
		`[check: resolution="sum" dice="3" symbols="1s" total="1" dc="2" success="true"]`:                       true,
	}
	for text, valid := range cases {
		r, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkPlainVerdict(r); (err == nil) != valid {
			t.Errorf("%s: got %v, want valid=%v", text, err, valid)
		}
	}
}

// TestSmallInt: SmallInt is strconv's text for 0..99 and nothing else.
func TestSmallInt(t *testing.T) {
	for v := -5; v < 200; v++ {
		s, ok := SmallInt(v)
		if want := v >= 0 && v < 100; ok != want || (ok && s != strconv.Itoa(v)) {
			t.Errorf("SmallInt(%d) = %q, %v", v, s, ok)
		}
	}
}
