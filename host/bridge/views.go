package bridge

import (
	"encoding/json"
	"reflect"
	"strings"
	"unsafe"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/sandbox"
)

// rulesetData is what a plugin sees of a ruleset: its vocabulary by id and
// label, and raw, the file as written (for keys the engine does not model).
func rulesetData(rs *ruleset.Ruleset) map[string]any {
	abilities := make([]any, len(rs.Abilities))
	for i, a := range rs.Abilities {
		abilities[i] = map[string]any{"id": a.ID, "label": a.Label, "min": a.Min, "max": a.Max, "default": a.Default}
	}
	skills := func(list []ruleset.Skill) []any {
		out := make([]any, len(list))
		for i, s := range list {
			out[i] = map[string]any{"id": s.ID, "label": s.Label, "ability": s.Ability}
		}
		return out
	}
	conds := make([]any, len(rs.Conditions))
	for i, c := range rs.Conditions {
		conds[i] = map[string]any{"id": c.ID, "label": c.Label}
	}
	pools := make([]any, len(rs.Live.Pools))
	for i, p := range rs.Live.Pools {
		pools[i] = map[string]any{"id": p.ID, "label": p.Label}
	}
	return map[string]any{
		"id": rs.ID, "name": rs.Name, "abilities": abilities, "skills": skills(rs.Skills),
		"saves": skills(rs.Saves), "conditions": conds, "pools": pools, "raw": rs.Raw,
	}
}

// outcomesData is resolution.outcomes as the plugin sees it; atLeast and
// on are nil where the band has none (R.pickBand reads this shape).
func outcomesData(o *ruleset.Outcomes) map[string]any {
	tiers := make([]any, len(o.Tiers))
	for i, t := range o.Tiers {
		m := map[string]any{"id": t.ID, "label": t.Label, "success": t.Success, "critical": t.Critical}
		if t.AtLeast != nil {
			m["atLeast"] = *t.AtLeast
		}
		if t.On != "" {
			m["on"] = t.On
		}
		if t.Text != "" {
			m["text"] = t.Text
		}
		tiers[i] = m
	}
	m := map[string]any{"by": o.By, "tiers": tiers}
	if o.Naturals != "" {
		m["naturals"] = o.Naturals
	}
	return m
}

// tagView is the Go side of a tag view.
type tagView struct {
	t     tag.Tag
	order lua.LValue // built on first read
	gen   uint64     // the call it belongs to (see State.live)
	// the view's attrs, made with the view (tagBox)
	attrs lua.LUserData
}

// tagBox is a tag view and its userdata in one allocation (a view was
// three: the userdata, the view, and its attrs' userdata at each read).
type tagBox struct {
	ud lua.LUserData
	v  tagView
}

// Tag builds the view of a tag: an object with name, attrs (read any key
// in any case: tag.attrs.dc; the first of a repeated key wins, as the
// engine reads it) and order (the keys as written, for iterating). It is
// built lazily so a call pays only for what the plugin reads.
func (st *State) Tag(t tag.Tag) lua.LValue {
	env := st.sb.L().Env
	b := &tagBox{v: tagView{t: t, gen: st.gen}}
	b.v.attrs = lua.LUserData{Value: &b.v, Env: env, Metatable: st.attrsMT}
	b.ud = lua.LUserData{Value: &b.v, Env: env, Metatable: st.tagMT}
	return &b.ud
}

// tagField reads a field of a tag view (viewIndex).
func (st *State) tagField(L *lua.LState, ud *lua.LUserData, key string) lua.LValue {
	tv, ok := ud.Value.(*tagView)
	if !ok {
		L.RaiseError("want a tag")
	}
	st.live(L, tv.gen)
	switch key {
	case "name":
		return lua.LString(tv.t.Name)
	case "attrs":
		return &tv.attrs
	case "order":
		if tv.order == nil {
			order := L.CreateTable(len(tv.t.Attrs), 0)
			for _, a := range tv.t.Attrs {
				order.Append(lua.LString(a.Key))
			}
			tv.order = st.sb.Freeze(order)
		}
		return tv.order
	}
	return lua.LNil
}

