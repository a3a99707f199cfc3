#!/usr/bin/env python3
"""Writes testdata/refused/bestiary/: one ruleset per rule of a bestiary
creature and of the fight's own combat keys (docs/fight.md), each refused
at the pointer its .want.json names (engine/ruleset TestRefused reads them,
and requires that nothing else is reported)."""
import copy, json, os

OUT = os.path.join(os.path.dirname(__file__), "..", "refused", "bestiary")
C = "/catalogs/1/entries/0/creature"

TIERS = [{"id": "untrained", "label": "Untrained"}]
SUM = {"kind": "dice-sum", "dice": {"count": 2, "sides": 6}, "proficiencyTiers": TIERS}
POOL = {"kind": "dice-pool", "proficiencyTiers": TIERS, "die": {"sides": 10}, "pool": {"min": 1, "max": 10}, "target": {"default": 7, "min": 5, "max": 9}}


def base(kind="sum"):
    return {
        "id": "beasts", "name": "Bestiary refusals", "capabilityApi": "1.170",
        "abilities": [{"id": "brawn", "label": "Brawn", "min": 0, "max": 5}],
        "saves": [{"id": "endure", "label": "Endure", "ability": "brawn"}],
        "conditions": [{"id": "marked", "label": "Marked"}],
        "live": {"pools": [{"id": "hp", "label": "Health", "max": {"const": 8}}], "health": {"pool": "hp"}},
        "items": {
            "categories": [{"id": "arm", "label": "Arm"}],
            "tags": [{"id": "silver", "label": "Silver"}],
            "lootTables": [{"id": "goods", "label": "Goods", "entries": [{"item": "kit/knife"}]}],
        },
        "catalogs": [
            {"id": "kit", "label": "Kit", "holds": "items", "entries": [{"id": "knife", "label": "Knife", "item": {"category": "arm"}}]},
            {"id": "beasts", "label": "Beasts", "holds": "creatures", "entries": [{"id": "wolf", "label": "Wolf", "creature": {
                "health": 5, "defense": 7, "actions": [{"id": "bite", "label": "Bite", "toHit": 2, "damage": {"dice": "1d6", "type": "tearing"}}]}
                if kind == "sum" else {"health": 5, "actions": [{"id": "bite", "label": "Bite", "toHit": 3, "damage": {"dice": 1, "type": "tearing"}}]}}]},
        ],
        "resolution": copy.deepcopy(SUM if kind == "sum" else POOL),
    }


def case(name, change, pointer, contains, kind="sum"):
    rs = base(kind)
    cr = rs["catalogs"][1]["entries"][0]["creature"]
    change(rs, cr)
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(rs, f, indent=1)
        f.write("\n")
    with open(os.path.join(OUT, name + ".want.json"), "w") as f:
        json.dump([{"pointer": pointer, "contains": contains}], f)
        f.write("\n")


def bite(cr):
    return cr["actions"][0]


