# Regenerate: python3 testdata/refused/combat/gen_refused.py
# Writes testdata/refused/combat/*.json: one ruleset per refusal of the
# combat block's typed defenses and of sheet lists (spec/items.md "Typed
# defenses from conditions, levels, items and sheet rows").
import copy, json, os, pathlib
OUT = pathlib.Path(__file__).resolve().parent
base = {
  "id": "refuse-combat", "name": "Refused combat defenses",
  "abilities": [{"id": "str", "min": 1, "max": 20, "default": 10}],
  "skills": [{"id": "athletics", "ability": "str"}],
  "conditions": [{"id": "stoneskin", "label": "Stoneskin"}, {"id": "brave", "label": "Brave"},
                 {"id": "frightened", "label": "Frightened"}],
  "levels": [{"id": "tier2", "label": "Tier 2"}],
  "lists": [{"id": "traits", "label": "Traits", "columns": [
    {"id": "resistance", "type": "text"},
    {"id": "fearless", "type": "enum", "values": ["frightened"]},
    {"id": "size", "type": "enum", "values": ["small", "medium"]},
    {"id": "weight", "type": "number"}]}],
  "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "proficiencyTiers": [{"id": "none"}]},
  "items": {"categories": [{"id": "gear", "label": "Gear"}], "tags": [{"id": "magical", "label": "Magical"}]},
  "combat": {
    "damageTypes": ["bludgeoning", "fire", "poison"],
    "conditions": [{"condition": "stoneskin", "resist": [{"type": "bludgeoning", "except": ["magical"]}]},
                   {"condition": "brave", "conditionImmunities": ["frightened"]}],
    "levels": [{"level": "tier2", "resist": ["poison"]}],
    "sheetHides": [{"list": "traits", "column": "resistance", "kind": "resist"}]
  }
}
cases = {}
def case(name, ptr, contains, fn):
    cases[name] = (ptr, contains, fn)
def cond(patch):
    def f(r): r["combat"]["conditions"][0].update(patch)
    return f
def level(patch):
    def f(r): r["combat"]["levels"][0].update(patch)
    return f
def hide(patch):
    def f(r): r["combat"]["sheetHides"][0].update(patch)
    return f
C, L, H = "/combat/conditions/0", "/combat/levels/0", "/combat/sheetHides/0"
words = lambda n: ["fire"] * n
case("resist-too-many", C + "/resist", "allowed 1 to 30", cond({"resist": words(31)}))
case("resist-empty", C + "/resist", "allowed 1 to 30", cond({"resist": []}))
case("resist-bad-entry", C + "/resist/0", "want a damage word or", cond({"resist": [3]}))
case("resist-empty-word", C + "/resist/0", "not empty", cond({"resist": [""]}))
case("resist-unknown-word", C + "/resist/0", "unknown damage type", cond({"resist": ["lightning"]}))
case("resist-except-undeclared-tag", C + "/resist/0/except/0", "declared in items.tags",
     cond({"resist": [{"type": "bludgeoning", "except": ["holy"]}]}))
case("resist-except-unknown-key", C + "/resist/0/unless", "unknown key",
     cond({"resist": [{"type": "bludgeoning", "unless": ["magical"]}]}))
case("resist-except-missing-type", C + "/resist/0", 'missing required key "type"',
     cond({"resist": [{"except": ["magical"]}]}))
case("vulnerable-too-many", C + "/vulnerable", "allowed 1 to 30", cond({"vulnerable": words(31)}))
case("vulnerable-except-form", C + "/vulnerable/0", "plain damage words",
     cond({"vulnerable": [{"type": "fire", "except": ["magical"]}]}))
case("vulnerable-unknown-word", C + "/vulnerable/0", "unknown damage type", cond({"vulnerable": ["acid"]}))
case("immune-too-many", L + "/immune", "allowed 1 to 30", level({"immune": words(31)}))
case("immune-unknown-type", L + "/immune/0/type", "unknown damage type", level({"immune": [{"type": "acid"}]}))
case("level-resist-unknown-word", L + "/resist/0", "unknown damage type", level({"resist": ["venom"]}))
case("condition-immunities-too-many", "/combat/conditions/1/conditionImmunities", "allowed 1 to 40",
     lambda r: r["combat"]["conditions"][1].update({"conditionImmunities": ["frightened"] * 41}))
