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

// Character finds a character by the host's one naming rule
// (sheet.FindName: the whole name in any case, else a word of exactly
// one name, else a unique prefix), as who= reads everywhere.
func (e TagEnv) Character(name string) (*sheet.Character, bool) {
	var arr [8]string
	names := arr[:0]
	for _, c := range e.Characters {
		names = append(names, c.Name())
	}
	if i, ok := sheet.FindName(names, name); ok {
		return e.Characters[i], true
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
	ev, err := st.tagEnv(env, t, p.Config)
	if err != nil {
		return refuse(err.Error()), true
	}
	defer st.endTagEnv()
	tbl, fn := tagHandler(st.Section("tags", ""), name)
	rets, err := st.Call(ctx, env.Dice, nil, tbl, fn, ev)
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
	// the attributes ReadResult made are the record's own: not copied
	// into record.New's 16 slots (512 bytes a call)
	r = record.Record{Tag: tag.Tag{Name: res.Name, Attrs: res.Attrs}}
	if err := p.checkTagRecord(env, name, &r); err != nil {
		return refuse(err.Error()), true
	}
	return r, true
}

// reservedReasons are the refusal reasons only the host writes: a plugin
// that returned one would pass its own failure off as the host's verdict
// (or blame another plugin).
var reservedReasons = map[string]bool{"plugin-error": true, "engine-error": true}

// checkTagRecord holds what a tag handler returned to what a plugin tag
// may say. Only the engine prints records that claim a change of state
// ([inventory: ...], [loot: ...]): a plugin tag answers with a record name
// its manifest declares, a check (re-verified here against the ruleset's
// bands and the characters the tag may name), or a refusal of its own tag
// naming no plugin and no kind but its own.
func (p *Plugin) checkTagRecord(env TagEnv, tagName string, r *record.Record) error {
	switch {
	case r.Name == "refused":
		if !r.Has("action") {
			r.Attrs = append([]tag.Attr{{Key: "action", Value: tagName}}, r.Attrs...)
		}
		if err := CheckOwnRefusal(*r, p.Manifest, ""); err != nil {
			return err
		}
		if a := r.Value("action"); a != tagName {
			return fmt.Errorf("a refusal of action=%q; a tag handler refuses only its own tag (action=%q)", a, tagName)
		}
	case r.Name == record.CheckRecord:
		if err := CheckEngineKeys(*r); err != nil {
			return err
		}
		if err := checkTagCheck(env, *r); err != nil {
			return err
		}
	case !p.Manifest.OwnsRecord(r.Name):
		return fmt.Errorf("a %q record; a tag handler answers with a record its manifest declares under records (or a check, or a refusal); only the engine writes the others", r.Name)
	default:
		if err := CheckEngineKeys(*r); err != nil {
			return err
		}
	}
	return record.Check(*r)
}

// engineKeys are the keys only a refusal carries, and the engine writes
// them: who refused what (action=), why (reason=), and the plugin and kind
// at fault. A plugin's own record that carried plugin="opposed-pool" would
// name another plugin as its author.
var engineKeys = []string{"plugin", "reason", "kind", "action"}

// CheckEngineKeys refuses a record from a plugin, other than a refusal,
// that carries a key only the engine writes.
func CheckEngineKeys(r record.Record) error {
	if r.NameIs("refused") {
		return nil
	}
	for _, a := range r.Attrs {
		for _, k := range engineKeys {
			if strings.EqualFold(a.Key, k) {
				return fmt.Errorf("record %s: key %q belongs to refusals, which the engine writes; leave it out of a plugin's record", r.Name, a.Key)
			}
		}
	}
	return nil
}

// checkTagCheck re-verifies a check a tag handler returned: it names a
// character the tag may name, and its outcome is one of the ruleset's
// bands (none when the ruleset declares none).
func checkTagCheck(env TagEnv, r record.Record) error {
	who, ok := r.Get("who")
	if !ok {
		return fmt.Errorf("a check names who= rolled")
	}
	if c, ok := env.Character(who); !ok || c.Name() != who {
		return fmt.Errorf("a check for who=%q, who is not a character this tag may name", who)
	}
	if !r.Has("resolution") {
		return fmt.Errorf("a check says how it was read: resolution=")
	}
	var o *ruleset.Outcomes
	if env.RS != nil && env.RS.Resolution != nil {
		o = env.RS.Resolution.Outcomes
	}
	return CheckBands(r, o)
}

// CheckBands holds a check's outcome= to the ruleset's bands: with no
// bands there is no outcome to name, so any outcome= is forged.
func CheckBands(r record.Record, o *ruleset.Outcomes) error {
	if o == nil {
		if v, ok := r.Get("outcome"); ok {
			return fmt.Errorf("outcome=%q, but the ruleset declares no outcome bands", v)
		}
		return nil
	}
	label, ok := r.Get("outcome")
	if !ok {
		return nil
	}
	// a linear look over at most 8 bands: no map built per check
	for _, t := range o.Tiers {
		if t.Label == label {
			if s, ok := r.Bool("success"); ok && s != t.Success {
				return fmt.Errorf("record %s: outcome %q is %s, but success=%v", r.Name, label, map[bool]string{true: "a success", false: "a failure"}[t.Success], s)
			}
			return nil
		}
	}
	return fmt.Errorf("record %s: outcome %q is not one of the ruleset's bands", r.Name, label)
}

// CheckOwnRefusal keeps a plugin from speaking for another or for the
// host: a refusal it returns may name a plugin= and a kind= only when they
// are its own (the host writes plugin-error refusals naming the plugin at
// fault; a forged one would put the blame on someone else), and may not
// use a reason only the host writes. kind is the kind resolving (kind=
// must be it); "" (a tag) allows any kind of the plugin's own.
func CheckOwnRefusal(r record.Record, m Manifest, kind string) error {
	if !r.NameIs("refused") {
		return nil
	}
	if v, ok := r.Get("plugin"); ok && v != m.Name {
		return fmt.Errorf("a refusal naming plugin=%q; a plugin may only name itself", v)
	}
	if v, ok := r.Get("kind"); ok {
		if kind != "" && v != kind {
			return fmt.Errorf("a refusal naming kind=%q; a kind may only name itself", v)
		}
		if kind == "" && !m.OwnsKind(v) {
			return fmt.Errorf("a refusal naming kind=%q, which is not a kind of this plugin", v)
		}
	}
	reason := r.Value("reason")
	if reservedReasons[reason] {
		return fmt.Errorf("a refusal with reason=%q, which only the host writes; give your own reason code", reason)
	}
	if strings.TrimSpace(reason) == "" {
		return fmt.Errorf(`a refusal without a reason (reason=%q); give a reason code, e.g. rulehost.refuse(nil, "no-target", "...")`, reason)
	}
	return nil
}