// attrsField reads an attribute through a tag view's attrs (viewIndex).
func (st *State) attrsField(L *lua.LState, ud *lua.LUserData, key string) lua.LValue {
	tv, ok := ud.Value.(*tagView)
	if !ok {
		L.RaiseError("want a tag's attrs")
	}
	st.live(L, tv.gen)
	if v, found := tv.t.Get(key); found {
		return lua.LString(v)
	}
	return lua.LNil
}

// Record builds the view of a record for a formatter: the tag view plus
// text, the record's own tag form.
func (st *State) Record(r record.Record) lua.LValue {
	L := st.sb.L()
	attrs := L.CreateTable(0, len(r.Attrs))
	order := L.CreateTable(len(r.Attrs), 0)
	for _, a := range r.Attrs {
		if attrs.RawGetString(a.Key) == lua.LNil {
			attrs.RawSetString(a.Key, lua.LString(a.Value))
		}
		order.Append(lua.LString(a.Key))
	}
	v := L.CreateTable(0, 4)
	v.RawSetString("name", lua.LString(r.Name))
	v.RawSetString("attrs", attrs)
	v.RawSetString("order", order)
	v.RawSetString("text", lua.LString(r.String()))
	return st.sb.Freeze(v)
}

// Sheet builds the view of a character: a read-only object whose methods
// answer from the sheet (see sheetMethods).
func (st *State) Sheet(ch *sheet.Character) lua.LValue {
	b := &sheetBox{v: sheetView{ch: ch, gen: st.gen}}
	b.ud = lua.LUserData{Value: &b.v, Env: st.sb.L().Env, Metatable: st.sheetMT}
	return &b.ud
}

// sheetBox is a sheet view and its userdata in one allocation.
type sheetBox struct {
	ud lua.LUserData
	v  sheetView
}

