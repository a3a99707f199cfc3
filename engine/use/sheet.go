package use

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// Sheet answers [sheet: op=...], the Game Master's changes to live state
// (docs/tags.md):
//
//	[sheet: op="rest" rest="vigil" who="Maud"]        a rest (who= absent: the whole party)
//	[sheet: op="condition" condition="rattled" who=]  imposes it; remove="true" removes it
//	[sheet: op="pool" pool="resolve" by="-1" who=]    changes a live pool by an amount
//	[sheet: op="track" track="wounds" by="+1" who=]   marks (+) or clears (-) a live track
//
// Each is refused with a reason and no change when it names what the
// ruleset lacks.
func Sheet(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	op := strings.ToLower(strings.TrimSpace(t.Value("op")))
	if p.RS == nil {
		return record.Refused("sheet", "no-ruleset", "note", "a game without a ruleset keeps no live state")
	}
	switch op {
	case "rest":
		return rest(p, t, turn.Dice)
	case "condition":
		return condition(p, t)
	case "pool":
		return pool(p, t)
	case "track":
		return track(p, t)
	case "":
		return record.Refused("sheet", "no-op", "note", `say what to do: op="rest", "condition", "pool" or "track"`)
	}
	return record.Refused("sheet", "unknown-op", "op", op, "note", `sheet ops: rest, condition, pool, track`)
}

// one reads who= for a change to one character: the player when absent.
func one(p *items.Party, t tag.Tag, op string) (int, record.Record, bool) {
	i, named, refusal, ok := member(p, t, op)
	if !ok {
		return 0, refusal, false
	}
	if !named {
		if len(p.Members) == 0 {
			return 0, record.Refused(op, "no-party", "note", "the party has no one"), false
		}
		i = 0
	}
	return i, record.Record{}, true
}

func sheetRecord(op, who string) record.Record {
	rec := record.New("sheet")
	rec.Add("op", op)
	rec.Add("who", who)
	return rec
}

// rest takes a rest: each resting character's pools and tracks that the
// rest refills, and the charges of every item they carry that names it.
func rest(p *items.Party, t tag.Tag, s dice.Stream) record.Record {
	name := strings.TrimSpace(t.Value("rest"))
	rd := findRest(p.RS, name)
	if rd == nil {
		if len(p.RS.Rests) == 0 {
			return record.Refused("rest", "no-rests", "rest", name, "note", `this ruleset declares no "rests"`)
		}
		return record.Refused("rest", "unknown-rest", "rest", name, "note", "rests: "+restNames(p.RS))
	}
	who, named, refusal, ok := member(p, t, "rest")
	if !ok {
		return refusal
	}
	var names, recharged, refilled []string
	for i, m := range p.Members {
		if named && i != who {
			continue
		}
		names = append(names, m.Name)
		prefix := ""
		if !named && len(p.Members) > 1 {
			prefix = m.Name + "'s "
		}
		for _, got := range Recharge(p, i, rd.ID, s) {
			recharged = append(recharged, prefix+got)
		}
		refilled = append(refilled, refill(p, i, rd)...)
	}
	rec := sheetRecord("rest", strings.Join(names, ", "))
	rec.Add("rest", rd.Label)
	if len(recharged) == 0 {
		recharged = []string{"nothing"}
	}
	rec.Add("recharged", strings.Join(recharged, ", "))
	if len(refilled) > 0 {
		rec.Add("refilled", strings.Join(dedupe(refilled), ", "))
	}
	return rec
}

