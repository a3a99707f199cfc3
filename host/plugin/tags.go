package plugin

import (
	"context"
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/bridge"
)

// TagEnv is what a plugin tag is answered against: the ruleset, the
// characters the tag may name, and the tag's dice stream.
type TagEnv struct {
	RS         *ruleset.Ruleset
	Characters []*sheet.Character
	Dice       dice.Stream
}

// Character finds a character by sheet name, in any case.
func (e TagEnv) Character(name string) (*sheet.Character, bool) {
	for _, c := range e.Characters {
		if strings.EqualFold(c.Name(), name) {
			return c, true
		}
	}
	return nil, false
}

// Handles reports whether a plugin answers tags with this name.
func (s *Set) Handles(name string) bool {
	_, ok := s.Tags[strings.ToLower(name)]
	return ok
}

// Answer answers a plugin tag. ok is false when no plugin answers the
// tag's name. The handler receives env = {tag, ruleset, config,
// characters, character(name)} and returns a whole record; whatever it
// returns passes record.Check, and a bad result (or a fault) becomes a
// plugin-error refusal naming the plugin.
func (s *Set) Answer(ctx context.Context, env TagEnv, t tag.Tag) (r record.Record, ok bool) {
	name := strings.ToLower(t.Name)
	p, ok := s.Tags[name]
	if !ok {
		return record.Record{}, false
	}
	refuse := func(note string) record.Record {
		s.Opts.Logger.Warn("plugin tag failed", "plugin", p.Name(), "tag", name, "error", note)
		return record.Refused(name, "plugin-error", "plugin", p.Name(), "note", note)
	}
	st, err := p.Acquire()
	if err != nil {
		return refuse(Describe(err)), true
	}
	defer st.Release()
	L := st.SB.L()
	ev := L.CreateTable(0, 6)
	ev.RawSetString("tag", st.B.Tag(t))
	if env.RS != nil {
		rv, err := st.B.Ruleset(env.RS)
		if err != nil {
			return refuse(err.Error()), true
		}
		ev.RawSetString("ruleset", rv)
	}
	cv, err := st.B.Config(p.Config)
	if err != nil {
		return refuse(err.Error()), true
	}
	ev.RawSetString("config", cv)
	names := L.CreateTable(len(env.Characters), 0)
	for _, c := range env.Characters {
		names.Append(lua.LString(c.Name()))
	}
	ev.RawSetString("characters", names)
	ev.RawSetString("character", st.B.CharacterFunc(env.Character))
	rets, err := st.Call(ctx, env.Dice, nil, st.Section("tags", ""), name, st.SB.Freeze(ev))
	if err != nil {
		return refuse(Describe(err)), true
	}
	var ret lua.LValue = lua.LNil
	if len(rets) > 0 {
		ret = rets[0]
	}
	res, err := bridge.ReadResult(ret)
	if err != nil {
		return refuse(err.Error()), true
	}
	if res.Name == "" {
		return refuse(`a tag handler returns a whole record {name = "...", attrs = {...}}`), true
	}
	r = record.New(res.Name)
	r.Attrs = append(r.Attrs, res.Attrs...)
	if err := CheckOwnRefusal(r, p.Name(), ""); err != nil {
		return refuse(err.Error()), true
	}
	if err := record.Check(r); err != nil {
		return refuse(err.Error()), true
	}
	return r, true
}

// CheckOwnRefusal keeps a plugin from speaking for another: a refusal it
// returns may name a plugin= and kind= only when they are its own (the
// host writes plugin-error refusals naming the plugin at fault; a forged
// one would put the blame on someone else). kind "" skips the kind test.
func CheckOwnRefusal(r record.Record, plugin, kind string) error {
	if !r.NameIs("refused") {
		return nil
	}
	if v, ok := r.Get("plugin"); ok && v != plugin {
		return fmt.Errorf("a refusal naming plugin=%q; a plugin may only name itself", v)
	}
	if v, ok := r.Get("kind"); ok && kind != "" && v != kind {
		return fmt.Errorf("a refusal naming kind=%q; a kind may only name itself", v)
	}
	return nil
}
