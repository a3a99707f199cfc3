#!/usr/bin/env python3
"""A small rulehost HTTP client, standard library only.

Start the service (bin/rulehost serve), then:

    python3 examples/client.py                 # roll a 5e check and a dice expression
    python3 examples/client.py http://host:port
"""
import json
import sys
import urllib.error
import urllib.request


class RulehostError(Exception):
    """An error answer: code (bad-request, invalid-ruleset, ...), message, problems."""

    def __init__(self, status, body):
        err = body.get("error", {})
        self.status, self.code = status, err.get("code")
        self.message, self.problems = err.get("message"), err.get("problems", [])
        super().__init__(f"{status} {self.code}: {self.message}")


class Rulehost:
    def __init__(self, base="http://127.0.0.1:8080"):
        self.base = base.rstrip("/")

    def _post(self, path, body):
        req = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as e:
            raise RulehostError(e.code, json.load(e)) from None

    def check(self, tag, seed=1, **source):
        """source: bundled="d20-5e", bundledSheets=["ada"], or ruleset={...}, sheets=[{...}]."""
        return self._post("/v1/check", dict(source, tag=tag, seed=seed))["records"][0]

    def roll(self, dice, seed=1):
        return self._post("/v1/roll", {"tag": f'[roll_dice: dice="{dice}"]', "seed": seed})

    def validate(self, ruleset):
        return self._post("/v1/validate", {"ruleset": ruleset})


def main():
    rh = Rulehost(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080")
    rec = rh.check('[skill_check: skill="Athletics" dc="15" mode="advantage"]', seed=7,
                   bundled="d20-5e", bundledSheets=["ada"])
    print(rec["text"])
    attrs = dict(rec["record"]["attrs"])
    print("success:", attrs.get("success"), "total:", attrs.get("total"))
    print(rh.roll("4d6kh3", seed=3)["text"])
    result = rh.validate({"resolution": {"kind": "dice-sum"}})
    for p in result["problems"]:
        print("problem:", p["pointer"], p["message"])
    try:
        rh.check("[skill_check: skill=", bundled="d20-5e")
    except RulehostError as e:
        print("refused:", e.code, e.message)


if __name__ == "__main__":
    main()
