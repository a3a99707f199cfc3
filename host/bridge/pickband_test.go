package bridge_test

import (
	"context"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// TestPickBandAsThePrelude: rulehost.pickBand, picked in Go from the
// ruleset's bands when given the check's own outcomes view, answers
// exactly as the prelude's Lua (copied here as the reference) for every
// n from -25 to 25 and NaN, crit nil, "success", "failure" or another
// word, and shift nil, -2..2 or 0.5; and outcomes that are not the
// check's (a plain table) are picked by the Lua, with the same answers.
func TestPickBandAsThePrelude(t *testing.T) {
	for _, bands := range []string{
		`[{"id": "cs", "label": "Critical success", "atLeast": 10, "success": true, "critical": true},
		  {"id": "s", "label": "Success", "atLeast": 0, "success": true},
		  {"id": "f", "label": "Failure", "atLeast": -9},
		  {"id": "cf", "label": "Critical failure", "critical": true}]`,
		`[{"id": "hit", "label": "Hit", "on": "critical-success", "success": true, "critical": true},
		  {"id": "s", "label": "Success", "atLeast": 5, "success": true},
		  {"id": "p", "label": "Partial", "atLeast": 1, "success": true},
		  {"id": "f", "label": "Failure"},
		  {"id": "fum", "label": "Fumble", "on": "critical-failure", "critical": true}]`,
	} {
		rs, err := ruleset.Load("bands.json", []byte(`{"id": "bands", "name": "Bands",
			"abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
			"skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
			"resolution": { "kind": "dice-sum", "dice": { "count": 1, "sides": 20 },
				"proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }],
				"outcomes": { "by": "margin", "tiers": `+bands+` } }}`), ruleset.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sh, err := sheet.Load("ada.json", []byte(`{"name": "Ada"}`), rs)
		if err != nil {
			t.Fatal(err)
		}
		sb, st := bridged(t)
		fn, err := sb.Load("bands.lua", `
			local function ref(o, n, crit, shift)
				local tiers = o.tiers
				if crit == "success" then
					for i = 1, #tiers do if tiers[i].on == "critical-success" then return i end end
					for i = 1, #tiers do if tiers[i].on == nil then return i end end
				elseif crit == "failure" then
					for i = 1, #tiers do if tiers[i].on == "critical-failure" then return i end end
					for i = #tiers, 1, -1 do if tiers[i].on == nil then return i end end
				end
				local count, pos = 0, nil
				for i = 1, #tiers do
					local t = tiers[i]
					if t.on == nil then
						count = count + 1
						if pos == nil then
							local a = t.atLeast
							if a ~= nil and n >= a then pos = count end
						end
					end
				end
				if count == 0 then return 1 end
				pos = (pos or count) - (shift or 0)
				if pos < 1 then pos = 1 end
				if pos > count then pos = count end
				for i = 1, #tiers do
					if tiers[i].on == nil then
						pos = pos - 1
						if pos == 0 then return i end
					end
				end
				return 1
			end
			return function(c)
				local bad, plain = {}, { tiers = {} }
				for i = 1, #c.outcomes.tiers do
					local t = c.outcomes.tiers[i]
					plain.tiers[i] = { on = t.on, atLeast = t.atLeast }
				end
				local crits = { "success", "failure", "other" }
				local shifts = { -2, -1, 0, 1, 2, 0.5 }
				for n = -25, 26 do
					local v = n
					if n == 26 then v = 0 / 0 end
					for ci = 0, #crits do
						for si = 0, #shifts do
							local crit, shift = crits[ci], shifts[si]
							local want = ref(c.outcomes, v, crit, shift)
							local got = rulehost.pickBand(c.outcomes, v, crit, shift)
							local viaLua = rulehost.pickBand(plain, v, crit, shift)
							if got ~= want or viaLua ~= want then
								bad[#bad + 1] = string.format("n=%s crit=%s shift=%s: %s and %s, want %s", tostring(v), tostring(crit), tostring(shift), tostring(got), tostring(viaLua), tostring(want))
							end
						end
					end
				end
				return table.concat(bad, "; ")
			end`)
		if err != nil {
			t.Fatal(err)
		}
		c := &check.Check{Env: &check.Env{RS: rs, Char: sheet.New(rs, sh)}, Res: rs.Resolution}
		st.Begin(nil, c)
		view, err := st.Check(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		rets, err := sb.Call(context.Background(), nil, fn, view)
		st.End()
		if err != nil {
			t.Fatal(err)
		}
		if s := rets[0].String(); s != "" {
			t.Errorf("pickBand differs from the prelude's: %s", s)
		}
	}
}
