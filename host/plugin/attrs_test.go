package plugin_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/plugin"
)

// declaredPlugin is a plugin whose tag is given in the table form, with
// attributes, and whose kind declares the extra attributes it reads.
const declaredPlugin = `
local function answer(env)
  return { name = "portent_decl", attrs = { { "sign", env.tag.attrs.sign or "none" } } }
end
return { name = "declared", version = "1", api = 1,
  tags = {
    read_omen = {
      answer = answer,
      doc = "Reads an omen.",
      instructions = "Use when the party looks for signs.\nOne per scene.",
      attrs = {
        { name = "who", type = "character", required = true, doc = "The reader." },
        { name = "sign", type = "text", enum = { "crow", "comet" }, doc = "What is looked for." },
        { name = "count", type = "integer", doc = "How many." },
      },
      examples = { '[read_omen: who="Ada" sign="crow"]' },
    },
    plain = function(env) return { name = "portent_decl", attrs = { { "sign", "plain" } } } end,
  },
  kinds = { ["omen-kind"] = { keys = {}, validate = function() end, resolve = function() end,
    doc = "An omen kind.", attrs = { { name = "adds", type = "integer", doc = "Adds." } },
    examples = { '[skill_check: skill="Climb" adds="1"]' } } },
  records = { portent_decl = { doc = "an omen", keys = { { name = "sign", type = "text", doc = "The sign." } } } },
}`

// TestTagAndKindDeclarations: the table form of a tag declares its
// meaning, attributes and examples and still answers through answer; the
// function form has a declaration with only its name; a kind's table
// carries its own declarations.
func TestTagAndKindDeclarations(t *testing.T) {
	p, err := plugin.Load(writePlugin(t, "declared", declaredPlugin), generousLoad)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	m := p.Manifest
	if !reflect.DeepEqual(m.Tags, []string{"plain", "read_omen"}) {
		t.Fatalf("tags %v", m.Tags)
	}
	want := []plugin.TagDecl{
		{Name: "plain"},
		{Name: "read_omen", Doc: "Reads an omen.", Instructions: "Use when the party looks for signs.\nOne per scene.",
			Attrs: []plugin.AttrDecl{
				{Name: "who", Type: "character", Required: true, Doc: "The reader."},
				{Name: "sign", Type: "text", Enum: []string{"crow", "comet"}, Doc: "What is looked for."},
				{Name: "count", Type: "integer", Doc: "How many."},
			},
			Examples: []string{`[read_omen: who="Ada" sign="crow"]`}},
	}
	if !reflect.DeepEqual(m.TagDecls, want) {
		t.Errorf("tag declarations\n%+v\nwant\n%+v", m.TagDecls, want)
	}
	if a, ok := m.TagDecls[1].Attr("SIGN"); !ok || a.Name != "sign" {
		t.Errorf("Attr in any case: %v %v", a, ok)
	}
	k := m.Kinds[0]
	if k.Doc != "An omen kind." || len(k.Attrs) != 1 || k.Attrs[0].Name != "adds" || len(k.Examples) != 1 {
		t.Errorf("kind declaration %+v", k)
	}
	set := plugin.NewSet(generousLoad)
	if err := set.Add(p); err != nil {
		t.Fatal(err)
	}
	for text, rec := range map[string]string{
		`[read_omen: sign="comet"]`: `[portent_decl: sign="comet"]`,
		`[plain: x="1"]`:            `[portent_decl: sign="plain"]`,
	} {
		tg, _ := tag.Parse(text)
		r, ok := set.Answer(context.Background(), plugin.TagEnv{Dice: dice.New(1, 0, 0)}, tg)
		if !ok || r.String() != rec {
			t.Errorf("%s answered %s (%v), want %s", text, r, ok, rec)
		}
	}
}

