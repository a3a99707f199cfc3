package bridge_test

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/host/bridge"
	"github.com/rulehost/rulehost/host/sandbox"
)

func tinySheet(t *testing.T) *sheet.Character {
	t.Helper()
	rs, err := ruleset.Load("tiny.json", []byte(`{"id": "tiny", "name": "Tiny",
		"abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
		"skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
		"resolution": { "kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }}`), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.Load("ada.json", []byte(`{"name": "Ada", "abilities": {"grit": 14}}`), rs)
	if err != nil {
		t.Fatal(err)
	}
	return sheet.New(rs, sh)
}

func bridged(t *testing.T) (*sandbox.Sandbox, *bridge.State) {
	t.Helper()
	sb, err := sandbox.New(sandbox.Options{Name: "amp", Deadline: 250 * time.Millisecond, MaxMemory: 32 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sb.Close)
	st, err := bridge.Install(sb)
	if err != nil {
		t.Fatal(err)
	}
	return sb, st
}

// TestHostFunctionsBoundWhatTheyConvert: sheet:value{abilityMod = t} with
// t holding 200 references to one 1 MiB string made the host JSON-encode
// 200 MiB (8.5 s, 730 MiB). The conversion is bounded while it runs, so
// the call is refused at once; a real value reference still works.
func TestHostFunctionsBoundWhatTheyConvert(t *testing.T) {
	// a deadline no loaded machine outlasts: the byte bound is what
	// must refuse the call
	sb, err := sandbox.New(sandbox.Options{Name: "amp", Deadline: time.Minute, MaxMemory: 32 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sb.Close)
	st, err := bridge.Install(sb)
	if err != nil {
		t.Fatal(err)
	}
	fn, err := sb.Load("amp.lua", `return function(sh, n)
		if n == 0 then return sh:value({ abilityMod = "grit" }) == sh:abilityMod("grit") end
		local s = string.rep("x", 2^20)
		local t = {}
		for i = 1, n do t[i] = s end
		return sh:value({ abilityMod = t })
	end`)
	if err != nil {
		t.Fatal(err)
	}
	// what the host allocated during the call: the bound is on work (bytes
	// converted), so it is measured in bytes, not in time (a loaded
	// machine under -race takes any time it likes)
	call := func(n int) ([]lua.LValue, uint64, error) {
		st.Begin(nil, nil)
		defer st.End()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		rets, err := sb.Call(context.Background(), nil, fn, st.Sheet(tinySheet(t)), lua.LNumber(n))
		runtime.ReadMemStats(&after)
		return rets, after.TotalAlloc - before.TotalAlloc, err
	}
	rets, _, err := call(0)
	if err != nil || len(rets) != 1 || rets[0] != lua.LTrue {
		t.Fatalf("a real reference: %v %v", rets, err)
	}
	for _, n := range []int{200, 600} {
		_, alloc, err := call(n)
		if err == nil || !strings.Contains(err.Error(), "bytes of text") {
			t.Errorf("%d references: %v", n, err)
		}
		// the plugin's own string (1 MiB) and table, plus the bounded
		// conversion: far below the n MiB an unbounded encoding copies
		if alloc > 48<<20 {
			t.Errorf("%d references: the call allocated %d bytes", n, alloc)
		}
		t.Logf("%d references of 1 MiB: %d bytes allocated", n, alloc)
	}
}

// TestCharacterFuncDiesWithItsCall: env.character kept from an earlier
// call answered in later ones (sheet and tag views already refused).
func TestCharacterFuncDiesWithItsCall(t *testing.T) {
	sb, st := bridged(t)
	ada := tinySheet(t)
	find := func(name string) (*sheet.Character, bool) { return ada, strings.EqualFold(name, "ada") }
	fn, err := sb.Load("char.lua", `return function(character) return character("Ada"):name() end`)
	if err != nil {
		t.Fatal(err)
	}
	st.Begin(nil, nil)
	character := st.CharacterFunc(find)
	rets, err := sb.Call(context.Background(), nil, fn, character)
	st.End()
	if err != nil || rets[0].String() != "Ada" {
		t.Fatalf("in its call: %v %v", rets, err)
	}
	st.Begin(nil, nil)
	_, err = sb.Call(context.Background(), nil, fn, character)
	st.End()
	if err == nil || !strings.Contains(err.Error(), "belongs to a call that has ended") {
		t.Errorf("a kept env.character answered a later call: %v", err)
	}
}
