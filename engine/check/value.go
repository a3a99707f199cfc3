package check

import (
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// ResolveValue rolls a check whose sheet number is a value read from the
// sheet rather than a skill, save or ability: an item gate's
// { "value": { "derived": "spell_mod" } } (spec/items.md "Using items in
// a fight"). It is read like an ability check (only what is not
// restricted to skills applies), with number in place of the ability
// modifier and training; the record names it with sheetValue=label. t
// carries the check's other attributes (dc=, mode=).
func ResolveValue(env *Env, label string, number int, t tag.Tag) Result {
	st := new(store)
	st.s.reset()
	c := &st.c
	*c = Check{Env: env, Tag: t, Res: env.RS.Resolution, number: &number, scratch: &st.s}
	c.keys.indexKeys(t)
	c.Target = Target{Type: "sheetValue", Label: label}
	c.newRecord("check")
	c.Rec.Add("who", env.Char.Name())
	c.Rec.Add("sheetValue", label)
	if env.Effects != nil {
		c.Effects = env.Effects(c)
	}
	r, ok := nativeResolvers[c.Res.Kind]
	if !ok {
		r, ok = env.Kinds[c.Res.Kind]
	}
	if !ok {
		return Result{Record: record.Refused("skill_check", "unknown-kind", "kind", c.Res.Kind)}
	}
	r.Resolve(c)
	if c.Rec.Name == "check" {
		c.noteIgnored()
	}
	c.finish()
	return Result{Record: c.Rec, Debits: c.Debits}
}