// TestMalformedDeclarations: each malformed declaration is refused at
// load with the plugin, the field path and the reason.
func TestMalformedDeclarations(t *testing.T) {
	attr := func(fields string) string {
		return `return { name = "bad", version = "1", api = 1, tags = { opposed_check = { answer = function() end,
  attrs = { { name = "who", type = "character", doc = "x" }, { name = "b", type = "text", doc = "x" }, { ` + fields + ` } } } } }`
	}
	many := make([]string, 65)
	for i := range many {
		many[i] = fmt.Sprintf(`{ name = "a%d", type = "text", doc = "x" }`, i)
	}
	cases := map[string]struct{ src, want string }{
		"type":          {attr(`name = "n", type = "int", doc = "x"`), `tags.opposed_check.attrs[3].type: "int" is not a type (want one of text, integer, number, boolean, character, skill, item, dice)`},
		"no type":       {attr(`name = "n", doc = "x"`), `tags.opposed_check.attrs[3].type: want one of text, integer`},
		"name":          {attr(`name = "9lives", type = "text", doc = "x"`), `tags.opposed_check.attrs[3].name: "9lives": use letters, digits and underscores`},
		"duplicate":     {attr(`name = "WHO", type = "text", doc = "x"`), `tags.opposed_check.attrs[3].name: "WHO" is declared twice`},
		"enum on int":   {attr(`name = "n", type = "integer", enum = { "1" }, doc = "x"`), `tags.opposed_check.attrs[3].enum: only a text attribute takes an enum (this one is integer)`},
		"empty enum":    {attr(`name = "n", type = "text", enum = {}, doc = "x"`), `tags.opposed_check.attrs[3].enum: want 1 to 64 values, found 0`},
		"enum twice":    {attr(`name = "n", type = "text", enum = { "a", "A" }, doc = "x"`), `tags.opposed_check.attrs[3].enum[2]: "A" is listed twice`},
		"enum number":   {attr(`name = "n", type = "text", enum = { 1 }, doc = "x"`), `tags.opposed_check.attrs[3].enum[1]: want a non-empty string`},
		"required":      {attr(`name = "n", type = "text", required = "yes", doc = "x"`), `tags.opposed_check.attrs[3].required: want true or false, found string`},
		"no doc":        {attr(`name = "n", type = "text"`), `tags.opposed_check.attrs[3].doc: say what the attribute means`},
		"not a table":   {attr(`name = "n", type = "text", doc = "x" }, 5, {`), `tags.opposed_check.attrs[4]: want {name = ..., type = ..., doc = ...}, found number`},
		"attrs number":  {`return { name = "bad", version = "1", api = 1, tags = { t = { answer = function() end, attrs = 3 } } }`, `tags.t.attrs: want a list of {name = ..., type = ..., doc = ...}, found number`},
		"too many":      {`return { name = "bad", version = "1", api = 1, tags = { t = { answer = function() end, attrs = {` + strings.Join(many, ",") + `} } } }`, `tags.t.attrs: 65 attributes; at most 64`},
		"no answer":     {`return { name = "bad", version = "1", api = 1, tags = { t = { doc = "x" } } }`, `tags.t.answer: want the tag's handler (a function), found nil`},
		"tag is number": {`return { name = "bad", version = "1", api = 1, tags = { t = 3 } }`, `tags["t"]: want a function or a table {answer = function, attrs = {...}}, found number`},
		"doc number":    {`return { name = "bad", version = "1", api = 1, tags = { t = { answer = function() end, doc = 3 } } }`, `tags.t.doc: want a string, found number`},
		"example":       {`return { name = "bad", version = "1", api = 1, tags = { t = { answer = function() end, examples = { "roll it" } } } }`, `tags.t.examples[1]: not a tag`},
		"example name":  {`return { name = "bad", version = "1", api = 1, tags = { t = { answer = function() end, examples = { "[u: a=\"1\"]" } } } }`, `tags.t.examples[1]: a [u: ...] tag; an example here is a [t: ...] tag`},
		"native tag":    {`return { name = "bad", version = "1", api = 1, tags = { loot = { answer = function() end } } }`, `tags["loot"]: the engine answers this tag itself`},
		"kind attr": {`return { name = "bad", version = "1", api = 1, kinds = { ["k-k"] = { keys = {}, validate = function() end, resolve = function() end,
  attrs = { { name = "adds", type = "float", doc = "x" } } } } }`, `kinds["k-k"].attrs[1].type: "float" is not a type`},
		"kind example": {`return { name = "bad", version = "1", api = 1, kinds = { ["k-k"] = { keys = {}, validate = function() end, resolve = function() end,
  examples = { "[roll_dice: dice=\"1d6\"]" } } } }`, `kinds["k-k"].examples[1]: a [roll_dice: ...] tag; an example here is a [skill_check: ...] tag`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := plugin.Load(writePlugin(t, "bad", c.src), generousLoad)
			if err == nil {
				t.Fatal("loaded")
			}
			if !strings.HasPrefix(err.Error(), `plugin "bad": bad/plugin.lua: manifest: `) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v\nwant it to name the plugin and say %s", err, c.want)
			}
		})
	}
}

// TestDeclarationTextIsCut: a doc longer than 1 KiB is cut like every
// plugin string, and control characters in it are escaped.
func TestDeclarationTextIsCut(t *testing.T) {
	long := strings.Repeat("x", 3000)
	src := `return { name = "long", version = "1", api = 1, tags = { t = { answer = function() end,
  doc = "` + long + `", attrs = { { name = "a", type = "text", doc = "line\nbreak" } } } } }`
	p, err := plugin.Load(writePlugin(t, "long", src), generousLoad)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	d := p.Manifest.TagDecls[0]
	if len(d.Doc) > 1100 || !strings.Contains(d.Doc, "more bytes") {
		t.Errorf("doc of %d bytes not cut: ...%s", len(d.Doc), d.Doc[len(d.Doc)-30:])
	}
	if d.Attrs[0].Doc != `line\nbreak` {
		t.Errorf("attribute doc %q", d.Attrs[0].Doc)
	}
}

// TestBundledPluginsDeclare: every bundled plugin's tags and kinds say
// what they do, and opposed_check declares its four required attributes
// (the MCP tool of the tag is built from them).
func TestBundledPluginsDeclare(t *testing.T) {
	dirs, err := plugin.PluginDirs("../../plugins")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		p, err := plugin.Load(dir, generousLoad)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range p.Manifest.TagDecls {
			if d.Doc == "" || len(d.Examples) == 0 {
				t.Errorf("%s: tag %s declares no doc or examples", p.Name(), d.Name)
			}
		}
		for _, k := range p.Manifest.Kinds {
			if k.Doc == "" || len(k.Examples) == 0 {
				t.Errorf("%s: kind %s declares no doc or examples", p.Name(), k.Name)
			}
		}
		if d, ok := p.Manifest.TagDecl("opposed_check"); ok {
			var req []string
			for _, a := range d.Attrs {
				if a.Required {
					req = append(req, a.Name+":"+a.Type)
				}
			}
			if got := strings.Join(req, " "); got != "who:character skill:skill vs:character vsSkill:skill" {
				t.Errorf("opposed_check requires %s", got)
			}
		}
		p.Close()
	}
}

// generousLoad gives loading and calls deadlines a loaded machine under
// -race cannot miss: these tests check what is declared, not how fast.
var generousLoad = plugin.Options{LoadDeadline: 30 * time.Second, Deadline: 30 * time.Second}
