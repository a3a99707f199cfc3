#!/usr/bin/env python3
"""Writes testdata/refused/use/: one ruleset per rule of a use block, its
charges, gate, restore, tracks, health and rests, each refused at the
pointer its .want.json names (engine/ruleset TestRefused reads them)."""
import copy, json, os

BASE = json.load(open(os.path.join(os.path.dirname(__file__), "wounds.json")))
OUT = os.path.join(os.path.dirname(__file__), "..", "refused", "use")
ITEM = "/catalogs/0/entries/0/item"


def case(name, change, pointer, contains):
    rs = copy.deepcopy(BASE)
    item = rs["catalogs"][0]["entries"][0]["item"]
    item.clear()
    item.update({"category": "kit", "stats": {"dc": 8, "uses": 3},
                 "use": {"kind": "heal", "free": True, "amount": {"flat": 1}, "consumes": True}})
    change(rs, item, item["use"])
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(rs, f, indent=1)
        f.write("\n")
    with open(os.path.join(OUT, name + ".want.json"), "w") as f:
        json.dump([{"pointer": pointer, "contains": contains}], f)
        f.write("\n")


def DIST(rs):
    """Declares combat.distance, which a use's range and area need."""
    rs["combat"]["distance"] = {"unit": "paces", "one": "pace"}


def POOL(lo, hi):
    """A dice-pool resolution whose per-die target runs from lo to hi."""
    return {"kind": "dice-pool", "die": {"sides": 10}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 1}],
            "pool": {"min": 1, "max": 10}, "target": {"default": 7, "min": lo, "max": hi}}


def GRIP(rs, *extra):
    """Declares an enum stat "grip" whose words are the abilities (and extra)."""
    rs["items"]["stats"].append({"id": "grip", "label": "Grip", "type": "enum", "values": ["grit", "lore"] + list(extra)})


def charged(item, use, n=1, **charges):
    use.pop("consumes", None)
    use["charges"] = n
    item["charges"] = dict({"max": 3}, **charges)


