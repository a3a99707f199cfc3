# Regenerate: python3 testdata/items/gen_refused.py (rewrites testdata/refused/items and testdata/items/base.json).
# Generates testdata/refused/items/*.json: one ruleset per items refusal.
import json, copy, os
import pathlib
ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = str(ROOT / "testdata/refused/items")
base = {
  "id": "refuse-items", "name": "Refused items",
  "abilities": [{"id": "brawn", "label": "Brawn", "min": 0, "max": 4}, {"id": "wits", "label": "Wits", "min": 0, "max": 4}],
  "skills": [{"id": "sneak", "label": "Sneak", "ability": "wits"}],
  "saves": [{"id": "endure", "label": "Endure", "ability": "brawn"}],
  "fields": [{"id": "attune", "label": "Attunement", "min": 0, "max": 5, "default": 3}],
  "live": {"pools": [{"id": "grit", "label": "Grit", "max": {"const": 3}}]},
  "derived": [
    {"id": "load", "label": "Load", "op": "sum", "of": [{"const": 4}, {"abilityScore": "brawn"}]},
    {"id": "armor", "label": "Armor", "op": "sum", "of": [{"itemStat": {"stat": "guard", "from": "worn"}}]}
  ],
  "conditions": [{"id": "rattled", "label": "Rattled"}],
  "resolution": {"kind": "dice-sum", "dice": {"count": 2, "sides": 6}, "proficiencyTiers": [{"id": "untrained"}]},
  "items": {
    "categories": [{"id": "weapon", "label": "Weapon"}, {"id": "armor", "label": "Armor"}],
    "rarities": [{"id": "common", "label": "Common"}, {"id": "rare", "label": "Rare"}],
    "tags": [{"id": "thrown", "label": "Thrown"}, {"id": "magical", "label": "Magical"}],
    "stats": [
      {"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 10},
      {"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4},
      {"id": "damage", "label": "Damage", "type": "dice"},
      {"id": "reach", "label": "Reach", "type": "enum", "values": ["close", "far"]},
      {"id": "note", "label": "Note", "type": "text"},
      {"id": "lit", "label": "Lit", "type": "boolean"}
    ],
    "slots": [{"id": "hands", "label": "Hands", "count": 2}, {"id": "body", "label": "Body", "count": 1}],
    "binding": {"label": "Attunement", "max": {"field": "attune"}},
    "carry": {"stat": "bulk", "encumberedAbove": {"derived": "load"}},
    "currencies": [{"id": "coin", "label": "Coin", "perWeight": 100,
                    "units": [{"id": "bit", "label": "bits", "value": 1}, {"id": "mark", "label": "marks", "value": 10}]}]
  },
  "catalogs": [{"id": "gear", "label": "Gear", "holds": "items", "entries": [
    {"id": "axe", "label": "Axe", "item": {"category": "weapon", "rarity": "common", "tags": ["thrown"],
      "stats": {"bulk": 1, "damage": "1d6", "reach": "close"}, "slots": {"hands": 1}, "cost": {"amount": 3, "unit": "mark"}}}
  ]}]
}
E = "/catalogs/0/entries/0/item"
cases = {}
def case(name, ptr, contains, fn):
    cases[name] = (ptr, contains, fn)
def item(patch):
    def f(r): r["catalogs"][0]["entries"][0]["item"].update(patch)
    return f
def block(patch):
    def f(r): r["items"].update(patch)
    return f
n = lambda k, c: [{"id": f"{k}{i}", "label": f"{k}{i}"} for i in range(c)]
case("categories-none", "/items/categories", "allowed 1 to 24", lambda r: (r["items"].update({"categories": []}), r["catalogs"][0]["entries"].clear()))
case("categories-too-many", "/items/categories", "allowed 1 to 24", lambda r: r["items"]["categories"].extend(n("c", 23)))
case("categories-missing", "/items", 'missing required key "categories"', lambda r: (r["items"].pop("categories"), r["catalogs"][0]["entries"].clear()))
case("rarities-too-many", "/items/rarities", "allowed 1 to 12", lambda r: r["items"]["rarities"].extend(n("r", 11)))
case("tags-too-many", "/items/tags", "allowed 1 to 48", lambda r: r["items"]["tags"].extend(n("t", 47)))
case("stats-too-many", "/items/stats", "allowed 1 to 24", lambda r: r["items"]["stats"].extend([{"id": f"s{i}", "type": "text"} for i in range(19)]))
case("stat-unknown-type", "/items/stats/6/type", "want one of", lambda r: r["items"]["stats"].append({"id": "s", "type": "integer"}))
case("stat-enum-no-values", "/items/stats/6", 'missing required key "values"', lambda r: r["items"]["stats"].append({"id": "s", "type": "enum"}))
case("stat-enum-default", "/items/stats/6/default", "not one of the values", lambda r: r["items"]["stats"].append({"id": "s", "type": "enum", "values": ["a"], "default": "b"}))
case("stat-number-default-range", "/items/stats/6/default", "outside stat", lambda r: r["items"]["stats"].append({"id": "s", "type": "number", "min": 0, "max": 3, "default": 5}))
case("stat-number-default-integer", "/items/stats/6/default", "whole numbers", lambda r: r["items"]["stats"].append({"id": "s", "type": "number", "default": 1.5}))
case("stat-key-of-other-type", "/items/stats/6/values", 'unknown key "values"', lambda r: r["items"]["stats"].append({"id": "s", "type": "number", "values": ["a"]}))
case("stat-promptvisible-type", "/items/stats/6/promptVisible", "want true or false", lambda r: r["items"]["stats"].append({"id": "s", "type": "text", "promptVisible": "no"}))
case("stat-dice-default", "/items/stats/6/default", "dice notation", lambda r: r["items"]["stats"].append({"id": "s", "type": "dice", "default": "lots"}))
case("slots-too-many", "/items/slots", "allowed 1 to 12", lambda r: r["items"]["slots"].extend([{"id": f"s{i}", "count": 1} for i in range(11)]))
case("slot-count-zero", "/items/slots/0/count", "allowed 1 to 20", block({"slots": [{"id": "hands", "count": 0}]}))
case("slot-count-too-many", "/items/slots/0/count", "allowed 1 to 20", block({"slots": [{"id": "hands", "count": 21}]}))
case("binding-max-pool", "/items/binding/max/pool", "cannot read live state", block({"binding": {"label": "A", "max": {"pool": "grit"}}}))
case("binding-max-itemstat", "/items/binding/max/itemStat", "cannot read a character's items", block({"binding": {"label": "A", "max": {"itemStat": {"stat": "guard"}}}}))
case("binding-max-derived-item", "/items/binding/max/derived", "cannot read live state", block({"binding": {"label": "A", "max": {"derived": "armor"}}}))
case("binding-max-missing", "/items/binding", 'missing required key "max"', block({"binding": {"label": "A"}}))
case("carry-stat-unknown", "/items/carry/stat", "no item stat", block({"carry": {"stat": "heft", "encumberedAbove": {"const": 5}}}))
case("carry-stat-not-number", "/items/carry/stat", "a weight is a number stat", block({"carry": {"stat": "note", "encumberedAbove": {"const": 5}}}))
case("carry-stat-min-negative", "/items/carry/stat", '"min" of 0 or more', lambda r: (r["items"]["stats"][0].update({"min": -1})))
case("carry-stat-no-min", "/items/carry/stat", '"min" of 0 or more', lambda r: (r["items"]["stats"][0].pop("min")))
case("carry-encumbered-itemstat", "/items/carry/encumberedAbove/derived", "cannot read live state", block({"carry": {"stat": "bulk", "encumberedAbove": {"derived": "armor"}}}))
case("carry-limit-pool", "/items/carry/limit/pool", "cannot read live state", block({"carry": {"stat": "bulk", "encumberedAbove": {"const": 5}, "limit": {"pool": "grit"}}}))
case("carry-unit-too-long", "/items/carry/unit", "up to 12 letters", block({"carry": {"stat": "bulk", "encumberedAbove": {"const": 5}, "unit": "hundredweights"}}))
case("carry-unit-not-letters", "/items/carry/unit", "up to 12 letters", block({"carry": {"stat": "bulk", "encumberedAbove": {"const": 5}, "unit": "lb3"}}))
case("carry-missing-encumbered", "/items/carry", 'missing required key "encumberedAbove"', block({"carry": {"stat": "bulk"}}))
fam = lambda fid, units, **kw: dict({"id": fid, "label": fid, "units": units}, **kw)
u = lambda uid, v: {"id": uid, "label": uid, "value": v}
case("currencies-too-many", "/items/currencies", "allowed 1 to 6", lambda r: r["items"]["currencies"].extend([fam(f"f{i}", [u(f"u{i}", 1)]) for i in range(6)]))
case("currency-too-many-coins", "/items/currencies/1/units", "allowed 1 to 10", lambda r: r["items"]["currencies"].extend([fam("f", [u(f"u{i}", i + 1) for i in range(11)])]))
case("currency-no-coins", "/items/currencies/1/units", "allowed 1 to 10", lambda r: r["items"]["currencies"].extend([fam("f", [])]))
case("currency-smallest-not-one", "/items/currencies/1/units", "is worth 1", lambda r: r["items"]["currencies"].extend([fam("f", [u("a", 2), u("b", 10)])]))
case("currency-equal-values", "/items/currencies/1/units/1/value", "never worth the same", lambda r: r["items"]["currencies"].extend([fam("f", [u("a", 1), u("b", 1)])]))
case("currency-coin-id-shared", "/items/currencies/2/units/0/id", "unique across all families", lambda r: r["items"]["currencies"].extend([fam("f", [u("a", 1)]), fam("g", [u("a", 1)])]))
case("currency-perweight-without-carry", "/items/currencies/0/perWeight", 'only alongside "carry"', lambda r: r["items"].pop("carry"))
case("raritycaps-unknown-rarity", "/items/rarityCaps/0/rarity", "no rarity", block({"rarityCaps": [{"rarity": "epic", "stats": {"guard": 1}}]}))
case("raritycaps-twice", "/items/rarityCaps/1/rarity", "at most one per rarity", block({"rarityCaps": [{"rarity": "common"}, {"rarity": "common"}]}))
case("raritycaps-stat-range", "/items/rarityCaps/0/stats/guard", "outside stat", block({"rarityCaps": [{"rarity": "common", "stats": {"guard": 9}}]}))
case("raritycaps-stat-not-number", "/items/rarityCaps/0/stats/reach", "number stat", block({"rarityCaps": [{"rarity": "common", "stats": {"reach": 1}}]}))
case("raritycaps-stat-integer", "/items/rarityCaps/0/stats/guard", "whole numbers", block({"rarityCaps": [{"rarity": "common", "stats": {"guard": 1.5}}]}))
case("raritycaps-no-rarities", "/items/rarityCaps/0/rarity", 'need "rarities"', lambda r: (r["items"].pop("rarities"), r["catalogs"][0]["entries"][0]["item"].pop("rarity"), r["items"].update({"rarityCaps": [{"rarity": "common"}]})))
case("propose-not-bool", "/items/propose", "want true or false", block({"propose": "yes"}))
case("native-not-bool", "/items/native", "want true or false", block({"native": 0}))
case("freeform-unknown", "/items/freeform", "want one of", block({"freeform": "loose"}))
case("block-unknown-key", "/items/weight", "unknown key", block({"weight": 1}))
case("loottables-too-many", "/items/lootTables", "allowed 0 to 24", block({"lootTables": [{"id": f"t{i}"} for i in range(25)]}))
# catalogs and entries
case("catalog-feeds", "/catalogs/0/feeds", 'declares no "feeds"', lambda r: r["catalogs"][0].update({"feeds": "x"}))
case("entry-no-block", "/catalogs/0/entries/0/item", 'needs an "items" block', lambda r: (r.pop("items"), r["derived"].pop(1)))
case("entry-mechanics", "/catalogs/0/entries/0/mechanics", 'instead of "mechanics"', lambda r: r["catalogs"][0]["entries"][0].update({"mechanics": {}}))
case("entry-rows", "/catalogs/0/entries/0/rows", 'instead of "rows"', lambda r: r["catalogs"][0]["entries"][0].update({"rows": []}))
case("item-no-category", E, 'missing required key "category"', lambda r: r["catalogs"][0]["entries"][0]["item"].pop("category"))
case("item-unknown-category", E + "/category", "no category", item({"category": "potion"}))
case("item-unknown-rarity", E + "/rarity", "no rarity", item({"rarity": "epic"}))
case("item-rarity-without-rarities", E + "/rarity", 'only when the items block declares "rarities"', lambda r: r["items"].pop("rarities"))
case("item-unknown-tag", E + "/tags/0", "no tag", item({"tags": ["silvered"]}))
case("item-unknown-stat", E + "/stats/weight", "no item stat", item({"stats": {"weight": 1}}))
case("item-stat-out-of-range", E + "/stats/guard", "outside stat", item({"stats": {"guard": 5}}))
case("item-stat-integer", E + "/stats/guard", "whole numbers", item({"stats": {"guard": 0.5}}))
case("item-stat-enum", E + "/stats/reach", "is one of", item({"stats": {"reach": "near"}}))
case("item-stat-dice", E + "/stats/damage", "dice notation", item({"stats": {"damage": "d"}}))
case("item-stat-boolean", E + "/stats/lit", "true or false", item({"stats": {"lit": "yes"}}))
case("item-stat-text", E + "/stats/note", "is a text", item({"stats": {"note": 3}}))
case("item-slots-too-many", E + "/slots/hands", "a character has only 2", item({"slots": {"hands": 3}}))
case("item-slot-unknown", E + "/slots/feet", "no slot", item({"slots": {"feet": 1}}))
case("item-slots-without-block", E + "/slots", 'declares "slots"', lambda r: r["items"].pop("slots"))
case("item-stack-zero", E + "/stack", "allowed 1 to 999999", item({"stack": 0}))
case("item-stack-too-big", E + "/stack", "allowed 1 to 999999", item({"stack": 1000000}))
case("item-cost-fraction", E + "/cost/amount", "whole number", item({"cost": {"amount": 1.5, "unit": "mark"}}))
case("item-cost-unknown-coin", E + "/cost/unit", "no coin", item({"cost": {"amount": 1, "unit": "crown"}}))
case("item-cost-no-currencies", E + "/cost/unit", "declares none", lambda r: (r["items"].pop("currencies")))
case("service-with-slots", E + "/slots", "a service is bought and never carried", item({"service": True}))
case("service-without-cost", E + "/service", 'has a "cost"', lambda r: r["catalogs"][0]["entries"][0].update({"item": {"category": "weapon", "service": True}}))
for k, val in [("stack", 1), ("binds", True), ("worn", {}), ("carried", {}), ("requires", []), ("attack", {}), ("use", {}), ("charges", 1)]:
    case(f"service-with-{k}", E + f"/{k}", "a service is bought and never carried",
         (lambda k, val: lambda r: r["catalogs"][0]["entries"][0].update({"item": {"category": "weapon", "service": True, "cost": {"amount": 1, "unit": "bit"}, k: val}}))(k, val))
case("binds-without-binding", E + "/binds", 'only a ruleset with "binding"', lambda r: (r["items"].pop("binding"), r["catalogs"][0]["entries"][0]["item"].update({"binds": True})))
case("cursed-without-binding", E + "/binds", 'only a ruleset with "binding"', lambda r: (r["items"].pop("binding"), r["catalogs"][0]["entries"][0]["item"].update({"binds": {"cursed": True}})))
case("restriction-without-binding", E + "/binds", 'only a ruleset with "binding"', lambda r: (r["items"].pop("binding"), r["catalogs"][0]["entries"][0]["item"].update({"binds": {"restriction": "a widow"}})))
case("cursed-beside-binds", E + "/cursed", 'is a member of "binds": write "binds": { "cursed": true }', item({"binds": True, "cursed": True}))
case("restriction-beside-binds", E + "/restriction", 'is a member of "binds"', item({"binds": True, "restriction": "a widow"}))
case("binds-a-word", E + "/binds", 'want true, false or { "restriction"', item({"binds": "yes"}))
case("binds-unknown-member", E + "/binds/curse", 'unknown key "curse"', item({"binds": {"curse": True}}))
case("binds-empty-restriction", E + "/binds/restriction", "must not be empty", item({"binds": {"restriction": " "}}))
case("binds-cursed-word", E + "/binds/cursed", "want true or false", item({"binds": {"cursed": "yes"}}))
case("requires-too-many", E + "/requires", "allowed 1 to 4", item({"requires": [{"value": {"abilityScore": "brawn"}, "atLeast": 1}] * 5}))
case("requires-otherwise-ability", E + "/requires/0/otherwise/abilities", "cannot change an ability", item({"requires": [{"value": {"abilityScore": "brawn"}, "atLeast": 3, "otherwise": {"abilities": {"brawn": {"add": -1}}}}]}))
case("requires-no-atleast", E + "/requires/0", 'missing required key "atLeast"', item({"requires": [{"value": {"abilityScore": "brawn"}}]}))
case("charges-with-stack", E + "/stack", "alone in its stack", item({"charges": {"max": 3}, "stack": 5}))
case("charges-too-many", E + "/charges/max", "allowed 1 to 100", item({"charges": {"max": 101}}))
case("toggle-no-budget", E + "/toggle", 'missing required key "budget"', item({"toggle": {"label": "Flames"}}))
case("item-unknown-key", E + "/weight", "unknown key", item({"weight": 1}))
# effects
W = E + "/worn"
case("worn-unknown-effect", W + "/effects/0", "unknown effect", item({"worn": {"effects": ["glowing"]}}))
case("worn-condition-only-effect", W + "/effects/0", "a condition's alone", item({"worn": {"effects": ["ends-on-damage"]}}))
case("level-condition-only-effect", "/levels/0/check/effects/0", "a condition's alone", lambda r: r.update({"levels": [{"id": "l", "label": "L", "check": {"effects": ["cannot-target-source"]}}]}))
case("worn-modifier-no-to", W + "/modifiers/0", 'missing required key "to"', item({"worn": {"modifiers": [{"flat": 1}]}}))
case("worn-modifier-bad-to", W + "/modifiers/0/to", "want one of", item({"worn": {"modifiers": [{"to": "damage", "flat": 1}]}}))
case("worn-modifier-unknown-skill", W + "/modifiers/0/skills/0", "no skill", item({"worn": {"modifiers": [{"to": "checks", "skills": ["dig"], "flat": 1}]}}))
case("worn-modifier-skills-on-saves", W + "/modifiers/0/skills", 'only with "to": "checks"', item({"worn": {"modifiers": [{"to": "saves", "skills": ["sneak"], "flat": 1}]}}))
case("worn-modifier-nothing", W + "/modifiers/0", 'give "flat", "dice" or "mode"', item({"worn": {"modifiers": [{"to": "checks"}]}}))
case("worn-modifier-minus-no-dice", W + "/modifiers/0/minus", '"minus" subtracts', item({"worn": {"modifiers": [{"to": "checks", "flat": 1, "minus": True}]}}))
case("worn-modifier-bad-dice", W + "/modifiers/0/dice", "dice notation", item({"worn": {"modifiers": [{"to": "checks", "dice": "x"}]}}))
case("worn-modifier-bad-mode", W + "/modifiers/0/mode", "want one of", item({"worn": {"modifiers": [{"to": "checks", "mode": "double"}]}}))
case("worn-failssaves-unknown", W + "/failsSaves/0", "no save", item({"worn": {"failsSaves": ["dodge"]}}))
case("worn-ability-unknown", W + "/abilities/heart", "no ability", item({"worn": {"abilities": {"heart": {"set": 2}}}}))
case("worn-ability-both", W + "/abilities/brawn", "exactly one", item({"worn": {"abilities": {"brawn": {"set": 2, "add": 1}}}}))
case("worn-resist-except-unknown-tag", W + "/resist/0/except/0", "declared in items.tags", item({"worn": {"resist": [{"type": "fire", "except": ["silvered"]}]}}))
case("worn-resist-too-many", W + "/resist", "allowed 1 to 30", item({"worn": {"resist": [f"d{i}" for i in range(31)]}}))
case("worn-vulnerable-object", W + "/vulnerable/0", "plain damage words", item({"worn": {"vulnerable": [{"type": "fire"}]}}))
case("worn-condimm-unknown", W + "/conditionImmunities/0", "no condition", item({"worn": {"conditionImmunities": ["stunned"]}}))
case("worn-condimm-too-many", W + "/conditionImmunities", "allowed 1 to 40", item({"worn": {"conditionImmunities": ["rattled"] * 41}}))
case("worn-damage-type-undeclared", W + "/immune/0", "unknown damage type", lambda r: (r.update({"combat": {"damageTypes": ["fire", "cold"]}}), r["catalogs"][0]["entries"][0]["item"].update({"worn": {"immune": ["acid"]}})))
case("condition-check-unknown-key", "/conditions/0/check/attack", "unknown key", lambda r: r["conditions"][0].update({"check": {"attack": 1}}))
# itemStat
case("itemstat-unknown-stat", "/derived/1/of/0/itemStat/stat", "no item stat", lambda r: r["derived"][1]["of"][0]["itemStat"].update({"stat": "weight"}))
case("itemstat-sum-text-stat", "/derived/1/of/0/itemStat/stat", "needs a number stat", lambda r: r["derived"][1]["of"][0]["itemStat"].update({"stat": "reach", "pick": "max"}))
case("itemstat-unknown-slot", "/derived/1/of/0/itemStat/slot", "no slot", lambda r: r["derived"][1]["of"][0]["itemStat"].update({"slot": "feet"}))
case("itemstat-unknown-category", "/derived/1/of/0/itemStat/category", "no category", lambda r: r["derived"][1]["of"][0]["itemStat"].update({"category": "potion"}))
case("itemstat-unknown-tag", "/derived/1/of/0/itemStat/tag", "no tag", lambda r: r["derived"][1]["of"][0]["itemStat"].update({"tag": "silvered"}))
case("itemstat-no-stat-for-sum", "/derived/1/of/0/itemStat", 'needs "stat"', lambda r: r["derived"][1]["of"][0]["itemStat"].pop("stat"))
case("itemstat-pool-max", "/live/pools/0/max/itemStat", "cannot read a character's items", lambda r: r["live"]["pools"][0].update({"max": {"itemStat": {"stat": "guard"}}}))
case("itemstat-pool-max-derived", "/live/pools/0/max/derived", "cannot read live state", lambda r: r["live"]["pools"][0].update({"max": {"derived": "armor"}}))
case("itemstat-proficiency", "/resolution/proficiency/bonus/derived", "cannot read live state", lambda r: r["resolution"].update({"proficiency": {"bonus": {"derived": "armor"}}}))
case("itemstat-no-block", "/derived/1/of/0/itemStat", "no items block", lambda r: (r.pop("items"), r.pop("catalogs")))

for f in os.listdir(OUT):
    os.remove(os.path.join(OUT, f))
for name, (ptr, contains, fn) in cases.items():
    r = copy.deepcopy(base)
    fn(r)
    with open(os.path.join(OUT, name + ".json"), "w") as fh:
        json.dump(r, fh, indent=1)
    with open(os.path.join(OUT, name + ".want.json"), "w") as fh:
        json.dump({"pointer": ptr, "contains": contains}, fh)
os.makedirs(str(ROOT / "testdata/items"), exist_ok=True)
with open(str(ROOT / "testdata/items/base.json"), "w") as fh:
    json.dump(base, fh, indent=1)
print(len(cases))
