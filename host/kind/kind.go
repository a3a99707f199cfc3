// Package kind turns a plugin's resolution kind into the two interfaces
// the engine declares: ruleset.Kind (import validation, problems reported
// with JSON pointers exactly like a native kind's) and check.Resolver
// (resolving a check). The engine never imports the host; the host hands
// these to ruleset.Options.Kinds and check.Env.Kinds.
//
// What a plugin's resolve returns is held to the same checks as a native
// record: record.Check (known keys, types, dice faces, critical agreeing
// with success) and record.CheckOutcome with the ruleset's bands, plus the
// host's own: the common head (who, skill, override, with) belongs to the
// host, and a resolution= is required. A result that fails any of them, or
// a plugin that faults, becomes
// [refused: action="skill_check" reason="plugin-error" plugin=".." kind=".." note=".."].
package kind

import (
	"context"
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host/bridge"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
)

// Kind is one plugin resolution kind.
type Kind struct {
	P    *plugin.Plugin
	Decl plugin.KindDecl
}

var (
	_ ruleset.Kind   = (*Kind)(nil)
	_ check.Resolver = (*Kind)(nil)
)

// FromSet builds the kinds of every plugin in s, for ruleset.Options.Kinds
// and check.Env.Kinds.
func FromSet(s *plugin.Set) (map[string]ruleset.Kind, map[string]check.Resolver) {
	kinds := map[string]ruleset.Kind{}
	resolvers := map[string]check.Resolver{}
	for _, p := range s.Plugins {
		for _, d := range p.Manifest.Kinds {
			k := &Kind{P: p, Decl: d}
			kinds[d.Name] = k
			resolvers[d.Name] = k
		}
	}
	return kinds, resolvers
}

// Keys lists the kind's own resolution keys.
func (k *Kind) Keys() []string { return k.Decl.Keys }

// Locked lists the kind keys an override may not replace.
func (k *Kind) Locked() []string { return k.Decl.Locked }

// Validate runs the plugin's validate(o) on the resolution object. The
// table it returns is the kind's configuration (res.Plugin), which
// resolve later reads as check.resolution. A plugin that faults while
// validating is reported as a problem at the resolution's kind, so the
// import fails with a pointer rather than a crash.
func (k *Kind) Validate(v *ruleset.Validator, o validate.Obj, res *ruleset.Resolution) {
	st, err := k.P.Acquire()
	if err != nil {
		o.Addf("kind", "plugin %q could not validate kind %q: %s", k.P.Name(), k.Decl.Name, plugin.Describe(err))
		return
	}
	defer st.Release()
	view := st.B.Validation(v, o, res)
	rets, err := st.Call(context.Background(), nil, nil, st.Section("kinds", k.Decl.Name), "validate", view)
	if err != nil {
		o.Addf("kind", "plugin %q failed while validating kind %q: %s", k.P.Name(), k.Decl.Name, plugin.Describe(err))
		return
	}
	cfg := map[string]any{}
	if len(rets) > 0 && rets[0] != lua.LNil {
		raw, err := fromLua(rets[0])
		if err != nil {
			o.Addf("kind", "plugin %q: validate of kind %q returned %v", k.P.Name(), k.Decl.Name, err)
			return
		}
		cfg = raw
	}
	res.Plugin = cfg
}

// Resolve runs the plugin's resolve(check) and appends what it returns to
// the record the engine started, or replaces the record with the plugin's
// refusal or with a plugin-error refusal.
func (k *Kind) Resolve(c *check.Check) {
	if rec, err := k.resolve(c); err != nil {
		k.P.Opts().Logger.Warn("plugin kind failed", "plugin", k.P.Name(), "kind", k.Decl.Name, "error", err)
		c.Rec = record.Refused("skill_check", "plugin-error", "plugin", k.P.Name(), "kind", k.Decl.Name, "note", err.Error())
	} else {
		c.Rec = rec
	}
}

// hostKeys are the attributes of the check head, written by the engine.
var hostKeys = map[string]bool{"who": true, "skill": true, "save": true, "ability": true, "override": true, "with": true, "ignored": true}

func (k *Kind) resolve(c *check.Check) (record.Record, error) {
	st, err := k.P.Acquire()
	if err != nil {
		return record.Record{}, fmt.Errorf("%s", plugin.Describe(err))
	}
	defer st.Release()
	view, err := st.B.Check(c, k.P.Config)
	if err != nil {
		return record.Record{}, err
	}
	rets, err := st.Call(context.Background(), c.Env.Dice, c, st.Section("kinds", k.Decl.Name), "resolve", view)
	if err != nil {
		return record.Record{}, fmt.Errorf("%s", plugin.Describe(err))
	}
	var ret lua.LValue = lua.LNil
	if len(rets) > 0 {
		ret = rets[0]
	}
	// read after the head the engine wrote: the check's record in one
	// slice, res.Attrs[len(head):] the plugin's attributes
	head := c.Rec.Attrs
	res, err := bridge.ReadResultAfter(ret, head)
	if err != nil {
		return record.Record{}, err
	}
	own := res.Attrs[len(head):]
	if res.Name != "" {
		// A kind may refuse a check, with the spec's reason code.
		if res.Name != "refused" {
			return record.Record{}, fmt.Errorf(`resolve returned a %q record; return attributes for the check, or rulehost.refuse(...)`, res.Name)
		}
		r := record.New("refused")
		r.Attrs = append(r.Attrs, own...)
		if !r.Has("action") {
			r.Attrs = append([]tag.Attr{{Key: "action", Value: "skill_check"}}, r.Attrs...)
		}
		if a := r.Value("action"); a != "skill_check" {
			return record.Record{}, fmt.Errorf(`a refusal of action=%q; a kind refuses the check (action="skill_check")`, a)
		}
		if err := plugin.CheckOwnRefusal(r, k.P.Manifest, k.Decl.Name); err != nil {
			return record.Record{}, err
		}
		if err := record.Check(r); err != nil {
			return record.Record{}, err
		}
		return r, nil
	}
	rec := c.Rec
	rec.Attrs = res.Attrs
	for _, a := range own {
		if hostKeys[strings.ToLower(a.Key)] {
			return record.Record{}, fmt.Errorf("attribute %q belongs to the check head the host writes; leave it out", a.Key)
		}
	}
	if err := plugin.CheckEngineKeys(record.Record{Tag: tag.Tag{Name: rec.Name, Attrs: own}}); err != nil {
		return record.Record{}, err
	}
	if !rec.Has("resolution") {
		return record.Record{}, fmt.Errorf(`the record has no resolution=; add {"resolution", %q} (or how the check was read)`, k.Decl.Name)
	}
	if err := record.Check(rec); err != nil {
		return record.Record{}, err
	}
	if err := plugin.CheckBands(rec, c.Res.Outcomes); err != nil {
		return record.Record{}, err
	}
	return rec, nil
}

// fromLua reads validate's return value: a table of name = value.
func fromLua(lv lua.LValue) (map[string]any, error) {
	raw, err := sandbox.FromLua(lv)
	if err != nil {
		return nil, err
	}
	switch x := raw.(type) {
	case map[string]any:
		return x, nil
	case []any:
		if len(x) == 0 {
			return map[string]any{}, nil
		}
	}
	return nil, fmt.Errorf("a %T; want a table of name = value (the kind's configuration)", raw)
}
