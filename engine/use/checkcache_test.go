package use_test

import "testing"

// TestSessionCheckSeesChangesAtOnce: the session keeps each member's
// check environment (character, effects, compiled plan) while the party
// stands; a condition imposed in play reaches the very next check, in a
// later reply and within the same reply, and lifting it reaches the one
// after (the cache is never stale).
func TestSessionCheckSeesChangesAtOnce(t *testing.T) {
	s := wounds(t, 1)
	const check = `[skill_check: skill="Scribe" dc="10"]`
	before := one(t, s, "gm", check)
	if before.Has("from") {
		t.Fatalf("from= before any condition: %s", before)
	}
	if again := one(t, s, "gm", check); again.Has("from") || again.Value("modifier") != before.Value("modifier") {
		t.Fatalf("a second check with nothing changed reads differently: %s", again)
	}
	recs := say(t, s, "gm", check+` [sheet: op="condition" condition="blessed"] `+check)
	if len(recs) != 3 || recs[0].Has("from") {
		t.Fatalf("the check before the condition: %v", recs)
	}
	if recs[2].Value("from") != "Blessed" || recs[2].Value("effects") != "+1" {
		t.Fatalf("the check after the condition, in the same reply: %s", recs[2])
	}
	if r := one(t, s, "gm", check); r.Value("from") != "Blessed" {
		t.Fatalf("the check in the next reply: %s", r)
	}
	one(t, s, "gm", `[sheet: op="condition" condition="blessed" remove="true"]`)
	if r := one(t, s, "gm", check); r.Has("from") {
		t.Fatalf("the check after the condition was lifted: %s", r)
	}
}
