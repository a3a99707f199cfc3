package tag

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	cases := []struct {
		in   string
		want Tag
	}{
		{`[skill_check: skill="Athletics" dc="15" mode="advantage"]`,
			Tag{"skill_check", []Attr{{"skill", "Athletics"}, {"dc", "15"}, {"mode", "advantage"}}}},
		{`[loot]`, Tag{Name: "loot"}},
		{`[loot:]`, Tag{Name: "loot"}},
		{"  [ inventory :\n\taction = \"add\"  item=\"Hand axe\" ]  ", Tag{"inventory", []Attr{{"action", "add"}, {"item", "Hand axe"}}}},
		{`[note: text="she said \"run\" and ran"]`, Tag{"note", []Attr{{"text", `she said "run" and ran`}}}},
		{`[note: text="back\\slash"]`, Tag{"note", []Attr{{"text", `back\slash`}}}},
		{`[note: text="keep \n as written"]`, Tag{"note", []Attr{{"text", `keep \n as written`}}}},
		{`[note: text=""]`, Tag{"note", []Attr{{"text", ""}}}},
		{`[roll_dice: dice="2 ability 1 proficiency vs 2 difficulty"]`, Tag{"roll_dice", []Attr{{"dice", "2 ability 1 proficiency vs 2 difficulty"}}}},
	}
	for _, c := range cases {
		got, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if d := cmp.Diff(c.want, got, cmp.Comparer(func(a, b []Attr) bool { return len(a) == len(b) && (len(a) == 0 || cmp.Equal([]Attr(a), []Attr(b))) })); d != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", c.in, d)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		``:                            "no [name",
		`skill_check`:                 "want [",
		`[`:                           "tag name",
		`[9lives]`:                    "tag name",
		`[check skill="x"]`:           `want ":"`,
		`[check: skill]`:              "want =",
		`[check: skill=x]`:            "quoted value",
		`[check: skill="x]`:           "not closed",
		`[check: skill="x"`:           "not closed",
		`[check: skill="x"] trailing`: "after the closing",
		`[check: ="x"]`:               "attribute name",
	}
	for in, want := range cases {
		_, err := Parse(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want error containing %q", in, err, want)
		}
	}
}

func TestCaseInsensitiveKeys(t *testing.T) {
	tg, err := Parse(`[skill_check: Skill="Ward" DC="2"]`)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := tg.Get("skill"); !ok || v != "Ward" {
		t.Errorf("Get(skill) = %q, %v", v, ok)
	}
	if !tg.Has("dc") || tg.Has("threshold") {
		t.Error("Has is wrong")
	}
	tg.Set("dc", "3")
	if tg.Value("DC") != "3" || len(tg.Attrs) != 2 {
		t.Errorf("Set did not replace: %v", tg)
	}
	tg.Delete("SKILL")
	if tg.Has("skill") {
		t.Error("Delete left the key")
	}
	if !tg.NameIs("SKILL_CHECK") {
		t.Error("NameIs should ignore case")
	}
}

func TestRoundTrip(t *testing.T) {
	canon := []string{
		`[check: who="Bram the Quiet" skill="Ward" resolution="pool" dice="5" rolls="8,3,10,7,1" target="7" successes="2" dc="2" success="true"]`,
		`[note: text="a \"quoted\" \\ value"]`,
		`[loot]`,
	}
	for _, s := range canon {
		tg, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if got := tg.String(); got != s {
			t.Errorf("round trip:\n got %s\nwant %s", got, s)
		}
	}
}

func TestFindAll(t *testing.T) {
	text := `The door groans. [skill_check: skill="Athletics" dc="15"] Then [broken and [inventory: action="add" item="Rope"] done.`
	found := FindAll(text)
	if len(found) != 2 {
		t.Fatalf("found %d tags, want 2: %+v", len(found), found)
	}
	if found[0].Tag.Name != "skill_check" || found[1].Tag.Name != "inventory" {
		t.Errorf("wrong tags: %+v", found)
	}
	if text[found[1].Start:found[1].End] != `[inventory: action="add" item="Rope"]` {
		t.Errorf("span wrong: %q", text[found[1].Start:found[1].End])
	}
}

func TestLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString("[t:")
	for i := 0; i <= MaxAttrs; i++ {
		fmt.Fprintf(&b, ` k%d="v"`, i)
	}
	b.WriteString("]")
	if _, err := Parse(b.String()); err == nil || !strings.Contains(err.Error(), "attributes") {
		t.Errorf("too many attributes: %v", err)
	}
	long := `[t: k="` + strings.Repeat("x", MaxValueLen+1) + `"]`
	if _, err := Parse(long); err == nil {
		t.Error("overlong value accepted")
	}
}

