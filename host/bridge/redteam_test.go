package bridge_test

import (
	"context"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/bridge"
	"github.com/rulehost/rulehost/host/sandbox"
)

// TestRedteamViewsDieWithTheirCall: a view kept past its call (a sheet, a
// tag) answered later calls with the old call's character and tag, and a
// kept validation object could write into a finished import. Views now
// refuse to answer once their call has ended (defence in depth: the
// sandbox reset also discards states that kept them).
func TestRedteamViewsDieWithTheirCall(t *testing.T) {
	sb, err := sandbox.New(sandbox.Options{Name: "views"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	st, err := bridge.Install(sb)
	if err != nil {
		t.Fatal(err)
	}
	fn, err := sb.Load("views.lua", `return function(tg, sh) return tg.name .. "/" .. tg.attrs.dc .. "/" .. sh:name() end`)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := ruleset.Load("tiny.json", []byte(`{"id": "tiny", "name": "Tiny",
		"abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
		"skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
		"resolution": { "kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }}`), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.Load("ada.json", []byte(`{"name": "Ada"}`), rs)
	if err != nil {
		t.Fatal(err)
	}
	tg, _ := tag.Parse(`[skill_check: skill="Climb" dc="12"]`)
	views := []lua.LValue{st.Tag(tg), st.Sheet(sheet.New(rs, sh))}
	st.Begin(nil, nil)
	rets, err := sb.Call(context.Background(), nil, fn, views...)
	st.End()
	if err != nil || len(rets) != 1 || rets[0].String() != "skill_check/12/Ada" {
		t.Fatalf("in its call: %v %v", rets, err)
	}
	st.Begin(nil, nil)
	_, err = sb.Call(context.Background(), nil, fn, views...)
	st.End()
	if err == nil || !strings.Contains(err.Error(), "belongs to a call that has ended") {
		t.Errorf("a view used after its call: %v", err)
	}
}
