#!/usr/bin/env python3
"""A small rulehost HTTP client, standard library only.

Start the service (bin/rulehost serve), then:

    python3 examples/client.py                 # a 5e check, its odds, a roll, a prompt, a session
    python3 examples/client.py http://host:port

The session part needs the service's session store (the default).
"""
import json
import sys
import urllib.error
import urllib.parse
import urllib.request


class RulehostError(Exception):
    """An error answer: code (bad-request, invalid-ruleset, ...), message, problems."""

    def __init__(self, status, body):
        err = body.get("error", {})
        self.status, self.code = status, err.get("code")
        self.message, self.problems = err.get("message"), err.get("problems", [])
        self.seq = err.get("seq")
        super().__init__(f"{status} {self.code}: {self.message}")


class Rulehost:
    def __init__(self, base="http://127.0.0.1:8080"):
        self.base = base.rstrip("/")

    def _post(self, path, body):
        return self._call(urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                                 headers={"Content-Type": "application/json"}))

    def _get(self, path, **query):
        q = urllib.parse.urlencode(query, doseq=True)
        return self._call(urllib.request.Request(self.base + path + ("?" + q if q else "")))

    def _call(self, req):
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

    def odds(self, tag, **options):
        """options: the source as for check, and vs="TAG", sweep="dc=5..25", samples=, seed=."""
        return self._post("/v1/odds", dict(options, tag=tag))

    def prompt(self, **options):
        """The GM prompt of a ruleset and party: the source, and sections=[...], maxChars=, format=."""
        return self._post("/v1/prompt", options)

    # sessions

    def start(self, session_id=None, seed=0, **source):
        body = dict(source, seed=seed)
        if session_id:
            body["id"] = session_id
        return self._post("/v1/sessions", body)["id"]

    def append(self, session_id, text, kind="gm", expected_seq=None):
        """Append a GM reply (kind="gm") or a player action; returns {"seq", "reply"}.
        With expected_seq a stale append raises RulehostError with code "conflict"."""
        body = {"kind": kind, "text": text}
        if expected_seq is not None:
            body["expectedSeq"] = expected_seq
        return self._post(f"/v1/sessions/{session_id}/events", body)

    def state(self, session_id):
        return self._get(f"/v1/sessions/{session_id}")

    def session_prompt(self, session_id, sections=(), max_chars=None):
        query = {"section": list(sections)}
        if max_chars:
            query["maxChars"] = max_chars
        return self._get(f"/v1/sessions/{session_id}/prompt", **query)


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

    odds = rh.odds('[skill_check: skill="Athletics" dc="15" mode="advantage"]',
                   bundled="d20-5e", bundledSheets=["ada"])["odds"]
    print(f"odds of success: {odds['success']:.2%}")
    for o in odds["outcomes"]:
        print(f"  {o['outcome']:<18} {o['p']:6.2%} {'#' * round(o['p'] * 40)}")
    sweep = rh.odds('[skill_check: skill="Athletics"]', sweep="dc=10..20",
                    bundled="d20-5e", bundledSheets=["ada"])["sweep"]
    print("by dc:", ", ".join(f"{p['value']}: {p['success']:.0%}" for p in sweep["points"]))

    start = rh.prompt(bundled="d20-5e", bundledSheets=["ada"], sections=["inventory"])
    print("prompt:", start["text"].splitlines()[0])

    try:
        sid = rh.start(bundled="d20-5e", bundledSheets=["ada"], seed=7)
    except RulehostError as e:
        print("no sessions here:", e.code)
        return
    done = rh.append(sid, 'A rope lies here. [inventory: action="add" item="Rope"]')
    print("seq", done["seq"], done["reply"]["records"][0]["text"])
    try:
        rh.append(sid, "I climb.", kind="player", expected_seq=0)
    except RulehostError as e:
        print("stale append:", e.code, "the log ends at", e.seq)
    print(rh.state(sid)["inventory"])
    last = rh.session_prompt(sid, sections=["last_turn"])
    print(last["text"].splitlines()[0])


if __name__ == "__main__":
    main()
