# Regenerate: python3 testdata/items/gen_refused_weapons.py
# Writes testdata/refused/weapons/*.json: one ruleset per refusal of an
# item's attack, the combat keys it reads (economy, distance, offHand,
# pool.hardness) and the weapons effect of a worn or carried item
# (spec/items.md "Weapons in a fight" and the sections after it).
import json, copy, os, pathlib
ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "testdata/refused/weapons"
base = {
  "id": "refuse-weapons", "name": "Refused weapons",
  "abilities": [{"id": "brawn", "label": "Brawn", "min": 0, "max": 4}, {"id": "wits", "label": "Wits", "min": 0, "max": 4}],
  "skills": [{"id": "sneak", "label": "Sneak", "ability": "wits"}],
  "saves": [{"id": "endure", "label": "Endure", "ability": "brawn"}],
  "fields": [{"id": "archery", "label": "Archery", "min": 0, "max": 2}],
  "conditions": [{"id": "rattled", "label": "Rattled"}],
  "resolution": {"kind": "dice-sum", "dice": {"count": 2, "sides": 6}, "proficiencyTiers": [{"id": "untrained"}]},
  "combat": {
    "economy": {"budgets": [{"id": "act", "label": "Action"}, "quick"]},
    "distance": {"unit": "paces", "one": "pace"},
    "offHand": {"budget": "quick"}
  },
  "items": {
    "categories": [{"id": "weapon", "label": "Weapon"}],
    "tags": [{"id": "thrown", "label": "Thrown"}, {"id": "arrow", "label": "Arrow"}],
    "stats": [
      {"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 10},
      {"id": "damage", "label": "Damage", "type": "dice"},
      {"id": "swing", "label": "Swing", "type": "enum", "values": ["brawn", "wits"]},
      {"id": "reach", "label": "Reach", "type": "enum", "values": ["close", "far"]},
      {"id": "note", "label": "Note", "type": "text"}
    ],
    "slots": [{"id": "hands", "label": "Hands", "count": 2}]
  },
  "catalogs": [{"id": "gear", "label": "Gear", "holds": "items", "entries": [
    {"id": "axe", "label": "Axe", "item": {"category": "weapon", "tags": ["thrown"],
      "stats": {"bulk": 1, "damage": "1d6", "swing": "brawn"}, "slots": {"hands": 1},
      "attack": {"budget": "act", "toHit": {"abilities": {"stat": "swing"}}, "damage": {"dice": {"stat": "damage"}, "type": "cut"}}}}
  ]}]
}
E = "/catalogs/0/entries/0/item"
A = E + "/attack"
cases = {}
def case(name, ptr, contains, fn):
    cases[name] = (ptr, contains, fn)
def atk(patch):
    def f(r): r["catalogs"][0]["entries"][0]["item"]["attack"].update(patch)
    return f
def item(patch):
    def f(r): r["catalogs"][0]["entries"][0]["item"].update(patch)
    return f
def pool(r):
    r["resolution"] = {"kind": "dice-pool", "die": {"sides": 10}, "proficiencyTiers": [{"id": "untrained"}],
                       "pool": {"min": 0, "max": 10}, "target": {"default": 7, "min": 5, "max": 9}}
def both(*fns):
    def f(r):
        for fn in fns: fn(r)
    return f
def drop(key):
    def f(r): r["catalogs"][0]["entries"][0]["item"]["attack"].pop(key)
    return f

# the attack itself
case("attack-no-budget", A, 'missing required key "budget"', drop("budget"))
case("attack-budget-unknown", A + "/budget", 'no budget "bonus"', atk({"budget": "bonus"}))
case("attack-unknown-key", A + "/slash", 'unknown key "slash"', atk({"slash": 1}))
case("attack-not-object", A, "want an object", item({"attack": "1d6"}))
case("attack-no-dice-summed", A, "summed fight", atk({"damage": {"type": "cut"}}))
case("attack-dice-stat-not-given", A + "/damage/dice", 'gives no value to stat "damage"', lambda r: r["catalogs"][0]["entries"][0]["item"]["stats"].pop("damage"))
case("attack-dice-bad", A + "/damage/dice", "", atk({"damage": {"dice": "d"}}))
case("attack-dice-too-many", A + "/damage/dice", "allowed 1..100", atk({"damage": {"dice": "101d6"}}))
case("attack-stat-unknown", A + "/damage/dice/stat", 'no item stat "harm"', atk({"damage": {"dice": {"stat": "harm"}}}))
case("attack-stat-wrong-type", A + "/damage/dice/stat", "is a number stat; this reads a dice stat", atk({"damage": {"dice": {"stat": "bulk"}}}))
case("attack-stat-extra-key", A + "/damage/dice/from", 'unknown key "from"', atk({"damage": {"dice": {"stat": "damage", "from": "worn"}}}))
case("attack-number-as-string", A + "/toHit/bonus", 'want a number from -100 to 100 or { "stat": id }', atk({"toHit": {"bonus": "2"}}))
case("attack-abilities-unknown", A + "/toHit/abilities/0", 'no ability "strength"', atk({"toHit": {"abilities": ["strength"]}}))
case("attack-abilities-twice", A + "/toHit/abilities/1", "listed twice", atk({"toHit": {"abilities": ["brawn", "brawn"]}}))
case("attack-abilities-stat-not-abilities", A + "/toHit/abilities/stat", '"close", which is not an ability id', atk({"toHit": {"abilities": {"stat": "reach"}}}))
case("attack-skill-unknown", A + "/toHit/skill", 'no skill "climb"', atk({"toHit": {"skill": "climb"}}))
case("attack-skill-stat-not-skills", A + "/toHit/skill/stat", "not a skill id", atk({"toHit": {"skill": {"stat": "swing"}}}))
case("attack-bonus-range", A + "/toHit/bonus", "-100 to 100", atk({"toHit": {"bonus": 101}}))
case("attack-sheet-bonus-ref", A + "/toHit/sheetBonus/field", 'no field with id "dueling"', atk({"toHit": {"sheetBonus": {"field": "dueling"}}}))
case("attack-target-summed", A + "/toHit/target", "dice-pool ruleset whose target can move", atk({"toHit": {"target": 6}}))
case("attack-target-fixed-pool", A + "/toHit/target", "no min below its max", both(pool, lambda r: r["resolution"].update({"target": {"default": 7, "min": 7, "max": 7}}), atk({"toHit": {"target": 6}})))
case("attack-target-outside-pool", A + "/toHit/target", "out of range; allowed 5 to 9", both(pool, atk({"toHit": {"target": 4}})))
case("attack-target-stat-text", A + "/toHit/target/stat", "this reads a number stat", both(pool, atk({"toHit": {"target": {"stat": "note"}}})))
case("attack-damage-type-undeclared", A + "/damage/type", 'unknown damage type "fire"', both(lambda r: r["combat"].update({"damageTypes": ["cut"]}), atk({"damage": {"dice": "1d6", "type": "fire"}})))
case("attack-damage-type-number", A + "/damage/type", 'want a word of 1 to 64 characters or { "stat": id }', atk({"damage": {"dice": "1d6", "type": 5}}))
case("combat-budget-empty-id", "/combat/economy/budgets/2", "want a budget id of 1 to 64 characters", lambda r: r["combat"]["economy"]["budgets"].append(""))
case("attack-damage-type-stat-number", A + "/damage/type/stat", "a damage type reads a text or enum stat", atk({"damage": {"dice": "1d6", "type": {"stat": "bulk"}}}))
case("attack-damage-type-enum-undeclared", A + "/damage/type/stat", "not a damage type of combat.damageTypes", both(lambda r: r["combat"].update({"damageTypes": ["cut"]}), atk({"damage": {"dice": "1d6", "type": {"stat": "reach"}}})))
case("attack-one-handed-no-sheet-bonus", A + "/damage/oneHanded", '"oneHanded" says when', atk({"damage": {"dice": "1d6", "oneHanded": True}}))
case("attack-strikes-ref", A + "/strikes", "a value reference has exactly one key", atk({"strikes": {}}))
# reach and range
case("attack-reach-no-distance", A + "/reach", "combat.distance", both(lambda r: r["combat"].pop("distance"), atk({"reach": 2})))
case("attack-range-no-distance", A + "/range", "combat.distance", both(lambda r: r["combat"].pop("distance"), atk({"range": {"normal": 10}})))
case("attack-reach-negative", A + "/reach", "0 to 1e+06", atk({"reach": -1}))
case("attack-range-no-normal", A + "/range", 'missing required key "normal"', atk({"range": {"long": 20}}))
case("attack-range-long-below", A + "/range/long", "below the normal range", atk({"range": {"normal": 20, "long": 10}}))
case("attack-range-unknown-key", A + "/range/short", 'unknown key "short"', atk({"range": {"normal": 10, "short": 5}}))
# versatile
case("attack-versatile-no-room", A + "/versatile", "never room for as many again", both(item({"slots": {"hands": 2}}), atk({"versatile": "1d8"})))
case("attack-versatile-no-slot", A + "/versatile", "takes no slot", both(lambda r: r["catalogs"][0]["entries"][0]["item"].pop("slots"), atk({"versatile": "1d8"})))
case("attack-versatile-not-dice", A + "/versatile", "", atk({"versatile": "big"}))
# ammunition and the clip
case("attack-ammo-unknown-tag", A + "/ammo/tag", 'is not one', atk({"ammo": {"tag": "bolt"}}))
case("attack-ammo-no-tag", A + "/ammo", 'missing required key "tag"', atk({"ammo": {"perAttack": 1}}))
case("attack-ammo-recover-range", A + "/ammo/recover", "0 to 1", atk({"ammo": {"tag": "arrow", "recover": 1.5}}))
case("attack-ammo-per-attack-zero", A + "/ammo/perAttack", "1 to 100", atk({"ammo": {"tag": "arrow", "perAttack": 0}}))
case("attack-clip-no-reload", A + "/clip", 'missing required key "reload"', atk({"clip": {"max": 1}}))
case("attack-clip-reload-unknown", A + "/clip/reload", 'no budget "bonus"', atk({"clip": {"max": 1, "reload": "bonus"}}))
case("attack-clip-max-zero", A + "/clip/max", "1 to 1000", atk({"clip": {"max": 0, "reload": "act"}}))
case("attack-clip-max-text-stat", A + "/clip/max/stat", "is a text stat; this reads a number stat", atk({"clip": {"max": {"stat": "note"}, "reload": "act"}}))
case("attack-clip-max-stat-not-given", A + "/clip/max", "a clip holds at least 1", both(lambda r: r["catalogs"][0]["entries"][0]["item"]["stats"].update({"bulk": 0}), atk({"clip": {"max": {"stat": "bulk"}, "reload": "act"}})))
# modes
MODE = {"id": "volley", "label": "Volley", "targets": 2}
case("attack-modes-too-many", A + "/modes", "allowed 1 to 6", atk({"modes": [dict(MODE, id="m%d" % i) for i in range(7)]}))
case("attack-modes-empty", A + "/modes", "allowed 1 to 6", atk({"modes": []}))
case("attack-mode-no-label", A + "/modes/0", 'missing required key "label"', atk({"modes": [{"id": "volley"}]}))
case("attack-mode-duplicate-id", A + "/modes/1/id", 'id "volley" is already used', atk({"modes": [MODE, MODE]}))
case("attack-mode-ammo-no-shots", A + "/modes/0/ammo", 'needs the weapon\'s "ammo" or "clip"', atk({"modes": [dict(MODE, ammo=2)]}))
case("attack-mode-targets-range", A + "/modes/0/targets", "1 to 20", atk({"modes": [dict(MODE, targets=21)]}))
case("attack-mode-target-summed", A + "/modes/0/target", "only when it can move", atk({"modes": [dict(MODE, target=1)]}))
case("attack-mode-unknown-key", A + "/modes/0/range", 'unknown key "range"', atk({"modes": [dict(MODE, range=3)]}))
# the off hand, the floor
case("attack-offhand-no-combat", A + "/offHand", 'the combat block\'s "offHand"', both(lambda r: r["combat"].pop("offHand"), atk({"offHand": True})))
case("attack-offhand-not-bool", A + "/offHand", "want true or false", atk({"offHand": "yes"}))
case("attack-floor-negative", A + "/floor", "0 to 1000", atk({"floor": -1}))
case("attack-floor-dice-stat", A + "/floor/stat", "is a dice stat; this reads a number stat", atk({"floor": {"stat": "damage"}}))
# conditions on a hit
HIT = {"condition": "rattled", "atLeast": 2, "rounds": 2}
case("attack-onhit-too-many", A + "/onHit", "allowed 1 to 4", atk({"onHit": [HIT] * 5}))
case("attack-onhit-unknown-condition", A + "/onHit/0/condition", 'no condition "marked"', atk({"onHit": [dict(HIT, condition="marked")]}))
case("attack-onhit-no-condition", A + "/onHit/0", 'missing required key "condition"', atk({"onHit": [{"atLeast": 1}]}))
case("attack-onhit-rounds-zero", A + "/onHit/0/rounds", "1 to 100", atk({"onHit": [dict(HIT, rounds=0)]}))
case("attack-onhit-save-unknown", A + "/onHit/0/save/save", 'no save "will"', atk({"onHit": [dict(HIT, save={"save": "will", "difficulty": 12})]}))
case("attack-onhit-save-no-difficulty", A + "/onHit/0/save", 'missing required key "difficulty"', atk({"onHit": [dict(HIT, save={"save": "endure"})]}))
case("attack-onhit-saveends-rounds", A + "/onHit/0/rounds", "it has no \"rounds\"", atk({"onHit": [dict(HIT, saveEnds={"save": "endure", "difficulty": 12, "at": "turn-start"})]}))
case("attack-onhit-saveends-at", A + "/onHit/0/saveEnds/at", "want one of", atk({"onHit": [{"condition": "rattled", "saveEnds": {"save": "endure", "difficulty": 12, "at": "noon"}}]}))
case("attack-onhit-saveends-no-at", A + "/onHit/0/saveEnds", 'missing required key "at"', atk({"onHit": [{"condition": "rattled", "saveEnds": {"save": "endure", "difficulty": 12}}]}))
# plus clauses
PLUS = {"dice": "1d6", "type": "fire"}
case("attack-plus-too-many", A + "/plus", "allowed 1 to 3", atk({"plus": [PLUS] * 4}))
case("attack-plus-nothing", A + "/plus/0", 'deals "dice", "flat" or both', atk({"plus": [{"type": "fire"}]}))
case("attack-plus-toggled-no-toggle", A + "/plus/0/when", 'needs the item\'s on/off switch', atk({"plus": [dict(PLUS, when="toggled")]}))
case("attack-plus-when-unknown", A + "/plus/0/when", "want one of", atk({"plus": [dict(PLUS, when="always")]}))
case("attack-plus-save-on-success", A + "/plus/0/save/onSuccess", "want one of", atk({"plus": [dict(PLUS, save={"difficulty": 12, "onSuccess": "negates"})]}))
case("attack-plus-save-no-difficulty", A + "/plus/0/save", 'missing required key "difficulty"', atk({"plus": [dict(PLUS, save={"onSuccess": "half"})]}))
case("attack-plus-target-is-empty", A + "/plus/0/targetIs", 'names creature "types", "tags" or both', atk({"plus": [dict(PLUS, targetIs={})]}))
case("attack-plus-type-undeclared", A + "/plus/0/type", 'unknown damage type "fire"', both(lambda r: r["combat"].update({"damageTypes": ["cut"]}), atk({"plus": [PLUS]})))
# the combat block's keys
case("combat-budgets-twice", "/combat/economy/budgets/1", 'budget "act" is listed twice', lambda r: r["combat"]["economy"].update({"budgets": ["act", {"id": "act"}]}))
case("combat-budget-per-round", "/combat/economy/budgets/0/perRound", "1 to 10", lambda r: r["combat"]["economy"]["budgets"][0].update({"perRound": 0}))
case("combat-budgets-empty", "/combat/economy/budgets", "allowed 1 to 8", lambda r: r["combat"]["economy"].update({"budgets": []}))
case("combat-economy-unknown-key", "/combat/economy/turns", 'unknown key "turns"', lambda r: r["combat"]["economy"].update({"turns": 1}))
case("combat-distance-no-unit", "/combat/distance", 'missing required key "unit"', lambda r: r["combat"].update({"distance": {"one": "pace"}}))
case("combat-offhand-ability", "/combat/offHand/ability", "want one of", lambda r: r["combat"]["offHand"].update({"ability": "half"}))
case("combat-offhand-budget-unknown", "/combat/offHand/budget", 'no budget "bonus"', lambda r: r["combat"]["offHand"].update({"budget": "bonus"}))
case("combat-offhand-no-budget", "/combat/offHand", 'missing required key "budget"', lambda r: r["combat"].update({"offHand": {"ability": "full"}}))
case("combat-hardness-summed", "/combat/pool/hardness", "a pool fight's (dice-pool)", lambda r: r["combat"].update({"pool": {"hardness": {"const": 6}}}))
# the weapons effect of a worn or carried item (1.70)
W = E + "/worn/weapons"
case("weapons-in-condition", "/conditions/0/check/weapons", "only an item's worn or carried has it", lambda r: r["conditions"][0].update({"check": {"weapons": {"modifiers": [{"to": "attacks", "flat": 1}]}}}))
case("weapons-unknown-tag", W + "/tags/0", "is not one", item({"worn": {"weapons": {"tags": ["silver"], "modifiers": [{"to": "attacks", "flat": 1}]}}}))
case("weapons-no-modifiers", W, 'missing required key "modifiers"', item({"worn": {"weapons": {"tags": ["thrown"]}}}))
case("weapons-modifier-bad-to", W + "/modifiers/0/to", "want one of", item({"worn": {"weapons": {"modifiers": [{"to": "defense", "flat": 1}]}}}))
case("weapons-mode-on-damage", W + "/modifiers/0/mode", '"mode" goes with "to": "attacks"', item({"worn": {"weapons": {"modifiers": [{"to": "damage", "flat": 1, "mode": "advantage"}]}}}))
case("weapons-modifier-nothing", W + "/modifiers/0", "a modifier changes something", item({"worn": {"weapons": {"modifiers": [{"to": "damage"}]}}}))
case("weapons-modifier-bad-dice", W + "/modifiers/0/dice", 'dice notation "2q"', item({"worn": {"weapons": {"modifiers": [{"to": "damage", "flat": 1, "dice": "2q"}]}}}))
case("weapons-minus-no-dice", W + "/modifiers/0/minus", '"minus" subtracts', item({"worn": {"weapons": {"modifiers": [{"to": "damage", "flat": 1, "minus": True}]}}}))
# a spell's qualities name item tags (1.101)
case("spell-qualities-unknown-tag", "/catalogs/1/entries/0/mechanics/qualities/0", "a quality names a tag declared in items.tags", lambda r: r["catalogs"].append({"id": "spells", "label": "Spells", "entries": [{"id": "bolt", "label": "Bolt", "mechanics": {"kind": "attack", "qualities": ["silver"]}}]}))
case("spell-qualities-empty", "/catalogs/1/entries/0/mechanics/qualities", "allowed 1 to 48", lambda r: r["catalogs"].append({"id": "spells", "label": "Spells", "entries": [{"id": "bolt", "label": "Bolt", "mechanics": {"kind": "attack", "qualities": []}}]}))

os.makedirs(OUT, exist_ok=True)
for f in os.listdir(OUT):
    os.remove(OUT / f)
for name, (ptr, contains, fn) in cases.items():
    r = copy.deepcopy(base)
    fn(r)
    with open(OUT / (name + ".json"), "w") as fh:
        json.dump(r, fh, indent=1); fh.write("\n")
    with open(OUT / (name + ".want.json"), "w") as fh:
        json.dump({"pointer": ptr, "contains": contains}, fh); fh.write("\n")
with open(ROOT / "testdata/items/weapons_base.json", "w") as fh:
    json.dump(base, fh, indent=1); fh.write("\n")
print(len(cases), "cases")
