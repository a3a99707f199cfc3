package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/rulehost/rulehost/internal/lazy"
)

func init() {
	pluginSubcommands = append(pluginSubcommands, &cli.Command{
		Name:      "new",
		Usage:     "write a new plugin folder that works: plugin.lua, a README, a ruleset and sheet to try it on, and a passing test case",
		ArgsUsage: "NAME",
		Description: "NAME is the plugin's name and folder (lower case letters, digits and -, starting with a letter).\n" +
			"--kind writes a resolution kind NAME (a die plus the sheet number against dc=), --tag a tag\n" +
			"NAME (with - as _) answered with a record of its own, --formatter a formatter of check records.\n" +
			"Then `rulehost plugin test NAME` passes; edit from there (docs/first-plugin.md).\n" +
			"Refuses to write into a folder that exists.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "kind", Usage: "a resolution kind"},
			&cli.BoolFlag{Name: "tag", Usage: "a tag of its own"},
			&cli.BoolFlag{Name: "formatter", Usage: "a formatter"},
			&cli.StringFlag{Name: "dir", Value: ".", Usage: "write the plugin folder under `DIR`"},
		},
		Action: runPluginNew,
	})
}

var newPluginName = lazy.Regexp(`^[a-z][a-z0-9-]{0,63}$`)

func runPluginNew(c *cli.Context) error {
	// flags may follow NAME (plugin new NAME --kind): the parser stops
	// at NAME, so what follows is read here
	var names []string
	given := map[string]bool{}
	for _, f := range []string{"kind", "tag", "formatter"} {
		given[f] = c.Bool(f)
	}
	for _, a := range c.Args().Slice() {
		if f := strings.TrimLeft(a, "-"); f != a {
			if _, ok := given[f]; !ok {
				return misuse(c, "unknown flag %s (after NAME: --kind, --tag or --formatter)", a)
			}
			given[f] = true
			continue
		}
		names = append(names, a)
	}
	if len(names) != 1 {
		return misuse(c, "give the plugin's NAME")
	}
	name := names[0]
	if !newPluginName().MatchString(name) {
		return misuse(c, "plugin name %q: lower case letters, digits and -, starting with a letter, at most 64", name)
	}
	var what []string
	for _, f := range []string{"kind", "tag", "formatter"} {
		if given[f] {
			what = append(what, f)
		}
	}
	if len(what) != 1 {
		return misuse(c, "give one of --kind, --tag or --formatter")
	}
	dir := filepath.Join(c.String("dir"), name)
	if _, err := os.Stat(dir); err == nil {
		return refused(fmt.Errorf("%s exists; choose another name or remove it", dir))
	} else if !errors.Is(err, fs.ErrNotExist) {
		return refused(err)
	}
	files := pluginTemplate(name, what[0])
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return refused(err)
		}
		if err := os.WriteFile(p, []byte(f.body), 0o644); err != nil {
			return refused(err)
		}
	}
	fmt.Fprintf(c.App.Writer, "wrote %s (a %s): %d files; try it with: rulehost plugin test %s\n", dir, what[0], len(files), dir)
	return nil
}

type newFile struct{ path, body string }

// pluginTemplate is the folder of a new plugin: each kind of plugin with
// a ruleset and a sheet of its own under test/data, so its case runs
// without anything else.
func pluginTemplate(name, what string) []newFile {
	tagName := strings.ReplaceAll(name, "-", "_")
	r := strings.NewReplacer("NAME", name, "TAGNAME", tagName)
	kind, dice := "dice-sum", `"dice": { "count": 1, "sides": 6 }`
	if what == "kind" {
		kind, dice = name, `"sides": 6`
	}
	files := []newFile{
		{"README.md", r.Replace(readmeTemplate[what])},
		{"plugin.lua", r.Replace(luaTemplate[what])},
		{"test/data/ruleset.json", strings.NewReplacer("KIND", kind, "DICE", dice, "NAME", name).Replace(rulesetTemplate)},
		{"test/data/hero.json", sheetTemplate},
		{"test/" + what + ".json", r.Replace(caseTemplate[what])},
	}
	return files
}

const rulesetTemplate = `{
  "id": "try",
  "name": "A ruleset to try the plugin on",
  "plugins": [{ "name": "NAME", "version": ">=0.1" }],
  "abilities": [
    { "id": "might", "label": "Might", "min": 0, "max": 5, "default": 1 },
    { "id": "wits", "label": "Wits", "min": 0, "max": 5, "default": 1 }
  ],
  "skills": [
    { "id": "climb", "label": "Climb", "ability": "might" }
  ],
  "resolution": {
    "kind": "KIND",
    DICE,
    "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [
      { "id": "none", "label": "Untrained", "flat": 0 },
      { "id": "trained", "label": "Trained", "flat": 2 }
    ]
  }
}
`

const sheetTemplate = `{
  "name": "Hero",
  "abilities": { "might": 3, "wits": 2 },
  "skills": { "climb": "trained" }
}
`

