package sandbox

import (
	"fmt"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatch13StoreOverAKeyAllocatesNothing: storing into a string key a
// table holds, or held and was deleted from, allocates nothing (it boxed
// the key each time: a tag's env is cleared and refilled on every call,
// a plugin's `t.total = t.total + x` stored over its key), and the walk
// order is as before: keys in the order first set, a deleted key kept in
// its place and skipped while nil.
func TestPatch13StoreOverAKeyAllocatesNothing(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	tb := L.CreateTable(0, 4)
	for _, k := range []string{"tag", "ruleset", "config", "character"} {
		tb.RawSetString(k, lua.LTrue)
	}
	v := lua.LValue(lua.LNumber(1))
	// keys made at run time, as a plugin's and the host's are (a
	// constant's box is static data)
	config, tagKey := string([]byte("config")), string([]byte("tag"))
	if n := testing.AllocsPerRun(100, func() {
		tb.RawSetString(config, v)
		tb.RawSetString(tagKey, lua.LNil)
		tb.RawSetString(tagKey, v)
	}); n != 0 {
		t.Errorf("storing over and back into known keys allocates %v times; want 0", n)
	}
	walk := func() string {
		s := ""
		for k, v := tb.Next(lua.LNil); k != lua.LNil; k, v = tb.Next(k) {
			s += fmt.Sprintf("%v=%v ", k, v)
		}
		return s
	}
	tb.RawSetString("ruleset", lua.LNil)
	if got, want := walk(), "tag=1 config=1 character=true "; got != want {
		t.Errorf("walk %q, want %q", got, want)
	}
	tb.RawSetString("ruleset", lua.LFalse)
	tb.RawSetString("new", lua.LTrue)
	if got, want := walk(), "tag=1 ruleset=false config=1 character=true new=true "; got != want {
		t.Errorf("walk %q, want %q", got, want)
	}
	if tb.RawGetString("ruleset") != lua.LFalse || tb.RawGetString("new") != lua.LTrue || tb.RawGetString("gone") != lua.LNil {
		t.Error("reads after the stores are wrong")
	}
}
