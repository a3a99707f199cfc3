package bridge_test

import (
	"context"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestDifficultyAsThePrelude: rulehost.difficulty, read in Go for the
// check in progress when its tag names no difficulty=, answers exactly as
// the prelude's Lua (copied here as the reference): no dc=, dc="15",
// dc="+3", an unreadable dc=, dc= past the bounds either way, and (through
// the Lua) a named rung, known or not, with or without a dc=.
func TestDifficultyAsThePrelude(t *testing.T) {
	rs, err := ruleset.Load("d.json", []byte(`{"id": "d", "name": "D",
		"abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
		"skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
		"resolution": { "kind": "dice-sum", "dice": { "count": 1, "sides": 20 },
			"proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }}`), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.Load("ada.json", []byte(`{"name": "Ada"}`), rs)
	if err != nil {
		t.Fatal(err)
	}
	sb, st := bridged(t)
	fn, err := sb.Load("d.lua", `
		local function findRung(ladder, name)
			if ladder == nil or name == nil then return nil end
			local want, found = string.lower(name), nil
			for i = 1, #ladder do
				if string.lower(ladder[i].label) == want then
					if found then return nil end
					found = ladder[i]
				end
			end
			return found
		end
		local function ref(c, ladder)
			local dc, have, rung = 0, false, nil
			local name = c.tag.attrs.difficulty
			if name ~= nil then
				local r = findRung(ladder, name)
				if r then dc, have, rung = r.dc, true, r.label else c.ignore("difficulty") end
			end
			local n = c.int("dc")
			if n ~= nil then
				if n < -1000 then n = -1000 elseif n > 10000 then n = 10000 end
				dc, have = n, true
			end
			return dc, have, rung
		end
		return function(c)
			local ladder = { { label = "Hard", dc = 20 }, { label = "Easy", dc = 5 } }
			local a1, a2, a3 = rulehost.difficulty(c, ladder)
			local b1, b2, b3 = ref(c, ladder)
			return string.format("%s %s %s", tostring(a1), tostring(a2), tostring(a3)),
				string.format("%s %s %s", tostring(b1), tostring(b2), tostring(b3))
		end`)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		`[skill_check: skill="Climb"]`,
		`[skill_check: skill="Climb" dc="15"]`,
		`[skill_check: skill="Climb" DC="+3"]`,
		`[skill_check: skill="Climb" dc="abc"]`,
		`[skill_check: skill="Climb" dc="99999"]`,
		`[skill_check: skill="Climb" dc="-5000"]`,
		`[skill_check: skill="Climb" difficulty="hard"]`,
		`[skill_check: skill="Climb" difficulty="Hard" dc="7"]`,
		`[skill_check: skill="Climb" difficulty="nope"]`,
		`[skill_check: skill="Climb" difficulty=""]`,
	} {
		tg, err := tag.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		c := &check.Check{Env: &check.Env{RS: rs, Char: sheet.New(rs, sh)}, Res: rs.Resolution, Tag: tg}
		st.Begin(nil, c)
		view, err := st.Check(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		rets, err := sb.Call(context.Background(), nil, fn, view)
		st.End()
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if rets[0].String() != rets[1].String() {
			t.Errorf("%s: rulehost.difficulty %q, the prelude's %q", text, rets[0], rets[1])
		}
	}
}