// FuzzParse: no input panics; whatever parses prints to text that parses
// back to the same tag.
// TestStringAsAppendTo holds String (printed through Append) to the
// byte-by-byte printer AppendTo, escapes included, and to no more
// than one allocation.
func TestStringAsAppendTo(t *testing.T) {
	for _, tg := range []Tag{
		{Name: "check", Attrs: []Attr{{"who", "Ada"}, {"note", `a "q" \ b`}, {"e", ""}}},
		{Name: "loot"},
		{},
		{Name: "x", Attrs: []Attr{{"k", `"`}, {"k2", `\`}, {"k3", `ünï\`}}},
	} {
		var b strings.Builder
		tg.AppendTo(&b)
		if tg.String() != b.String() {
			t.Errorf("String %q, AppendTo %q", tg.String(), b.String())
		}
	}
	tg := Tag{Name: "check", Attrs: []Attr{{"who", "Ada"}, {"skill", "Athletics"}}}
	if n := testing.AllocsPerRun(100, func() { _ = tg.String() }); n > 1 {
		t.Errorf("String allocates %.0f times; want 1", n)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`[skill_check: skill="Athletics" dc="15" mode="advantage"]`,
		`[note: text="a \"q\" \\ b"]`, `[loot]`, `[`, `[a:`, `[a: b="`, `[a: b="\`, `]`, "[a:\n\tb = \"c\"]",
		`[inventory: action="add" item="Hand axe" stats="damage=1d6; reach=close"]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := Parse(s)
		FindAll(s)
		if err != nil {
			return
		}
		back, err := Parse(tg.String())
		if err != nil {
			t.Fatalf("printed tag does not parse: %q -> %q: %v", s, tg.String(), err)
		}
		if back.String() != tg.String() {
			t.Fatalf("round trip changed: %q -> %q", tg.String(), back.String())
		}
		if got := string(tg.Append([]byte("x"))); got != "x"+tg.String() {
			t.Fatalf("Append %q, String %q", got, tg.String())
		}
		var b strings.Builder
		if tg.AppendTo(&b); b.String() != tg.String() {
			t.Fatalf("AppendTo %q, String %q", b.String(), tg.String())
		}
		// ParseInto over storage a longer tag left behind reads the same.
		reused := Tag{Attrs: make([]Attr, 3, 40)}
		if err := ParseInto(&reused, s); err != nil || reused.String() != tg.String() {
			t.Fatalf("ParseInto %q: %v %q, Parse %q", s, err, reused.String(), tg.String())
		}
	})
}

func BenchmarkParse(b *testing.B) {
	s := `[skill_check: skill="Athletics" dc="15" mode="advantage" who="Ada Quickhand"]`
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(s); err != nil {
			b.Fatal(err)
		}
	}
}

// A well-formed tag with a duplicated attribute, over MaxTagLen or with
// more than MaxAttrs attributes is found with its refusal, not dropped as
// text; the search goes on after it.
func TestFindAllRefusals(t *testing.T) {
	var many strings.Builder
	many.WriteString("[inventory: action=\"add\"")
	for i := 0; i < MaxAttrs; i++ {
		fmt.Fprintf(&many, ` k%d="v"`, i)
	}
	many.WriteString("]")
	cases := []struct {
		tag, reason, attr string
	}{
		{`[skill_check: skill="Sneak" skill="Sway" dc="8"]`, ReasonDuplicateAttribute, "skill"},
		{`[skill_check: skill="Sneak" SKILL="Sway"]`, ReasonDuplicateAttribute, "SKILL"},
		{`[skill_check: skill="Sneak" note="` + strings.Repeat("x", MaxValueLen+1) + `"]`, ReasonTagTooLong, "note"},
		{`[skill_check: a="` + strings.Repeat("x", MaxTagLen/2) + `" b="` + strings.Repeat("y", MaxTagLen/2) + `"]`, ReasonTagTooLong, ""},
		{many.String(), ReasonTooManyAttributes, ""},
	}
	for _, c := range cases {
		text := "Before. " + c.tag + ` After [roll_dice: dice="1d6"]`
		found := FindAll(text)
		if len(found) != 2 || found[0].Err == nil || found[1].Err != nil {
			t.Fatalf("%.60s: found %d", c.tag, len(found))
		}
		f := found[0]
		if f.Err.Reason != c.reason || f.Err.Attr != c.attr || text[f.Start:f.End] != c.tag {
			t.Errorf("%.60s: %+v", c.tag, f.Err)
		}
		if _, err := Parse(c.tag); err == nil {
			t.Errorf("%.60s: Parse accepted it", c.tag)
		}
	}
}