var luaTemplate = map[string]string{
	"kind": `-- NAME: a resolution kind, "kind": "NAME" in a ruleset's resolution.
--
--   [skill_check: skill="Climb" dc="7"]
--
-- One die (resolution.sides, 6 by default) plus the sheet number for what
-- is rolled, against dc= (4 when the tag gives none).
--
-- Draw order: the one die.

local function validate(o)
  -- o reads the resolution object; problems carry its JSON pointer
  return { sides = o:int("sides", 2, 100, 6) }
end

local function resolve(c)
  local sides = c.resolution.sides
  local die = dice.roll(sides)
  local total = die + c.sheetNumber
  local dc = c.int("dc") or 4
  return {
    { "resolution", "NAME" },
    { "dice", "1d" .. sides },
    { "rolls", { die } },
    { "modifier", c.sheetNumber },
    { "total", total },
    { "dc", dc },
    { "success", total >= dc },
  }
end

return {
  name = "NAME",
  version = "0.1.0",
  api = 1,
  description = "One die plus the sheet number against dc=.",
  kinds = {
    ["NAME"] = { keys = { "sides" }, validate = validate, resolve = resolve },
  },
}
`,
	"tag": `-- NAME: a tag of its own.
--
--   [TAGNAME: who="Hero" skill="Climb"]
--
-- Rolls two dice (d6) and adds the character's sheet number for what
-- they roll (a skill, save or ability, by id or label).
--
-- Draw order: the two dice.

local R = rulehost

local function answer(env)
  local a = env.tag.attrs
  if a.who == nil or a.skill == nil then
    return R.refuse("TAGNAME", "no-target", 'write who= and skill=: [TAGNAME: who="Hero" skill="Climb"]')
  end
  local sheet = env.character(a.who)
  if sheet == nil then
    return R.refuse("TAGNAME", "unknown-character", "no sheet named " .. string.format("%q", a.who))
  end
  local n, label = sheet:number(a.skill)
  if n == nil then
    return R.refuse("TAGNAME", "unknown-skill", string.format("%q is not a skill, save or ability", a.skill))
  end
  local rolls = dice.pool(2, 6)
  local total = rolls[1] + rolls[2] + n
  return { name = "TAGNAME", attrs = { "who", sheet:name(), "skill", label, "rolls", rolls, "total", total } }
end

return {
  name = "NAME",
  version = "0.1.0",
  api = 1,
  description = "Two dice plus a sheet number, as a tag of its own.",
  tags = { TAGNAME = answer },
  records = {
    TAGNAME = {
      doc = "the answer to [TAGNAME: ...]",
      -- who, skill, rolls and total are keys the engine knows (docs/record.md);
      -- declare here the keys of your own: { name = "...", type = "integer", doc = "..." }
      keys = {},
    },
  },
}
`,
	"formatter": `-- NAME: a formatter: the GM-facing text of a check record.
--
--   [check: who="Hero" skill="Climb" ... total="9" dc="7" success="true"]
--   -> Hero climbs: 9 against 7, a success.

local function record(rec)
  local a = rec.attrs
  if rec.name ~= "check" then
    return rec.text -- every other record as the engine prints it
  end
  local verdict = "a failure"
  if a.success == "true" then verdict = "a success" end
  local what = a.skill or a.save or a.ability or "?"
  return string.format("%s, %s: %s against %s, %s.", a.who or "?", what, a.total or "?", a.dc or "-", verdict)
end

return {
  name = "NAME",
  version = "0.1.0",
  api = 1,
  description = "Check records in one sentence.",
  formatters = { record = record },
}
`,
}

var caseTemplate = map[string]string{
	"kind": `{
  "description": "Climb: the die shows 5, plus the sheet number 5 (Might 3 + Trained 2) = 10 against dc 7.",
  "ruleset": "data/ruleset.json",
  "sheets": ["data/hero.json"],
  "faces": [5],
  "tag": "[skill_check: skill=\"Climb\" dc=\"7\"]",
  "want": "[check: who=\"Hero\" skill=\"Climb\" resolution=\"NAME\" dice=\"1d6\" rolls=\"5\" modifier=\"5\" total=\"10\" dc=\"7\" success=\"true\"]"
}
`,
	"tag": `{
  "description": "Two dice, 4 and 2, plus Climb 5 (Might 3 + Trained 2) = 11.",
  "ruleset": "data/ruleset.json",
  "sheets": ["data/hero.json"],
  "faces": [4, 2],
  "tag": "[TAGNAME: who=\"Hero\" skill=\"Climb\"]",
  "want": "[TAGNAME: who=\"Hero\" skill=\"Climb\" rolls=\"4,2\" total=\"11\"]"
}
`,
	"formatter": `{
  "description": "A check record in one sentence.",
  "format": "record",
  "record": "[check: who=\"Hero\" skill=\"Climb\" resolution=\"sum\" dice=\"1d6\" rolls=\"4\" modifier=\"5\" total=\"9\" dc=\"7\" success=\"true\"]",
  "want": "Hero, Climb: 9 against 7, a success."
}
`,
}

var readmeTemplate = map[string]string{
	"kind":      "# NAME\n\nA resolution kind: one die plus the sheet number against `dc=`.\nA ruleset uses it with `\"resolution\": {\"kind\": \"NAME\", ...}`.\n\n    rulehost plugin test NAME\n    rulehost check --plugins . -r NAME/test/data/ruleset.json -s NAME/test/data/hero.json '[skill_check: skill=\"Climb\" dc=\"7\"]'\n",
	"tag":       "# NAME\n\nA tag of its own: `[TAGNAME: who=\"Hero\" skill=\"Climb\"]` rolls two dice plus the sheet number.\n\n    rulehost plugin test NAME\n",
	"formatter": "# NAME\n\nA formatter: check records in one sentence.\n\n    rulehost plugin test NAME\n",
}
