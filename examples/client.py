#!/usr/bin/env python3
"""A small rulehost HTTP client, standard library only.

Start the service (bin/rulehost serve), then:

    python3 examples/client.py                 # a 5e check, its odds, a roll, a prompt, a session
    python3 examples/client.py http://host:port
    RULEHOST_API_KEY=rh_... python3 examples/client.py https://host   # a service with API keys

The session part needs the service's session store (the default). A bot
built on this: every append carries an Idempotency-Key, so a retry after
a timeout or a 503 never stores a turn twice; 429 and 503 are retried
after their Retry-After; the stream (events) resumes by Last-Event-ID.
"""
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid


class RulehostError(Exception):
    """An error answer: code (bad-request, invalid-ruleset, ...), message, problems."""

    def __init__(self, status, body):
        err = body.get("error", {})
        self.status, self.code = status, err.get("code")
        self.message, self.problems = err.get("message"), err.get("problems", [])
        self.seq = err.get("seq")
        super().__init__(f"{status} {self.code}: {self.message}")


class Rulehost:
    def __init__(self, base="http://127.0.0.1:8080", key=None, retries=4):
        self.base = base.rstrip("/")
        self.key = key if key is not None else os.environ.get("RULEHOST_API_KEY")
        self.retries = retries

    def _headers(self, extra=None):
        h = dict(extra or {})
        if self.key:
            h["Authorization"] = "Bearer " + self.key
        return h

    def _post(self, path, body, idempotency_key=None):
        headers = {"Content-Type": "application/json"}
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        return self._call("POST", path, json.dumps(body).encode(), headers)

    def _get(self, path, **query):
        q = urllib.parse.urlencode(query, doseq=True)
        return self._call("GET", path + ("?" + q if q else ""))

    def _call(self, method, path, data=None, headers=None):
        """One request; 429 and 503 are retried after their Retry-After (a
        POST only when it carries an Idempotency-Key, or is not a write)."""
        for attempt in range(self.retries + 1):
            req = urllib.request.Request(self.base + path, data=data, method=method, headers=self._headers(headers))
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    return json.load(resp)
            except urllib.error.HTTPError as e:
                body = json.load(e)
                retryable = e.code in (429, 503) and attempt < self.retries
                if retryable and (method == "GET" or "Idempotency-Key" in (headers or {}) or e.code == 429):
                    time.sleep(min(float(e.headers.get("Retry-After", "1")), 10))
                    continue
                raise RulehostError(e.code, body) from None

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

    def bundled(self):
        """The bundled rulesets: [{"name", "sheets", "transcripts"}]."""
        return self._get("/v1/bundled")["bundled"]

    def start(self, session_id=None, seed=0, idempotency_key=None, **source):
        """Start a session; with idempotency_key a retry names the same one."""
        body = dict(source, seed=seed)
        if session_id:
            body["id"] = session_id
        return self._post("/v1/sessions", body, idempotency_key or str(uuid.uuid4()))["id"]

    def append(self, session_id, text, kind="gm", expected_seq=None, idempotency_key=None):
        """Append a GM reply (kind="gm") or a player action; returns {"seq", "reply"}.
        With expected_seq a stale append raises RulehostError with code "conflict".
        The append carries an Idempotency-Key (a new one unless given): sending
        it again with the same key is answered as the first, stored once."""
        body = {"kind": kind, "text": text}
        if expected_seq is not None:
            body["expectedSeq"] = expected_seq
        return self._post(f"/v1/sessions/{session_id}/events", body, idempotency_key or str(uuid.uuid4()))

    def batch(self, session_id, entries, expected_seq=None, idempotency_key=None):
        """Append [(kind, text), ...] all or none; returns {"seq", "replies"}."""
        body = {"entries": [{"kind": k, "text": t} for k, t in entries]}
        if expected_seq is not None:
            body["expectedSeq"] = expected_seq
        return self._post(f"/v1/sessions/{session_id}/batch", body, idempotency_key or str(uuid.uuid4()))

    def events(self, session_id, after=0, limit=None, tail=None):
        query = {"after": after}
        if limit:
            query["limit"] = limit
        if tail:
            query["tail"] = tail
        return self._get(f"/v1/sessions/{session_id}/events", **query)["events"]

    def stream(self, session_id, last_event_id=None):
        """Yield the session's events as they are stored (Server-Sent Events),
        from after last_event_id; reconnect with the last event's seq to resume."""
        headers = self._headers({"Accept": "text/event-stream"})
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        req = urllib.request.Request(f"{self.base}/v1/sessions/{session_id}/events/stream", headers=headers)
        with urllib.request.urlopen(req, timeout=60) as resp:
            data = None
            for raw in resp:
                line = raw.decode().rstrip("\n")
                if line.startswith("data: "):
                    data = line[6:]
                elif line == "" and data is not None:
                    yield json.loads(data)
                    data = None

    def sessions(self):
        """The sessions of this client's key."""
        return self._get("/v1/sessions")["sessions"]

    def delete(self, session_id):
        return self._call("DELETE", f"/v1/sessions/{session_id}")

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
    key = str(uuid.uuid4())
    done = rh.append(sid, 'A rope lies here. [inventory: action="add" item="Rope"]', idempotency_key=key)
    print("seq", done["seq"], done["reply"]["records"][0]["text"])
    again = rh.append(sid, 'A rope lies here. [inventory: action="add" item="Rope"]', idempotency_key=key)
    print("retried with its key: seq", again["seq"], "events stored:", len(rh.events(sid)))
    try:
        rh.append(sid, "I climb.", kind="player", expected_seq=0)
    except RulehostError as e:
        print("stale append:", e.code, "the log ends at", e.seq)
    print(rh.state(sid)["inventory"])
    last = rh.session_prompt(sid, sections=["last_turn"])
    print(last["text"].splitlines()[0])
    turn = rh.batch(sid, [("player", "I tie the rope to the tree."),
                          ("gm", '[skill_check: skill="Athletics" dc="10"] You climb down.')])
    print("batch from seq", turn["seq"], "check:", turn["replies"][1]["records"][0]["text"][:40])
    print("last event:", rh.events(sid, tail=1)[0]["text"])
    for ev in rh.stream(sid, last_event_id=1):
        print("streamed seq", ev["seq"], ev["kind"])
        if ev["seq"] == 3:
            break
    print("bundled:", ", ".join(b["name"] for b in rh.bundled()))
    print("my sessions:", len(rh.sessions()))
    rh.delete(sid)
    print("deleted; sessions now:", len(rh.sessions()))


if __name__ == "__main__":
    main()
