package check

import (
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestTextsFillAfterDelete: a kind may delete attributes (Rec.Delete)
// after values were written in the check's texts, which moves the later
// attributes down; each pending value still lands on its own attribute,
// not on an earlier one with the same key and an empty value, and an
// attribute deleted with its value pending takes nothing with it.
func TestTextsFillAfterDelete(t *testing.T) {
	st := new(store)
	c := &st.c
	c.scratch = &st.s
	st.s.reset()
	c.newRecord("check")
	c.Rec.Add("head", "x")
	c.addInt("gone", 1000) // pending, then deleted
	c.Rec.Add("b", "")     // an empty value of a key written again below
	c.addInt("b", 2000)    // pending, moves down by one
	c.addInts("c", []int{100, 200, 300})
	c.Rec.Add("with", "Strength")
	c.addSigned("d", -250)
	c.Rec.Delete("gone")
	c.Rec.Delete("with")
	c.finish()
	want := `[check: head="x" b="" b="2000" c="100,200,300" d="-250"]`
	if got := c.Rec.String(); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// TestCheckerWithPluginKind runs a plugin kind (a Resolver in Env.Kinds)
// between native checks in one Checker. The plugin writes empty values
// under the keys the native kinds write in the texts, and sometimes
// replaces the record outright; none of its values may be filled from
// the texts, and every record kept reads later as it did when made.
func TestCheckerWithPluginKind(t *testing.T) {
	native := poolBundled(t, "d20-5e")
	res := *native.Resolution
	res.Kind = "test-plugin"
	res.Overrides = nil
	plugged := *native
	plugged.Resolution = &res
	ch := poolBundledChar(t, native, "d20-5e", "ada")
	chP := poolBundledChar(t, &plugged, "d20-5e", "ada")
	calls := 0
	kinds := map[string]Resolver{"test-plugin": ResolverFunc(func(c *Check) {
		calls++
		if calls%2 == 0 {
			c.Rec = record.New("check")
			c.Rec.Add("who", c.Env.Char.Name())
			c.Rec.Add("resolution", "replaced")
			c.Rec.Add("rolls", "")
			c.Rec.Add("total", "")
			return
		}
		c.Rec.Add("resolution", "plugin")
		c.Rec.Add("rolls", "")
		c.Rec.Add("total", "")
		c.Rec.Add("dc", "")
	})}
	stream := dice.New(3, 0, 0)
	envN := &Env{RS: native, Char: ch, Dice: stream}
	envP := &Env{RS: &plugged, Char: chP, Dice: stream, Kinds: kinds}
	tags := []string{
		`[skill_check: skill="Athletics" dc="215" mode="advantage" bonus="+300"]`,
		`[skill_check: skill="Stealth" dc="12" bonus="-150"]`,
	}
	type kept struct {
		rec  record.Record
		text string
	}
	var all []kept
	var k Checker
	for i := range 600 {
		stream.Reset(uint64(i), 0, 0)
		tg, err := tag.Parse(tags[i%len(tags)])
		if err != nil {
			t.Fatal(err)
		}
		env := envN
		if i%3 == 1 {
			env = envP
		}
		rec := k.Resolve(env, tg).Record
		rec = record.Record{Tag: tag.Tag{Name: rec.Name, Attrs: append([]tag.Attr(nil), rec.Attrs...)}}
		if env == envP {
			for _, key := range []string{"rolls", "total", "dc"} {
				if v, ok := rec.Get(key); ok && v != "" {
					t.Fatalf("check %d: the plugin's empty %s= was filled with %q: %s", i, key, v, rec.String())
				}
			}
		} else if rec.Value("total") == "" || rec.Value("dc") != tg.Value("dc") {
			t.Fatalf("check %d: a native record without its values: %s", i, rec.String())
		}
		all = append(all, kept{rec, rec.String()})
	}
	if calls == 0 {
		t.Fatal("the plugin kind never ran")
	}
	for i, r := range all {
		if got := r.rec.String(); got != r.text {
			t.Fatalf("record %d changed after it was made:\n%s\nnow\n%s", i, r.text, got)
		}
	}
}