case("condition-immunities-empty", "/combat/conditions/1/conditionImmunities", "allowed 1 to 40",
     lambda r: r["combat"]["conditions"][1].update({"conditionImmunities": []}))
case("condition-immunity-unknown", "/combat/conditions/1/conditionImmunities/0", "no condition",
     lambda r: r["combat"]["conditions"][1].update({"conditionImmunities": ["dazed"]}))
case("condition-mapping-unknown", C + "/condition", "no condition", cond({"condition": "dazed"}))
case("condition-mapping-missing", C, 'missing required key "condition"', lambda r: r["combat"]["conditions"][0].pop("condition"))
case("conditions-not-array", "/combat/conditions", "want an array", lambda r: r["combat"].update({"conditions": {}}))
case("level-mapping-unknown", L + "/level", "no level", level({"level": "tier9"}))
case("level-mapping-missing", L, 'missing required key "level"', lambda r: r["combat"]["levels"][0].pop("level"))
case("sheethides-too-many", "/combat/sheetHides", "allowed 0 to 8",
     lambda r: r["combat"].update({"sheetHides": [{"list": "traits", "column": "resistance", "kind": "resist"}] * 9}))
case("sheethides-unknown-list", H + "/list", "no sheet list", hide({"list": "feats"}))
case("sheethides-unknown-column", H + "/column", "has no column", hide({"column": "immunity"}))
case("sheethides-number-column", H + "/column", "text or enum column", hide({"column": "weight"}))
case("sheethides-bad-kind", H + "/kind", "want one of", hide({"kind": "resistance"}))
case("sheethides-missing-kind", H, 'missing required key "kind"', lambda r: r["combat"]["sheetHides"][0].pop("kind"))
case("sheethides-unknown-key", H + "/type", "unknown key", hide({"type": "resist"}))
case("sheethides-enum-not-conditions", "/lists/0/columns/2/values/0", "condition ids",
     hide({"column": "size", "kind": "conditionImmunities"}))
case("list-column-bad-type", "/lists/0/columns/0/type", "want one of",
     lambda r: r["lists"][0]["columns"][0].update({"type": "boolean"}))
case("list-column-missing-type", "/lists/0/columns/0", 'missing required key "type"',
     lambda r: r["lists"][0]["columns"][0].pop("type"))
case("list-enum-without-values", "/lists/0/columns/2", "an enum column lists its",
     lambda r: r["lists"][0]["columns"][2].pop("values"))
case("list-values-on-text", "/lists/0/columns/0/values", "only an enum column",
     lambda r: r["lists"][0]["columns"][0].update({"values": ["fire"]}))
case("list-enum-duplicate-value", "/lists/0/columns/2/values/1", "listed twice",
     lambda r: r["lists"][0]["columns"][2].update({"values": ["small", "small"]}))
case("list-enum-empty-value", "/lists/0/columns/2/values/0", "non-empty string",
     lambda r: r["lists"][0]["columns"][2].update({"values": [""]}))
case("list-no-columns", "/lists/0/columns", "allowed 1 to 16", lambda r: r["lists"][0].update({"columns": []}))
case("list-columns-missing", "/lists/0", 'missing required key "columns"', lambda r: r["lists"][0].pop("columns"))
case("list-duplicate-column", "/lists/0/columns/1/id", "already used",
     lambda r: r["lists"][0]["columns"][1].update({"id": "resistance"}))
case("list-duplicate-id", "/lists/1/id", "already used", lambda r: r["lists"].append(copy.deepcopy(r["lists"][0])))
case("list-unknown-key", "/lists/0/rows", "unknown key", lambda r: r["lists"][0].update({"rows": []}))
case("lists-too-many", "/lists", "allowed 0 to 16",
     lambda r: r["lists"].extend([{"id": f"l{i}", "columns": [{"id": "c", "type": "text"}]} for i in range(16)]))
for f in os.listdir(OUT):
    if f.endswith(".json"):
        os.remove(OUT / f)
for name, (ptr, contains, fn) in cases.items():
    r = copy.deepcopy(base)
    fn(r)
    (OUT / f"{name}.json").write_text(json.dumps(r, indent=1) + "\n")
    (OUT / f"{name}.want.json").write_text(json.dumps({"pointer": ptr, "contains": contains}) + "\n")
