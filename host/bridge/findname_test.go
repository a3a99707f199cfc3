package bridge_test

import (
	"context"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestFindNameIsTheHostsRule: rulehost.findName answers as sheet.FindName
// (docs/tags.md's one naming rule): the whole name in any case, a word of
// exactly one name, a unique prefix; nil when none or several answer.
func TestFindNameIsTheHostsRule(t *testing.T) {
	sb, _ := bridged(t)
	fn, err := sb.Load("find.lua", `return function(who)
  local i = rulehost.findName({"Bram the Quiet", "Maud Hollin", "Bramble"}, who)
  if i == nil then return "nil" end
  return tostring(i)
end`)
	if err != nil {
		t.Fatal(err)
	}
	for who, want := range map[string]string{
		"bram the quiet": "1", "Maud": "2", "Hollin": "2", "Bramble": "3", "Bram": "1", "Br": "nil", "Nobody": "nil", "": "nil",
	} {
		rets, err := sb.Call(context.Background(), nil, fn, luaString(who))
		if err != nil || rets[0].String() != want {
			t.Errorf("findName(%q) = %v %v; want %s", who, rets, err, want)
		}
	}
}

func luaString(s string) lua.LString { return lua.LString(s) }