// Recharge brings back the charges of every item member i carries that
// names the rest: all of them ("max") or a rolled amount, never beyond
// max. It returns what came back, `Dawn bell 3/3 charges`.
func Recharge(p *items.Party, i int, restID string, s dice.Stream) []string {
	m := p.Members[i]
	var out []string
	for j := range m.Bag {
		st := &m.Bag[j]
		def := p.Def(st)
		if def == nil || def.ChargeDef == nil || def.ChargeDef.Recharge == nil || !containsID(def.ChargeDef.Recharge.Rests, restID) {
			continue
		}
		r := def.ChargeDef.Recharge
		if r.Full {
			st.Spent = 0
		} else {
			st.Spent = max(0, st.Spent-roll(s, r.Amount))
		}
		left, maxN, _ := p.ChargesLeft(st)
		out = append(out, fmt.Sprintf("%s %d/%d charges", def.Label, left, maxN))
	}
	return out
}

// refill fills the pools a rest names and clears its tracks.
func refill(p *items.Party, i int, rd *ruleset.Rest) []string {
	var out []string
	for _, id := range rd.Refills {
		if pl, ok := p.RS.PoolDecl(id); ok {
			p.SetPool(i, id, p.PoolMax(i, id))
			out = append(out, labelOr(pl.Label, id))
			continue
		}
		if tr, ok := p.RS.TrackDecl(id); ok {
			p.SetMarks(i, tr, 0)
			out = append(out, tr.Label)
		}
	}
	return out
}

// condition imposes a condition (an immunity keeps it off) or, with
// remove="true", removes it.
func condition(p *items.Party, t tag.Tag) record.Record {
	name := strings.TrimSpace(t.Value("condition"))
	id, label := findCondition(p.RS, name)
	if id == "" {
		return record.Refused("condition", "unknown-condition", "condition", name, "note", "conditions: "+conditionNames(p.RS))
	}
	i, refusal, ok := one(p, t, "condition")
	if !ok {
		return refusal
	}
	m := p.Members[i]
	if isTrue(t.Value("remove")) {
		if !p.Lift(i, id) {
			return record.Refused("condition", "not-held", "condition", label, "who", m.Name)
		}
		rec := sheetRecord("condition", m.Name)
		rec.Add("condition", label)
		rec.Add("lifted", label)
		return rec
	}
	switch p.Impose(i, id) {
	case items.AlreadyHeld:
		return record.Refused("condition", "already-held", "condition", label, "who", m.Name)
	case items.Immune:
		return record.Refused("condition", "immune", "condition", label, "who", m.Name,
			"note", m.Name+" is immune to "+label+": a condition immunity keeps it off")
	}
	rec := sheetRecord("condition", m.Name)
	rec.Add("condition", label)
	rec.Add("imposed", label)
	return rec
}

// pool changes a live pool by an amount, within 0 and its max; on the
// health pool a loss takes the temporary points first.
func pool(p *items.Party, t tag.Tag) record.Record {
	name := strings.TrimSpace(t.Value("pool"))
	pl := findPool(p.RS, name)
	if pl == nil {
		return record.Refused("pool", "unknown-pool", "pool", name, "note", "live pools: "+poolNames(p.RS))
	}
	by, ok := signed(t.Value("by"))
	if !ok {
		return record.Refused("pool", "bad-amount", "pool", labelOr(pl.Label, pl.ID), "note", `by= is a whole number like "-3" or "+2"`)
	}
	i, refusal, ok := one(p, t, "pool")
	if !ok {
		return refusal
	}
	m := p.Members[i]
	if by < 0 && pl.ID == p.RS.HealthPool() && m.Temporary > 0 {
		absorbed := min(m.Temporary, -by)
		m.Temporary -= absorbed
		by += absorbed
	}
	before := p.PoolValue(i, pl.ID)
	p.SetPool(i, pl.ID, before+by)
	now := p.PoolValue(i, pl.ID)
	rec := sheetRecord("pool", m.Name)
	rec.Add("pool", labelOr(pl.Label, pl.ID))
	rec.Add("delta", signedText(now-before))
	state := fmt.Sprintf("%s %d/%d", labelOr(pl.Label, pl.ID), now, p.PoolMax(i, pl.ID))
	if pl.ID == p.RS.HealthPool() {
		state = p.HealthLine(i)
	}
	rec.Add("state", state)
	return rec
}