// CharacterFunc is env.character(name) for the call in progress: the view
// of the character find names, or nil. Like every view it belongs to its
// call: kept and called in a later call, it raises an error instead of
// answering with the earlier call's characters.
func (st *State) CharacterFunc(find func(name string) (*sheet.Character, bool)) *lua.LFunction {
	gen := st.gen
	return st.sb.L().NewFunction(func(L *lua.LState) int {
		st.live(L, gen)
		c, ok := find(L.CheckString(1))
		if !ok {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(st.Sheet(c))
		return 1
	})
}

// sheetView is the Go side of a sheet view.
type sheetView struct {
	ch  *sheet.Character
	gen uint64 // the call it belongs to (see State.live)
}

// Config returns the cached frozen view of a plugin's config (or any
// validated configuration map).
func (st *State) Config(m map[string]any) (lua.LValue, error) {
	if m == nil {
		return lua.LNil, nil
	}
	return st.cached(mapKey{reflect.ValueOf(m).UnsafePointer()}, func() any { return m })
}

// mapKey identifies a map by its header, for the cache: configurations
// are built once at load and never change afterwards. The pointer keeps
// the map alive while cached, so an address is never reused for another.
type mapKey struct{ p unsafe.Pointer }

// checkView is the Go side of the view resolve receives.
type checkView struct {
	gen     uint64 // the call it belongs to (see State.live)
	c       *check.Check
	config  map[string]any
	effects lua.LValue // built on first read
	tag     lua.LValue
	sheet   lua.LValue
}

// Check builds the view resolve receives: an object whose fields are read
// on demand (see checkIndex), so a call pays only for what the plugin
// reads. Cached parts (ruleset, resolution configuration, outcomes,
// config) are shared between calls.
func (st *State) Check(c *check.Check, config map[string]any) (lua.LValue, error) {
	b := &checkBox{v: checkView{c: c, config: config, gen: st.gen}}
	b.ud = lua.LUserData{Value: &b.v, Env: st.sb.L().Env, Metatable: st.checkMT}
	return &b.ud, nil
}

// checkBox is a check view and its userdata in one allocation.
type checkBox struct {
	ud lua.LUserData
	v  checkView
}

// emptyEffects is the effects view of a check nothing changed (most
// checks), shared by all of them.
var emptyEffects = map[string]any{
	"flat": 0, "advantage": false, "disadvantage": false, "failsSave": false,
	"dice": []any{}, "minusDice": []any{}, "from": []any{},
}

// checkField reads a field of the check view (viewIndex).
func (st *State) checkField(L *lua.LState, ud *lua.LUserData, key string) lua.LValue {
	cv, ok := ud.Value.(*checkView)
	if !ok {
		L.RaiseError("want a check")
	}
	st.live(L, cv.gen)
	c := cv.c
	str := func(s string) lua.LValue {
		if s == "" {
			return lua.LNil
		}
		return lua.LString(s)
	}
	cachedOr := func(v lua.LValue, err error) lua.LValue {
		if err != nil {
			L.RaiseError("%s", err.Error())
		}
		return v
	}
	switch key {
	case "who":
		return str(c.Env.Char.Name())
	case "type":
		return str(c.Target.Type)
	case "id":
		return str(c.Target.ID)
	case "label":
		return str(c.Target.Label)
	case "ability":
		return str(c.Target.Ability)
	case "with":
		return str(c.Target.With)
	case "withLabel":
		return str(c.Target.WithLabel)
	case "kind":
		return str(c.Res.Kind)
	case "override":
		if c.Override != nil {
			return str(c.Override.Label)
		}
		return lua.LNil
	case "sheetNumber":
		return Num(c.SheetNumber())
	case "ruleset":
		return cachedOr(st.Ruleset(c.Env.RS))
	case "resolution":
		if c.Res.Plugin == nil {
			return lua.LNil
		}
		return cachedOr(st.cached(c.Res, func() any { return c.Res.Plugin }))
	case "outcomes":
		if c.Res.Outcomes == nil {
			return lua.LNil
		}
		return cachedOr(st.cached(c.Res.Outcomes, func() any { return outcomesData(c.Res.Outcomes) }))
	case "config":
		return cachedOr(st.Config(cv.config))
	case "effects":
		if cv.effects == nil {
			v, err := st.effects(c.Effects)
			if err != nil {
				L.RaiseError("%s", err.Error())
			}
			cv.effects = v
		}
		return cv.effects
	case "tag":
		if cv.tag == nil {
			cv.tag = st.Tag(c.Tag)
		}
		return cv.tag
	case "sheet":
		if cv.sheet == nil {
			cv.sheet = st.Sheet(c.Env.Char)
		}
		return cv.sheet
	case "int":
		return st.fnInt
	case "ignore":
		return st.fnIgnore
	case "mode":
		return st.fnMode
	}
	return lua.LNil
}

// effects builds the effects view: flat, advantage, disadvantage,
// failsSave, dice and minusDice (notations such as "1d4"), from (labels).
func (st *State) effects(e check.Effects) (lua.LValue, error) {
	if e.Flat == 0 && !e.Advantage && !e.Disadvantage && !e.FailsSave && len(e.Dice) == 0 && len(e.MinusDice) == 0 && len(e.From) == 0 {
		return st.cached(&emptyEffects, func() any { return emptyEffects })
	}
	notations := func(ns []dice.Notation) []any {
		out := make([]any, len(ns))
		for i, n := range ns {
			out[i] = n.String()
		}
		return out
	}
	from := make([]any, len(e.From))
	for i, f := range e.From {
		from[i] = f
	}
	return st.sb.ReadOnly(map[string]any{
		"flat": e.Flat, "advantage": e.Advantage, "disadvantage": e.Disadvantage, "failsSave": e.FailsSave,
		"dice": notations(e.Dice), "minusDice": notations(e.MinusDice), "from": from,
	})
}

// --- sheet methods -----------------------------------------------------------

func (st *State) checkSheet(L *lua.LState) *sheet.Character {
	ud := L.CheckUserData(1)
	sv, ok := ud.Value.(*sheetView)
	if !ok {
		L.ArgError(1, "want a sheet (call methods with a colon: sheet:abilityMod(\"str\"))")
	}
	st.live(L, sv.gen)
	return sv.ch
}

// sheetNumber adapts a sheet reader of one id (sheet:abilityMod("str"))
// to a Lua method returning the number.
func sheetNumber[N int | float64](read func(*sheet.Character, string) N) func(*State, *lua.LState) int {
	return func(st *State, L *lua.LState) int {
		ch := st.checkSheet(L)
		L.Push(Num(read(ch, L.CheckString(2))))
		return 1
	}
}

// sheetBool adapts a sheet question about one id (sheet:hasCondition("prone"))
// to a Lua method returning the answer.
func sheetBool(read func(*sheet.Character, string) bool) func(*State, *lua.LState) int {
	return func(st *State, L *lua.LState) int {
		ch := st.checkSheet(L)
		L.Push(lua.LBool(read(ch, L.CheckString(2))))
		return 1
	}
}

var sheetMethods = map[string]func(*State, *lua.LState) int{
	"name": func(st *State, L *lua.LState) int {
		L.Push(lua.LString(st.checkSheet(L).Name()))
		return 1
	},
	"abilityScore": sheetNumber((*sheet.Character).AbilityScore),
	"abilityMod":   sheetNumber((*sheet.Character).AbilityMod),
	"field":        sheetNumber((*sheet.Character).Field),
	"derived":      sheetNumber((*sheet.Character).Derived),
	"pool":         sheetNumber((*sheet.Character).Pool),
	"hasCondition": sheetBool((*sheet.Character).HasCondition),
	"hasEntry":     sheetBool((*sheet.Character).HasEntry),
	"training": func(st *State, L *lua.LState) int {
		ch := st.checkSheet(L)
		tr := ch.Training(L.CheckString(2), L.OptBool(3, false))
		L.Push(lua.LString(tr.Tier))
		L.Push(Num(tr.Bonus))
		return 2
	},
	"tierBonus": sheetNumber((*sheet.Character).TierBonus),
	// value(ref) reads a value reference written as in a ruleset:
	// sheet:value({ abilityMod = "str" }).
	"value": func(st *State, L *lua.LState) int {
		ch := st.checkSheet(L)
		raw, err := sandbox.FromLuaBounded(L.CheckTable(2), maxArgItems, maxArgBytes)
		if err != nil {
			L.ArgError(2, err.Error())
		}
		b, _ := json.Marshal(raw)
		var ref valueref.Ref
		if err := json.Unmarshal(b, &ref); err != nil || ref.IsZero() {
			L.ArgError(2, `want a value reference like { abilityMod = "str" }`)
		}
		L.Push(Num(ch.Value(ref)))
		return 1
	},
	// number(what) is the sheet number the engine would use for a check of
	// what (a skill, save or ability, by id or label): ability modifier
	// plus tier bonus plus per-skill bonus plus adjustments. A pool reads
	// it as its dice. Returns nil for a name the ruleset does not know.
	"number": func(st *State, L *lua.LState) int {
		ch := st.checkSheet(L)
		t, ok := FindTarget(ch.RS, L.CheckString(2))
		if !ok {
			L.Push(lua.LNil)
			return 1
		}
		c := &check.Check{Env: &check.Env{RS: ch.RS, Char: ch}, Res: ch.RS.Resolution, Target: t}
		L.Push(Num(c.SheetNumber()))
		L.Push(lua.LString(t.Label))
		return 2
	},
}

// FindTarget finds what a name rolls, as a check tag's skill=, save= and
// ability= would: a skill first, then a save, then an ability, by id or
// label in any case.
func FindTarget(rs *ruleset.Ruleset, name string) (check.Target, bool) {
	for _, s := range rs.Skills {
		if strings.EqualFold(s.ID, name) || strings.EqualFold(s.Label, name) {
			return check.Target{Type: "skill", ID: s.ID, Label: s.Label, Ability: s.Ability}, true
		}
	}
	for _, s := range rs.Saves {
		if strings.EqualFold(s.ID, name) || strings.EqualFold(s.Label, name) {
			return check.Target{Type: "save", ID: s.ID, Label: s.Label, Ability: s.Ability}, true
		}
	}
	for _, a := range rs.Abilities {
		if strings.EqualFold(a.ID, name) || strings.EqualFold(a.Label, name) {
			return check.Target{Type: "ability", ID: a.ID, Label: a.Label, Ability: a.ID}, true
		}
	}
	return check.Target{}, false
}
