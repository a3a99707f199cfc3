package plugin_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/plugin"
)

// tagForgerSrc answers [forge: case=..] with whatever the case asks for.
const tagForgerSrc = `
local cases = {
  otherkind = { name = "refused", attrs = { { "action", "skill_check" }, { "reason", "plugin-error" }, { "kind", "wild-die" }, { "note", "FORGED" } } },
  hostreason = { name = "refused", attrs = { { "reason", "plugin-error" }, { "note", "FORGED" } } },
  otheraction = { name = "refused", attrs = { { "action", "skill_check" }, { "reason", "no-luck" } } },
  inventory = { name = "inventory", attrs = { { "action", "add" }, { "who", "Ada" }, { "item", "Gold" }, { "count", "999" }, { "placed", "Ada 999" } } },
  opposed = { name = "opposed", attrs = { { "who", "Ada" } } },
  checkforged = { name = "check", attrs = { { "who", "Ada" }, { "skill", "Climb" }, { "resolution", "forge" }, { "total", 3 }, { "outcome", "Legendary" }, { "success", true } } },
  checkstranger = { name = "check", attrs = { { "who", "Zed" }, { "skill", "Climb" }, { "resolution", "forge" }, { "total", 3 } } },
  checkok = { name = "check", attrs = { { "who", "Ada" }, { "skill", "Climb" }, { "resolution", "forge" }, { "total", 3 }, { "dc", 2 }, { "success", true } } },
  own = { name = "omen", attrs = { { "who", "Ada" }, { "sign", "crow" }, { "count", 2 } } },
  ownbadtype = { name = "omen", attrs = { { "sign", "crow" }, { "portent", "x" } } },
  ownrefusal = { name = "refused", attrs = { { "reason", "no-omen" }, { "kind", "forge-kind" } } },
  ownplugin = { name = "omen", attrs = { { "sign", "crow" }, { "plugin", "opposed-pool" }, { "note", "FORGED" } } },
  ownreason = { name = "omen", attrs = { { "sign", "crow" }, { "Reason", "FORGED" } } },
  ownkind = { name = "omen", attrs = { { "sign", "crow" }, { "kind", "forge-kind" } } },
  ownaction = { name = "omen", attrs = { { "sign", "crow" }, { "action", "FORGED" } } },
  checkplugin = { name = "check", attrs = { { "who", "Ada" }, { "skill", "Climb" }, { "resolution", "forge" }, { "total", 3 }, { "plugin", "FORGED" } } },
  nan = { name = "omen", attrs = { { "sign", "crow" }, { "heft", "NaN" } } },
  inf = { name = "omen", attrs = { { "sign", "crow" }, { "heft", "-Inf" } } },
  heft = { name = "omen", attrs = { { "sign", "crow" }, { "heft", "1.5" } } },
  noreason = { name = "refused", attrs = { { "note", "no reason" } } },
  blankreason = { name = "refused", attrs = { { "reason", "  " } } },
}
return {
  name = "tag-forger", version = "1", api = 1,
  tags = { forge = function(env) return cases[env.tag.attrs.case] end },
  kinds = { ["forge-kind"] = { validate = function() return {} end, resolve = function() return {} end } },
  records = {
    omen = { doc = "an omen read", keys = {
      { name = "sign", type = "text", doc = "what was seen" },
      { name = "portent", type = "integer", doc = "how strong" },
      { name = "heft", type = "number", doc = "how heavy the sign is" },
    } },
  },
}`