cases = [
    ("kind-unknown", lambda rs, i, u: u.update(kind="zap"), ITEM + "/use/kind", "one of"),
    ("kind-missing", lambda rs, i, u: u.pop("kind"), ITEM + "/use", "missing required key \"kind\""),
    ("refused-cost", lambda rs, i, u: u.update(cost=[{"pool": "focus", "amount": 1}]), ITEM + "/use/cost", "pays with the item itself"),
    ("refused-concentration", lambda rs, i, u: u.update(concentration=True), ITEM + "/use/concentration", "refused in a use"),
    ("refused-rider", lambda rs, i, u: u.update(rider={}), ITEM + "/use/rider", "refused in a use"),
    ("refused-percoststep", lambda rs, i, u: u.update(perCostStep={}), ITEM + "/use/perCostStep", "refused in a use"),
    ("refused-check", lambda rs, i, u: u.update(check={}), ITEM + "/use/check", "refused in a use"),
    ("refused-reaction", lambda rs, i, u: u.update(reaction=True), ITEM + "/use/reaction", "refused in a use"),
    ("refused-scales", lambda rs, i, u: u.update(scales=[]), ITEM + "/use/scales", "refused in a use"),
    ("refused-gives", lambda rs, i, u: u.update(gives={}), ITEM + "/use/gives", "refused in a use"),
    ("refused-standard", lambda rs, i, u: u.update(standard=True), ITEM + "/use/standard", "refused in a use"),
    ("unknown-key", lambda rs, i, u: u.update(zap=1), ITEM + "/use/zap", ""),
    ("consumes-and-charges", lambda rs, i, u: (charged(i, u), u.update(consumes=True)), ITEM + "/use", "never both"),
    ("charges-without-item-charges", lambda rs, i, u: (u.pop("consumes"), u.update(charges=1)), ITEM + "/use", "holds none"),
    ("item-charges-unspent", lambda rs, i, u: (u.pop("consumes"), i.update(charges={"max": 3})), ITEM + "/use", "always spent by its use"),
    ("charges-more-than-max", lambda rs, i, u: charged(i, u, 4), ITEM + "/use", "could never be used"),
    ("charges-stat-below-one", lambda rs, i, u: (charged(i, u), i["charges"].update(max={"stat": "uses"}), i["stats"].update(uses=0)), ITEM + "/charges/max", "at least 1"),
    ("charges-stat-missing", lambda rs, i, u: (charged(i, u), i["charges"].update(max={"stat": "uses"}), i["stats"].pop("uses")), ITEM + "/charges/max", "at least 1"),
    ("charges-stat-not-number", lambda rs, i, u: (charged(i, u), i["charges"].update(max={"stat": "nope"})), ITEM + "/charges/max/stat", "no item stat"),
    ("charges-max-101", lambda rs, i, u: (charged(i, u), i["charges"].update(max=101)), ITEM + "/charges/max", ""),
    ("charges-stack", lambda rs, i, u: (charged(i, u), i.update(stack=2)), ITEM + "/stack", "alone in its stack"),
    ("recharge-unknown-rest", lambda rs, i, u: charged(i, u, recharge={"rests": ["nap"], "amount": "max"}), ITEM + "/charges/recharge/rests/0", "no rest"),
    ("charges-stat-enum", lambda rs, i, u: (GRIP(rs), charged(i, u), i["charges"].update(max={"stat": "grip"})), ITEM + "/charges/max/stat", 'reads a number stat, and "grip" is a enum stat'),
    ("recharge-rest-not-string", lambda rs, i, u: charged(i, u, recharge={"rests": [3], "amount": "max"}), ITEM + "/charges/recharge/rests/0", "want a rest id (a string), found a number"),
    ("amount-over-100-dice", lambda rs, i, u: u.update(amount={"dice": "101d6"}), ITEM + "/use/amount/dice", "101 dice; allowed 1..100"),
    ("damagetype-unknown", lambda rs, i, u: (rs["combat"].update(damageTypes=["fire", "cold"]), u.update(kind="attack", damageType="acid")), ITEM + "/use/damageType", 'no damage type "acid" in combat.damageTypes'),
    ("gate-difficulty-string", lambda rs, i, u: u.update(gate={"check": {"skill": "scribe"}, "difficulty": "hard"}), ITEM + "/use/gate/difficulty", 'want a number from 1 to 100 or { "stat": id }, found a string'),
    ("gate-unknown-ability", lambda rs, i, u: u.update(gate={"check": {"ability": "charm"}, "difficulty": 5}), ITEM + "/use/gate/check/ability", 'no ability "charm"'),
    ("recharge-bad-amount", lambda rs, i, u: charged(i, u, recharge={"rests": ["sleep"], "amount": "all"}), ITEM + "/charges/recharge/amount", "max"),
    ("breakson-above-die", lambda rs, i, u: charged(i, u, breaksOn={"die": 6, "atMost": 7}), ITEM + "/charges/breaksOn/atMost", ""),
    ("breakson-missing-die", lambda rs, i, u: charged(i, u, breaksOn={"atMost": 1}), ITEM + "/charges/breaksOn", "missing required key \"die\""),
    ("restore-health-pool", lambda rs, i, u: (rs["live"].update(health={"pool": "focus"}), u.update(restore={"pool": "focus", "amount": {"flat": 1}})), ITEM + "/use/restore/pool", "health pool"),
    ("restore-in-attack", lambda rs, i, u: u.update(kind="attack", restore={"pool": "focus", "amount": {"flat": 1}}), ITEM + "/use/restore", "helps"),
    ("restore-unknown-pool", lambda rs, i, u: u.update(restore={"pool": "blood", "amount": {"flat": 1}}), ITEM + "/use/restore/pool", "no live pool"),
    ("gate-difficulty-zero", lambda rs, i, u: u.update(gate={"check": {"skill": "scribe"}, "difficulty": 0}), ITEM + "/use/gate/difficulty", ""),
    ("gate-difficulty-101", lambda rs, i, u: u.update(gate={"check": {"skill": "scribe"}, "difficulty": 101}), ITEM + "/use/gate/difficulty", ""),
    ("gate-difficulty-text-stat", lambda rs, i, u: u.update(gate={"check": {"skill": "scribe"}, "difficulty": {"stat": "nope"}}), ITEM + "/use/gate/difficulty/stat", "no item stat"),
    ("gate-difficulty-missing", lambda rs, i, u: u.update(gate={"check": {"skill": "scribe"}}), ITEM + "/use/gate", "missing required key \"difficulty\""),
    ("gate-check-two", lambda rs, i, u: u.update(gate={"check": {"skill": "scribe", "ability": "lore"}, "difficulty": 5}), ITEM + "/use/gate/check", "one thing"),
    ("gate-unknown-skill", lambda rs, i, u: u.update(gate={"check": {"skill": "dance"}, "difficulty": 5}), ITEM + "/use/gate/check/skill", "no skill"),
    ("gate-unless-missing-atleast", lambda rs, i, u: u.update(gate={"check": {"skill": "scribe"}, "difficulty": 5, "unless": {"value": {"abilityScore": "lore"}}}), ITEM + "/use/gate/unless", "missing required key \"atLeast\""),
    ("save-without-difficulty", lambda rs, i, u: u.update(save={"save": "nerve"}), ITEM + "/use/save", "saveDifficulty"),
    ("save-unknown", lambda rs, i, u: u.update(save={"save": "luck"}, saveDifficulty=5), ITEM + "/use/save/save", "no save"),
    ("save-difficulty-stat-not-given", lambda rs, i, u: (u.update(save={"save": "nerve"}, saveDifficulty={"stat": "dc"}), i["stats"].pop("dc")), ITEM + "/use/saveDifficulty", "gives no value"),
    ("applies-unknown-condition", lambda rs, i, u: u.update(applies=[{"condition": "hexed"}]), ITEM + "/use/applies/0/condition", "no condition"),
    ("budget-and-free", lambda rs, i, u: u.update(budget="act"), ITEM + "/use/free", "not both"),
    ("budget-unknown", lambda rs, i, u: (rs["combat"].update(economy={"budgets": ["act", "quick"]}), u.pop("free"), u.update(budget="bonus")), ITEM + "/use/budget", "combat.economy.budgets"),
    ("toggle-budget-unknown", lambda rs, i, u: (rs["combat"].update(economy={"budgets": ["act", "quick"]}), i.update(toggle={"label": "Flame", "budget": "bonus"})), ITEM + "/toggle", "combat.economy.budgets"),
    ("no-budget", lambda rs, i, u: u.pop("free"), ITEM + "/use", "budget"),
    ("tohit-without-attackroll", lambda rs, i, u: u.update(toHit={"bonus": 1}), ITEM + "/use/toHit", "attackRoll"),
    ("amount-bad-dice", lambda rs, i, u: u.update(amount={"dice": "d"}), ITEM + "/use/amount/dice", ""),
    ("amount-empty", lambda rs, i, u: u.update(amount={}), ITEM + "/use/amount", "dice"),
    ("targets-unknown", lambda rs, i, u: u.update(targets="everyone"), ITEM + "/use/targets", "one of"),
    # The keys a fight reads (issue 19): plus, area, targets, zone, toHit.
    ("plus-in-heal", lambda rs, i, u: u.update(plus=[{"dice": "1d6"}]), ITEM + "/use/plus", "harms"),
    ("plus-empty-clause", lambda rs, i, u: u.update(kind="attack", plus=[{"type": "fire"}]), ITEM + "/use/plus/0", "dice"),
    ("plus-bad-dice", lambda rs, i, u: u.update(kind="attack", plus=[{"dice": "2x"}]), ITEM + "/use/plus/0/dice", ""),
    ("plus-four", lambda rs, i, u: u.update(kind="attack", plus=[{"flat": 1}] * 4), ITEM + "/use/plus", ""),
    ("plus-unknown-key", lambda rs, i, u: u.update(kind="attack", plus=[{"flat": 1, "zap": 1}]), ITEM + "/use/plus/0/zap", ""),
    ("plus-unknown-type", lambda rs, i, u: (rs["combat"].update(damageTypes=["fire", "cold"]), u.update(kind="attack", plus=[{"flat": 1, "type": "acid"}])), ITEM + "/use/plus/0/type", "combat.damageTypes"),
    ("plus-save-without-difficulty", lambda rs, i, u: u.update(kind="attack", plus=[{"flat": 1, "save": {"save": "nerve"}}]), ITEM + "/use/plus/0/save", "saveDifficulty"),
    ("plus-save-unknown", lambda rs, i, u: u.update(kind="attack", plus=[{"flat": 1, "save": {"save": "luck", "difficulty": 5}}]), ITEM + "/use/plus/0/save/save", "no save"),
    ("plus-save-negates", lambda rs, i, u: u.update(kind="attack", plus=[{"flat": 1, "save": {"save": "nerve", "difficulty": 5, "onSuccess": "negates"}}]), ITEM + "/use/plus/0/save/onSuccess", "one of"),
    ("plus-critical-without-attackroll", lambda rs, i, u: u.update(kind="attack", plus=[{"flat": 1, "when": "critical"}]), ITEM + "/use/plus/0/when", "attackRoll"),
    ("plus-toggled-without-toggle", lambda rs, i, u: u.update(kind="attack", plus=[{"flat": 1, "when": "toggled"}]), ITEM + "/use/plus/0/when", "toggle"),
    ("plus-targetis-empty", lambda rs, i, u: u.update(kind="attack", plus=[{"flat": 1, "targetIs": {}}]), ITEM + "/use/plus/0/targetIs", "types"),
    ("plus-targetis-blank-word", lambda rs, i, u: u.update(kind="attack", plus=[{"flat": 1, "targetIs": {"types": [""]}}]), ITEM + "/use/plus/0/targetIs/types/0", "word"),
    ("area-missing-size", lambda rs, i, u: (DIST(rs), u.update(kind="attack", area={"shape": "burst"})), ITEM + "/use/area", "missing required key \"size\""),
    ("area-bad-shape", lambda rs, i, u: (DIST(rs), u.update(kind="attack", area={"shape": "ring", "size": 2})), ITEM + "/use/area/shape", "one of"),
    ("area-size-zero", lambda rs, i, u: (DIST(rs), u.update(kind="attack", area={"shape": "burst", "size": 0})), ITEM + "/use/area/size", "above 0"),
    ("area-and-targetcount", lambda rs, i, u: (DIST(rs), u.update(kind="attack", area={"shape": "burst", "size": 2}, targetCount=3)), ITEM + "/use/targetCount", "not both"),
    ("area-on-self", lambda rs, i, u: (DIST(rs), u.update(targets="self", area={"shape": "burst", "size": 2})), ITEM + "/use/area", "oneself"),
    ("targetcount-on-self", lambda rs, i, u: u.update(targets="self", targetCount=2), ITEM + "/use/targetCount", "oneself"),
    ("targetcount-21", lambda rs, i, u: u.update(targetCount=21), ITEM + "/use/targetCount", ""),
    ("friendlyfire-without-area", lambda rs, i, u: u.update(kind="attack", friendlyFire=True), ITEM + "/use/friendlyFire", "area"),
    ("range-negative", lambda rs, i, u: (DIST(rs), u.update(range=-1)), ITEM + "/use/range", ""),
    ("range-without-distance", lambda rs, i, u: u.update(range=2), ITEM + "/use/range", "combat.distance"),
    ("area-without-distance", lambda rs, i, u: u.update(kind="attack", area={"shape": "burst", "size": 2}), ITEM + "/use/area", "combat.distance"),
    ("zone-without-rounds", lambda rs, i, u: (rs.update(capabilityApi="1.174"), u.update(zone={})), ITEM + "/use/zone", "missing required key \"rounds\""),
    ("concentration-at-1-174", lambda rs, i, u: (rs.update(capabilityApi="1.174"), u.update(concentration=True)), ITEM + "/use/concentration", "refused in a use"),
    ("tohit-target-in-sum", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"target": 6}), ITEM + "/use/toHit/target", "pool fight"),
    ("tohit-unknown-ability", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"abilities": ["luck"]}), ITEM + "/use/toHit/abilities/0", "no ability"),
    ("tohit-unknown-skill", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"skill": "dance"}), ITEM + "/use/toHit/skill", "no skill"),
    ("tohit-target-fixed-pool", lambda rs, i, u: (rs.update(resolution=POOL(7, 7)), u.update(kind="attack", attackRoll=True, toHit={"target": 6})), ITEM + "/use/toHit/target", "can move"),
    ("tohit-target-outside-pool", lambda rs, i, u: (rs.update(resolution=POOL(5, 9)), u.update(kind="attack", attackRoll=True, toHit={"target": 4})), ITEM + "/use/toHit/target", "out of range; allowed 5 to 9"),
    # A use's toHit is read as a weapon's (items.md: "as a weapon's toHit
    # defines it"): values from the item's stats, with a weapon's refusals.
    ("tohit-stat-unknown", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"bonus": {"stat": "luck"}}), ITEM + "/use/toHit/bonus/stat", 'no item stat "luck" in the items block'),
    ("tohit-bonus-stat-not-number", lambda rs, i, u: (GRIP(rs), u.update(kind="attack", attackRoll=True, toHit={"bonus": {"stat": "grip"}})), ITEM + "/use/toHit/bonus/stat", "is an enum stat; this reads a number stat"),
    ("tohit-abilities-stat-not-enum", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"abilities": {"stat": "dc"}}), ITEM + "/use/toHit/abilities/stat", "is a number stat; this reads an enum stat whose words are each an ability id"),
    ("tohit-abilities-stat-word", lambda rs, i, u: (GRIP(rs, "dance"), u.update(kind="attack", attackRoll=True, toHit={"abilities": {"stat": "grip"}})), ITEM + "/use/toHit/abilities/stat", 'has the word "dance", which is not an ability id'),
    ("tohit-skill-stat-number", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"skill": {"stat": "dc"}}), ITEM + "/use/toHit/skill/stat", "is a number stat; this reads an enum stat whose words are each a skill id"),
    ("tohit-stat-extra-key", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"bonus": {"stat": "dc", "max": 3}}), ITEM + "/use/toHit/bonus/max", "unknown key"),
    ("tohit-target-stat-in-sum", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"target": {"stat": "dc"}}), ITEM + "/use/toHit/target", "a use's own per-die target is for a pool fight"),
    ("tohit-target-stat-text", lambda rs, i, u: (rs.update(resolution=POOL(5, 9)), GRIP(rs), u.update(kind="attack", attackRoll=True, toHit={"target": {"stat": "grip"}})), ITEM + "/use/toHit/target/stat", "this reads a number stat"),
    ("tohit-bonus-101", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"bonus": 101}), ITEM + "/use/toHit/bonus", "out of range; allowed -100 to 100"),
    ("tohit-bonus-string", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"bonus": "2"}), ITEM + "/use/toHit/bonus", 'want a number from -100 to 100 or { "stat": id }'),
    ("tohit-abilities-twice", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"abilities": ["grit", "grit"]}), ITEM + "/use/toHit/abilities/1", 'ability "grit" is listed twice'),
    ("tohit-unknown-key", lambda rs, i, u: u.update(kind="attack", attackRoll=True, toHit={"speed": 1}), ITEM + "/use/toHit/speed", "unknown key"),
    ("attackroll-not-boolean", lambda rs, i, u: u.update(kind="attack", attackRoll="yes"), ITEM + "/use/attackRoll", ""),
    ("health-both", lambda rs, i, u: rs["live"].update(health={"pool": "focus", "track": "harm"}), "/live/health", "one live pool or one live track"),
    ("health-unknown-track", lambda rs, i, u: rs["live"].update(health={"track": "stress"}), "/live/health/track", "no live track"),
    ("track-boxes-and-marks", lambda rs, i, u: rs["live"]["tracks"][1].update(marks=[{"label": "X"}]), "/live/tracks/1", "not both"),
    ("track-mark-penalty-positive", lambda rs, i, u: rs["live"]["tracks"][0]["marks"][0].update(penalty=1), "/live/tracks/0/marks/0/penalty", ""),
    ("track-boxes-live", lambda rs, i, u: rs["live"]["tracks"][1].update(boxes={"pool": "focus"}), "/live/tracks/1/boxes/pool", "live state"),
    ("rest-refills-unknown", lambda rs, i, u: rs["rests"][0].update(refills=["blood"]), "/rests/0/refills/0", "no live pool or track"),
]

for f in os.listdir(OUT):
    os.remove(os.path.join(OUT, f))
for name, change, pointer, contains in cases:
    case(name, change, pointer, contains)
