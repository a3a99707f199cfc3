package plugin

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/tag"
)

// tagEnvKey is where a state's tag env hides in the Lua registry, which
// Lua code cannot reach.
const tagEnvKey = "rulehost.tagenv"

// tagEnvCache is the env a tag handler receives, built once per state and
// refilled for each call: freezing a fresh env table (and a fresh
// characters list, and a fresh character closure) on every call cost
// about a tenth of an opposed roll. Between calls its fields are cleared,
// so an env a handler kept answers nothing about a finished call (and
// keeping it at all modifies the plugin's state, which the reset throws
// away).
type tagEnvCache struct {
	inner *lua.LTable // the env's fields, behind view
	view  *lua.LTable // the frozen env the handler receives
	names *lua.LTable // env.characters, behind a frozen view
	cur   *TagEnv     // the call in progress, nil between calls
}

// tagEnv fills the state's env for one call: {tag, ruleset, config,
// characters (names), character(name) -> a sheet view or nil}.
func (s *State) tagEnv(env TagEnv, t tag.Tag, config map[string]any) (lua.LValue, error) {
	c := s.tagEnvCache()
	in := c.inner
	in.RawSetString("tag", s.B.Tag(t))
	if env.RS != nil {
		rv, err := s.B.Ruleset(env.RS)
		if err != nil {
			return lua.LNil, err
		}
		in.RawSetString("ruleset", rv)
	}
	cv, err := s.B.Config(config)
	if err != nil {
		return lua.LNil, err
	}
	in.RawSetString("config", cv)
	for i, ch := range env.Characters {
		c.names.RawSetInt(i+1, lua.LString(ch.Name()))
	}
	// env.character is made per call (one closure): kept and called in a
	// later call it raises instead of answering (bridge.CharacterFunc)
	in.RawSetString("character", s.B.CharacterFunc(env.Character))
	c.cur = &env
	return c.view, nil
}

// endTagEnv clears what tagEnv filled.
func (s *State) endTagEnv() {
	c := s.tagEnvCache()
	for _, k := range []string{"tag", "ruleset", "config", "character"} {
		c.inner.RawSetString(k, lua.LNil)
	}
	if c.cur != nil {
		for i := len(c.cur.Characters); i >= 1; i-- {
			c.names.RawSetInt(i, lua.LNil)
		}
	}
	c.cur = nil
}

// tagEnvCache returns the state's env, building it on first use.
func (s *State) tagEnvCache() *tagEnvCache {
	L := s.SB.L()
	if ud, ok := L.G.Registry.RawGetString(tagEnvKey).(*lua.LUserData); ok {
		if c, ok := ud.Value.(*tagEnvCache); ok {
			return c
		}
	}
	c := &tagEnvCache{inner: L.CreateTable(0, 6), names: L.CreateTable(8, 0)}
	c.inner.RawSetString("characters", s.SB.Freeze(c.names))
	c.view = s.SB.Freeze(c.inner)
	ud := L.NewUserData()
	ud.Value = c
	L.G.Registry.RawSetString(tagEnvKey, ud)
	return c
}