// track marks (by > 0) or clears (by < 0) a live track, within its size.
func track(p *items.Party, t tag.Tag) record.Record {
	name := strings.TrimSpace(t.Value("track"))
	tr := findTrack(p.RS, name)
	if tr == nil {
		return record.Refused("track", "unknown-track", "track", name, "note", "live tracks: "+trackNames(p.RS))
	}
	by, ok := signed(t.Value("by"))
	if !ok {
		return record.Refused("track", "bad-amount", "track", tr.Label, "note", `by= is a whole number of marks like "+1" or "-2"`)
	}
	i, refusal, ok := one(p, t, "track")
	if !ok {
		return refusal
	}
	before := p.TrackMarks(i, tr.ID)
	p.SetMarks(i, tr, before+by)
	rec := sheetRecord("track", p.Members[i].Name)
	rec.Add("track", tr.Label)
	rec.Add("delta", signedText(p.TrackMarks(i, tr.ID)-before))
	rec.Add("state", p.TrackLine(i, tr))
	return rec
}

// signed reads "+2", "-3" or "4"; bounded so a typo cannot overflow.
func signed(v string) (int, bool) {
	v = strings.TrimSpace(v)
	n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
	if err != nil || n < -1_000_000 || n > 1_000_000 {
		return 0, false
	}
	return n, true
}

func signedText(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func isTrue(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "yes", "1":
		return true
	}
	return false
}

func labelOr(label, id string) string {
	if label != "" {
		return label
	}
	return id
}

func containsID(list []string, id string) bool {
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}

func dedupe(list []string) []string {
	var out []string
	for _, s := range list {
		if !containsID(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// The finders read an id or a label, any case.

func findRest(rs *ruleset.Ruleset, name string) *ruleset.Rest {
	for i := range rs.Rests {
		if strings.EqualFold(rs.Rests[i].ID, name) || strings.EqualFold(rs.Rests[i].Label, name) {
			return &rs.Rests[i]
		}
	}
	return nil
}

func findCondition(rs *ruleset.Ruleset, name string) (string, string) {
	for _, c := range rs.Conditions {
		if strings.EqualFold(c.ID, name) || strings.EqualFold(c.Label, name) {
			return c.ID, labelOr(c.Label, c.ID)
		}
	}
	return "", ""
}

func findPool(rs *ruleset.Ruleset, name string) *ruleset.Pool {
	for i := range rs.Live.Pools {
		pl := &rs.Live.Pools[i]
		if strings.EqualFold(pl.ID, name) || strings.EqualFold(pl.Label, name) {
			return pl
		}
	}
	return nil
}

func findTrack(rs *ruleset.Ruleset, name string) *ruleset.Track {
	for i := range rs.Live.Tracks {
		tr := &rs.Live.Tracks[i]
		if strings.EqualFold(tr.ID, name) || strings.EqualFold(tr.Label, name) {
			return tr
		}
	}
	return nil
}

func restNames(rs *ruleset.Ruleset) string {
	var out []string
	for _, r := range rs.Rests {
		out = append(out, r.ID)
	}
	return strings.Join(out, ", ")
}

func conditionNames(rs *ruleset.Ruleset) string {
	var out []string
	for _, c := range rs.Conditions {
		out = append(out, c.ID)
	}
	if len(out) == 0 {
		return "none declared"
	}
	return strings.Join(out, ", ")
}

func poolNames(rs *ruleset.Ruleset) string {
	var out []string
	for _, pl := range rs.Live.Pools {
		out = append(out, pl.ID)
	}
	if len(out) == 0 {
		return "none declared"
	}
	return strings.Join(out, ", ")
}

func trackNames(rs *ruleset.Ruleset) string {
	var out []string
	for _, tr := range rs.Live.Tracks {
		out = append(out, tr.ID)
	}
	if len(out) == 0 {
		return "none declared"
	}
	return strings.Join(out, ", ")
}
