package fight

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/use"
)

// use answers [fight: op="use" who= item= target=]: the item's use in the
// fight, spending its budget (or nothing when it is free).
func (f *fight) use(t tag.Tag) record.Record {
	w, ok := f.find(t.Value("who"))
	if !ok || w.IsFoe() {
		return record.Refused("fight", UnknownWho, "op", "use", "who", t.Value("who"), "note", "who is one of the party: "+memberNames(f.p))
	}
	name := strings.TrimSpace(t.Value("item"))
	def := f.heldDef(w.Member, name)
	if def == nil || def.UseDef == nil {
		return record.Refused("fight", UnknownItem, "op", "use", "who", f.name(w), "item", name, "note", f.name(w)+" carries no "+name+" that can be used")
	}
	b := def.UseDef.Budget
	if def.UseDef.Free {
		b = ""
	}
	if refusal, ok := f.canSpend(w, b, "use"); !ok {
		return refusal
	}
	inner := tag.Tag{Name: "inventory", Attrs: []tag.Attr{{Key: "action", Value: "use"}, {Key: "item", Value: name}, {Key: "who", Value: f.name(w)}}}
	got := use.Answer(f.p, inner, f.turn)
	if got.Name == "refused" {
		return got
	}
	f.spend(w, b)
	rec := head("use")
	rec.Add("who", f.name(w))
	rec.Add("item", def.Label)
	said := got.Value("said")
	f.say(said)
	if n, ok := got.Int("remaining"); ok {
		f.say(fmt.Sprintf("%s: %d left.", def.Label, n))
	}
	return f.finish(rec)
}