// TestForgedTagRecords (issue 9, item 7): a plugin tag returned a
// plugin-error refusal naming another plugin's kind, and an [inventory:
// ...] record claiming 999 Gold was added while the bag was unchanged;
// both were printed. A tag now answers with its own declared records, a
// check the host re-verifies, or a refusal of its own.
func TestForgedTagRecords(t *testing.T) {
	set, errs := plugin.LoadDirs([]string{writePlugin(t, "tag-forger", tagForgerSrc), "../../plugins/wild-die", "../../plugins/opposed-pool"},
		plugin.Options{Deadline: time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(set.Close)
	rs, err := ruleset.Load("tiny.json", []byte(`{"id": "tiny", "name": "Tiny",
		"abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
		"skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
		"resolution": { "kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }}`), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.Load("s.json", []byte(`{"name": "Ada"}`), rs)
	if err != nil {
		t.Fatal(err)
	}
	ada := sheet.New(rs, sh)
	answer := func(c string) record.Record {
		tg, _ := tag.Parse(`[forge: case="` + c + `"]`)
		r, ok := set.Answer(context.Background(), plugin.TagEnv{RS: rs, Characters: []*sheet.Character{ada}, Dice: dice.New(1, 0, 0)}, tg)
		if !ok {
			t.Fatal("not answered")
		}
		return r
	}
	refusals := map[string]string{
		"otherkind":     `kind="wild-die", which is not a kind of this plugin`,
		"hostreason":    `reason="plugin-error", which only the host writes`,
		"otheraction":   `action="skill_check"`,
		"inventory":     `a "inventory" record`,
		"opposed":       `a "opposed" record`,
		"checkforged":   `outcome="Legendary", but the ruleset declares no outcome bands`,
		"checkstranger": `who="Zed"`,
		"ownbadtype":    `portent="x": want an integer`,
		// issue 27: the keys of a refusal belong to the engine
		"ownplugin":   `key "plugin" belongs to refusals`,
		"ownreason":   `key "Reason" belongs to refusals`,
		"ownkind":     `key "kind" belongs to refusals`,
		"ownaction":   `key "action" belongs to refusals`,
		"checkplugin": `key "plugin" belongs to refusals`,
		// issue 27: a declared number is finite
		"nan": `heft="NaN": want a finite number`,
		"inf": `heft="-Inf": want a finite number`,
		// issue 27: a refusal says why
		"noreason":    `a refusal without a reason`,
		"blankreason": `a refusal without a reason (reason="  ")`,
	}
	for c, frag := range refusals {
		r := answer(c)
		if !strings.HasPrefix(r.String(), `[refused: action="forge" reason="plugin-error" plugin="tag-forger" note="`) || !strings.Contains(r.Value("note"), frag) {
			t.Errorf("%s: %s; want a plugin-error refusal with %s", c, r, frag)
		}
		if strings.Contains(r.String(), "FORGED") || strings.Contains(r.String(), `kind="wild-die"`) {
			t.Errorf("%s: the forged text got through: %s", c, r)
		}
	}
	for c, want := range map[string]string{
		"own":        `[omen: who="Ada" sign="crow" count="2"]`,
		"checkok":    `[check: who="Ada" skill="Climb" resolution="forge" total="3" dc="2" success="true"]`,
		"ownrefusal": `[refused: action="forge" reason="no-omen" kind="forge-kind"]`,
		"heft":       `[omen: sign="crow" heft="1.5"]`,
	} {
		if r := answer(c); r.String() != want {
			t.Errorf("%s: got %s, want %s", c, r, want)
		}
	}
}

// TestRecordKeysCollide: a manifest's record names and keys cannot be the
// engine's, nor another loaded plugin's record names.
func TestRecordKeysCollide(t *testing.T) {
	for src, want := range map[string]string{
		`records = { inventory = { doc = "x", keys = {} } }`:                                                       `record "inventory" is a record the engine writes`,
		`records = { omen = { doc = "x", keys = { { name = "Success", type = "boolean", doc = "x" } } } }`:         `key "Success" is a key the engine writes`,
		`records = { opposed = { doc = "x", keys = {} } }`:                                                         `record "opposed" is already answered by plugin "opposed-pool"`,
		`records = { omen = { doc = "x", keys = { { name = "sign", type = "table", doc = "x" } } } }`:              `type "table"`,
		`records = { omen = { keys = {} } }`:                                                                       `records["omen"].doc`,
		`records = { omen = { doc = "x", keys = { { name = "sign", type = "text" } } } }`:                          `"sign": doc`,
		`records = { check = { keys = { { name = "match", type = "boolean", doc = "x" } } } }, kinds = nil, x = 1`: `the plugin's kinds, and it provides none`,
	} {
		src := `return { name = "collider", version = "1", api = 1, tags = { collide = function() end }, ` + src + ` }`
		set, errs := plugin.LoadDirs([]string{"../../plugins/opposed-pool", writePlugin(t, "collider", src)}, plugin.Options{})
		set.Close()
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), want) {
			t.Errorf("%s: %v; want %s", src, errs, want)
		}
		if _, ok := set.Plugin("collider"); ok {
			t.Errorf("%s: loaded", src)
		}
	}
}

// TestOpposedArithmetic: the opposed-pool plugin's record is held to its
// arithmetic (net = successes - vsSuccesses, the winner follows) even
// though its keys are declared by the plugin: a forged net is refused.
func TestOpposedArithmetic(t *testing.T) {
	set, errs := plugin.LoadDirs([]string{"../../plugins/opposed-pool"}, plugin.Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	defer set.Close()
	for text, ok := range map[string]bool{
		`[opposed: who="A" vs="B" successes="2" vsSuccesses="1" net="+1" winner="A"]`: true,
		`[opposed: who="A" vs="B" successes="2" vsSuccesses="1" net="+5" winner="A"]`: false,
		`[opposed: who="A" vs="B" successes="2" vsSuccesses="1" net="+1" winner="B"]`: false,
		`[opposed: who="A" vs="B" successes="1" vsSuccesses="1" net="0" winner="B"]`:  false,
	} {
		r, err := record.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := record.Check(r); (err == nil) != ok {
			t.Errorf("%s: %v", text, err)
		}
	}
}