cases = [
    ("health-missing", lambda rs, c: c.pop("health"), C, 'missing required key "health"'),
    ("health-zero", lambda rs, c: c.update(health=0), C + "/health", "1"),
    ("health-huge", lambda rs, c: c.update(health=10001), C + "/health", "10000"),
    ("creature-missing", lambda rs, c: rs["catalogs"][1]["entries"][0].pop("creature"), "/catalogs/1/entries/0", 'missing required key "creature"'),
    ("entry-unknown-key", lambda rs, c: rs["catalogs"][1]["entries"][0].update(item={}), "/catalogs/1/entries/0/item", "unknown key"),
    ("creature-unknown-key", lambda rs, c: c.update(armor=3), C + "/armor", "unknown key"),
    ("soak-negative", lambda rs, c: c.update(soak=-1), C + "/soak", ""),
    ("hardness-without-combat", lambda rs, c: c.update(hardness=3), C + "/hardness", "combat.pool.hardness"),
    ("types-not-words", lambda rs, c: c.update(types=[3]), C + "/types/0", "word"),
    ("tags-too-many", lambda rs, c: c.update(tags=["t%d" % i for i in range(17)]), C + "/tags", ""),
    ("resist-except-undeclared", lambda rs, c: c.update(resist=[{"type": "tearing", "except": ["gold"]}]), C + "/resist/0/except/0", "items.tags"),
    ("resist-empty-word", lambda rs, c: c.update(resist=[""]), C + "/resist/0", "not empty"),
    ("resist-not-a-word", lambda rs, c: c.update(resist=[3]), C + "/resist/0", "damage word"),
    ("resist-object-no-type", lambda rs, c: c.update(resist=[{"except": ["silver"]}]), C + "/resist/0", 'missing required key "type"'),
    ("vulnerable-object", lambda rs, c: c.update(vulnerable=[{"type": "fire"}]), C + "/vulnerable/0", "plain damage words"),
    ("immune-too-many", lambda rs, c: c.update(immune=["w%d" % i for i in range(31)]), C + "/immune", ""),
    ("condition-immunity-unknown", lambda rs, c: c.update(conditionImmunities=["dazed"]), C + "/conditionImmunities/0", "no condition"),
    ("damage-word-undeclared", lambda rs, c: (rs.update(combat={"damageTypes": ["cut"]}), c.update(resist=["tearing"]), bite(c)["damage"].update(type="cut")), C + "/resist/0", "unknown damage type"),
    ("saves-unknown", lambda rs, c: c.update(saves={"will": 2}), C + "/saves/will", "no save"),
    ("actions-missing", lambda rs, c: c.pop("actions"), C, 'missing required key "actions"'),
    ("actions-empty", lambda rs, c: c.update(actions=[]), C + "/actions", ""),
    ("actions-too-many", lambda rs, c: c.update(actions=[dict(bite(c), id="a%d" % i) for i in range(9)]), C + "/actions", ""),
    ("actions-duplicate-id", lambda rs, c: c.update(actions=[bite(c), copy.deepcopy(bite(c))]), C + "/actions/1/id", ""),
    ("action-unknown-key", lambda rs, c: bite(c).update(reach=2), C + "/actions/0/reach", "unknown key"),
    ("action-damage-missing", lambda rs, c: bite(c).pop("damage"), C + "/actions/0", 'missing required key "damage"'),
    ("action-summed-needs-dice", lambda rs, c: bite(c)["damage"].pop("dice"), C + "/actions/0/damage/dice", "requires damage dice"),
    ("action-summed-bad-notation", lambda rs, c: bite(c)["damage"].update(dice="2x6"), C + "/actions/0/damage/dice", "dice notation"),
    ("action-summed-number-dice", lambda rs, c: bite(c)["damage"].update(dice=2), C + "/actions/0/damage/dice", "notation"),
    ("action-pool-notation", lambda rs, c: bite(c)["damage"].update(dice="1d6"), C + "/actions/0/damage/dice", "", "pool"),
    ("action-pool-tohit-zero", lambda rs, c: bite(c).update(toHit=0), C + "/actions/0/toHit", "", "pool"),
    ("action-budget-undeclared", lambda rs, c: (rs.update(combat={"economy": {"budgets": ["act"]}}), bite(c).update(budget="bonus")), C + "/actions/0/budget", "no budget"),
    ("action-quality-undeclared", lambda rs, c: bite(c)["damage"].update(qualities=["gold"]), C + "/actions/0/damage/qualities/0", "items.tags"),
    ("action-damage-unknown-key", lambda rs, c: bite(c)["damage"].update(kind="x"), C + "/actions/0/damage/kind", "unknown key"),
    ("loot-unknown-table", lambda rs, c: c.update(loot="hoard"), C + "/loot", 'no loot table "hoard"'),
    ("combat-defense-in-pool", lambda rs, c: rs.update(combat={"defense": {"const": 7}}), "/combat/defense", "summed fight", "pool"),
    ("combat-soak-in-sum", lambda rs, c: rs.update(combat={"pool": {"soak": {"const": 1}}}), "/combat/pool/soak", "pool fight"),
    # A creature's speed and combat.speed (docs/fight.md): written by hand
    # with the fight's move tags, kept here so that regenerating keeps them.
    ("speed-negative", lambda rs, c: c.update(speed=-2), C + "/speed", ""),
    ("speed-not-number", lambda rs, c: c.update(speed="fast"), C + "/speed", ""),
    ("combat-speed-unknown", lambda rs, c: rs.update(combat={"speed": {"derived": "nowhere"}}), "/combat/speed/derived", "no derived value"),
    ("combat-defense-bad-ref", lambda rs, c: rs.update(combat={"defense": {"derived": "guard"}}), "/combat/defense/derived", "guard"),
]

if __name__ == "__main__":
    for f in os.listdir(OUT):
        os.remove(os.path.join(OUT, f))
    for c in cases:
        case(*c)
    print(len(cases), "cases")
