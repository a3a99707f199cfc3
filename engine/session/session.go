// Package session is a game session: a party (sheets), a ruleset, a seed
// and an append-only log of the Game Master's replies and the player's
// actions. Its state (the bags, the items the GM invented, the turn) is the
// fold of the log, so a regenerated reply, which replaces the last one,
// re-folds from the state before it and nothing happens twice
// (DESIGN.md "Sessions and persistence").
//
// Every roll is drawn from dice.New(seed, turn, ordinal), where turn is the
// event's position in the effective log and ordinal the tag's position in
// its text: a regenerated reply with the same text gives the same records.
package session

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	// Using items, rests and live state (spec/items.md "Using items
	// outside a fight") register their actions and the [sheet:] tag.
	_ "github.com/rulehost/rulehost/engine/use"
)

// Event kinds.
const (
	// GMReply is a Game Master reply; its tags are answered.
	GMReply = "gm"
	// PlayerAction is the player's own action; its tags are answered as
	// the player's (freeform applies, no curse is lifted).
	PlayerAction = "player"
	// Regenerate replaces the last GM reply with its text.
	Regenerate = "regenerate"
)

// Event is one entry of the log.
type Event struct {
	Seq  int    `json:"seq"`
	Kind string `json:"kind"`
	Text string `json:"text"`
	// Key is the client's Idempotency-Key the event was appended with
	// ("" for none): unique within a session, so a retried append is
	// found, never stored twice (docs/session.md "The log").
	Key string `json:"key,omitempty"`
}

// Reply is an event as folded: its effective text and the records its
// tags were answered with.
type Reply struct {
	Kind    string          `json:"kind"`
	Text    string          `json:"text"`
	Records []record.Record `json:"records"`
	// Tags are the tags that produced Records, one each, in the same
	// order (as the text wrote them; malformed ones as found): a suite
	// names the tag of a record that changed. Not stored: a reply read
	// back from a log has none.
	Tags []string `json:"-"`
}

// State is the fold of a log.
type State struct {
	Party   *items.Party `json:"party"`
	Replies []Reply      `json:"replies"`
}

// snapshot is the state before a GM reply: the party as it was and how
// many replies came before (replies are append-only, so the list itself
// need not be copied).
type snapshot struct {
	party   *items.Party
	replies int
}

// Session is a party, a ruleset, a seed and the log folded into a state.
type Session struct {
	RS     *ruleset.Ruleset
	Sheets []*sheet.Sheet
	Seed   uint64
	Kinds  map[string]check.Resolver
	// Tags answers tags the engine does not know itself (plugin tags).
	Tags TagHandler

	events []Event
	state  *State
	// before is the state before the last effective reply, when that
	// reply is a GM reply: regenerating it starts from here.
	before *snapshot
	store  *Store
	// readOnly is set by Read: such a session never appends.
	readOnly bool
	// checks keeps each member's check environment while the party
	// stands (checkcache.go).
	checks checkCache
	// snapAt is the log position of the snapshot the session was folded
	// from or last wrote (snapshot.go), 0 for none.
	snapAt int
	// snapKey is the key of a stored session whose files were checked
	// against its config: only such a session reads and writes snapshots.
	snapKey *SnapshotKey
	// settled is the party and check-cache generation after the last
	// settling (answerOne): while both stand, the party is as settling
	// left it, so settling again would end nothing and is skipped.
	settled settledAt
	settles int // how often it settled (TestCheckCacheKeptAcrossEvents)
}

// settledAt is a party as of a generation of the check cache.
type settledAt struct {
	party *items.Party
	gen   uint64
}

// TagHandler answers tags of its own (a plugin's opposed_check) against
// the party as it stands. The host implements it; the engine never
// imports the host.
type TagHandler interface {
	Handles(name string) bool
	Answer(rs *ruleset.Ruleset, party []*sheet.Character, s dice.Stream, t tag.Tag) record.Record
}

// New starts a session in memory (no store).
func New(rs *ruleset.Ruleset, sheets []*sheet.Sheet, seed uint64) *Session {
	s := &Session{RS: rs, Sheets: sheets, Seed: seed}
	s.state = s.initial()
	return s
}

func (s *Session) initial() *State {
	return &State{Party: items.New(s.RS, s.Sheets)}
}

// State is the current fold. Callers must not change it.
func (s *Session) State() *State { return s.state }

// Events is the log as stored, regenerations included (a copy).
func (s *Session) Events() []Event { return append([]Event(nil), s.events...) }

// Len is the number of events in the log, without copying it.
func (s *Session) Len() int { return len(s.events) }

// Append adds an event to the log (and the store, durably, before
// anything else sees it) and folds it. It returns the fold of that event.
func (s *Session) Append(kind, text string) (Reply, error) {
	rs, err := s.AppendAll([]Entry{{Kind: kind, Text: text}})
	if err != nil {
		return Reply{}, err
	}
	return rs[0], nil
}

// Check checks entries whole against the session as it stands, without
// changing anything: every kind known, every text valid UTF-8, and every
// regenerate following a GM reply (in the log or among the entries).
func (s *Session) Check(entries []Entry) error {
	lastGM := s.before != nil
	for _, e := range entries {
		if err := checkEntry(e, lastGM); err != nil {
			if e.Line > 0 {
				return fmt.Errorf("transcript line %d: %w", e.Line, err)
			}
			return err
		}
		lastGM = e.Kind != PlayerAction
	}
	return nil
}

func checkEntry(e Entry, lastGM bool) error {
	switch e.Kind {
	case GMReply, PlayerAction:
	case Regenerate:
		if !lastGM {
			return fmt.Errorf("session: nothing to regenerate: the last entry is not a GM reply")
		}
	default:
		return fmt.Errorf("session: unknown event kind %q; want gm, player or regenerate", e.Kind)
	}
	if !utf8.ValidString(e.Text) {
		return fmt.Errorf("session: the text is not valid UTF-8")
	}
	return nil
}

// AppendAll appends entries all or nothing: they are checked whole first
// (Check), then written to the store as one batch and fsynced, and only
// then folded. If anything is refused or fails, neither the log nor the
// state changes.
func (s *Session) AppendAll(entries []Entry) ([]Reply, error) {
	if s.readOnly {
		return nil, fmt.Errorf("session: opened for reading only")
	}
	if err := s.Check(entries); err != nil {
		return nil, err
	}
	events := make([]Event, len(entries))
	for i, e := range entries {
		events[i] = Event{Seq: len(s.events) + i + 1, Kind: e.Kind, Text: e.Text}
	}
	if s.store != nil && len(events) > 0 {
		if err := s.store.appendBatch(events); err != nil {
			return nil, err
		}
	}
	out := make([]Reply, len(events))
	for i, ev := range events {
		s.events = append(s.events, ev)
		out[i] = s.apply(ev)
	}
	s.keepSnapshot() // an optimisation: the appended events are safe either way
	return out, nil
}

// apply folds one event into the state. It leaves the check cache as
// it is: an event changes the party only through its tags (answerOne
// says when), and a regenerated reply folds from another party, which
// the cache tells by its pointer.
func (s *Session) apply(ev Event) Reply {
	switch ev.Kind {
	case Regenerate:
		s.state.Party = s.before.party.Clone()
		s.state.Replies = s.state.Replies[:s.before.replies]
		r := s.answer(GMReply, ev.Text, len(s.state.Replies))
		s.state.Replies = append(s.state.Replies, r)
		return r
	case GMReply:
		s.before = &snapshot{party: s.state.Party.Clone(), replies: len(s.state.Replies)}
	default:
		s.before = nil
	}
	r := s.answer(ev.Kind, ev.Text, len(s.state.Replies))
	s.state.Replies = append(s.state.Replies, r)
	return r
}

// Fold replays events from the start into a fresh state: the state a log
// stands for.
func Fold(rs *ruleset.Ruleset, sheets []*sheet.Sheet, seed uint64, events []Event) *Session {
	return FoldWith(rs, sheets, seed, events, Hooks{})
}

// Hooks are what plugins add to a session: resolution kinds and tags of
// their own. They must be in place before the log is folded, so that a
// replay answers plugin tags exactly as the first time.
type Hooks struct {
	Kinds map[string]check.Resolver
	Tags  TagHandler
}

// FoldWith is Fold with plugin hooks.
func FoldWith(rs *ruleset.Ruleset, sheets []*sheet.Sheet, seed uint64, events []Event, h Hooks) *Session {
	s := New(rs, sheets, seed)
	s.Kinds, s.Tags = h.Kinds, h.Tags
	s.foldOn(events)
	return s
}

// foldOn folds events read from a log after those the session holds.
func (s *Session) foldOn(events []Event) {
	for _, ev := range events {
		// The event stays in the log either way, so the next append takes
		// the next seq and the log keeps counting without a repeat.
		s.events = append(s.events, ev)
		if ev.Kind == Regenerate && s.before == nil {
			continue // a stored log never holds one; an edited one is read leniently
		}
		s.apply(ev)
	}
}

// answer answers every tag of a text against the state and lists the
// records in the text's order. Tags registered as early ([place:]) are
// answered first, so everything else in the reply reads the state they
// leave: a purchase is priced at the place in force when the reply ends
// (spec/items.md "Markets"). Each tag keeps its own ordinal, so its dice
// do not depend on the order of answering.
func (s *Session) answer(kind, text string, turn int) Reply {
	r := Reply{Kind: kind, Text: text}
	actor := items.GM
	if kind == PlayerAction {
		actor = items.Player
	}
	found := tag.FindAll(text)
	recs := make([]*record.Record, len(found))
	for _, early := range [2]bool{true, false} {
		for ordinal, f := range found {
			if items.Early(f.Tag.Name) == early {
				recs[ordinal] = s.answerOne(f, actor, turn, ordinal)
			}
		}
	}
	for ordinal, rec := range recs {
		if rec != nil {
			r.Records = append(r.Records, *rec)
			r.Tags = append(r.Tags, foundText(text, found[ordinal]))
		}
	}
	return r
}

// foundText is how a found tag reads in a message: the tag, or the text
// of one that did not parse.
func foundText(text string, f tag.Found) string {
	if f.Err != nil && f.Start >= 0 && f.Start <= f.End && f.End <= len(text) {
		return text[f.Start:f.End]
	}
	return f.Tag.String()
}

// answerOne answers one tag found in a text; nil for a tag the session
// does not answer (text to it).
func (s *Session) answerOne(f tag.Found, actor items.Actor, turn, ordinal int) *record.Record {
	p := s.state.Party
	mark := p.Mark()
	var rec record.Record
	ok := false
	if f.Err != nil {
		rec, ok = s.refuseTag(f)
	} else {
		rec, ok = s.answerTag(f.Tag, actor, turn, ordinal)
	}
	if !ok {
		return nil // text to the session: nothing was called, nothing changed
	}
	if !keepsParty(f.Tag, rec) {
		s.checks.changed()
	}
	// An immunity ends its conditions for good, and the first answer
	// that concerns the character says so (one that was in force when
	// the session began: not on an unrelated first tag).
	before := lifting(p)
	tell := func(name string) bool { return concerns(rec, name) }
	var ended string
	if s.settled.party == p && s.settled.gen == s.checks.gen && !s.checks.off {
		ended = p.TellLifted(tell) // nothing changed since settling ended nothing
	} else {
		ended = p.SettleFor(tell)
		s.settles++
	}
	if ended != "" || before != lifting(p) {
		s.checks.changed()
		if ended != "" && !rec.Has("lifted") {
			rec.Add("lifted", ended)
		}
	} else {
		s.settled = settledAt{party: p, gen: s.checks.gen}
	}
	// A fake the sheet now gives away is found out by this change.
	if found := p.UnmaskAfter(mark); found != "" {
		s.checks.changed()
		if !rec.Has("unmasked") {
			rec.Add("unmasked", found)
		}
	}
	if err := record.Check(rec); err != nil {
		rec = record.Refused(f.Tag.Name, "engine-error", "note", err.Error())
	}
	return &rec
}

// concerns reports whether a record is about the character named: its
// who=, to= or target=.
func concerns(rec record.Record, name string) bool {
	for _, k := range [3]string{"who", "to", "target"} {
		if v, ok := rec.Get(k); ok && strings.EqualFold(v, name) {
			return true
		}
	}
	return false
}

// lifting counts the ended conditions waiting to be reported.
func lifting(p *items.Party) int {
	n := 0
	for _, m := range p.Members {
		n += len(m.Lifted)
	}
	return n
}

// answerTag answers the tags this engine knows: skill_check, roll_dice and inventory.
// Other tags are text to it and get no record.
func (s *Session) answerTag(t tag.Tag, actor items.Actor, turn, ordinal int) (record.Record, bool) {
	p := s.state.Party
	switch strings.ToLower(t.Name) {
	case "inventory":
		return p.AnswerTurn(t, s.turn(actor, turn, ordinal)), true
	case "skill_check":
		i, ok := p.Member(t.Value("who"))
		if !ok {
			return record.Refused("skill_check", "unknown-who", "who", t.Value("who")), true
		}
		env := s.checks.env(s, p, i)
		env.Dice = dice.New(s.Seed, turn, ordinal)
		res := check.Resolve(env, t)
		// Paid in the same step that rolled, when the record is sound
		// (answerOne checks every record again; most checks pay nothing
		// and skip this first check).
		if len(res.Debits) > 0 && record.Check(res.Record) == nil {
			p.Pay(i, res.Debits)
			s.checks.changed()
		}
		return res.Record, true
	case "roll_dice":
		return check.RollDice(s.RS, t, dice.New(s.Seed, turn, ordinal)), true
	}
	if fn, ok := items.TagAnswerer(t.Name); ok {
		return fn(p, t, s.turn(actor, turn, ordinal)), true
	}
	if s.Tags != nil && s.Tags.Handles(t.Name) {
		chars := make([]*sheet.Character, len(p.Members))
		for i := range p.Members {
			chars[i] = p.Character(i)
		}
		return s.Tags.Answer(s.RS, chars, dice.New(s.Seed, turn, ordinal), t), true
	}
	return record.Record{}, false
}

// keepsParty reports whether answering t left the party as it was, so
// the members' check environments stay valid (checkcache.go): roll_dice
// never touches it, and a skill_check only through what it paid (which
// answerTag reports itself). Every other tag may change it.
func keepsParty(t tag.Tag, rec record.Record) bool {
	switch strings.ToLower(t.Name) {
	case "roll_dice":
		return true
	case "skill_check":
		return rec.Name == "check" || rec.Name == "refused"
	}
	return false
}

// refuseTag answers a tag found but refused as written (a duplicated
// attribute, too long, too many attributes) with a refusal the GM can
// read, when it is a tag this session answers; other tags are text.
func (s *Session) refuseTag(f tag.Found) (record.Record, bool) {
	if !s.answers(f.Tag.Name) {
		return record.Record{}, false
	}
	more := []string{}
	if f.Err.Attr != "" {
		more = append(more, "attribute", f.Err.Attr)
	}
	more = append(more, "note", f.Err.Msg)
	return record.Refused(strings.ToLower(f.Tag.Name), f.Err.Reason, more...), true
}

// answers reports whether the session answers tags of this name.
func (s *Session) answers(name string) bool {
	switch strings.ToLower(name) {
	case "inventory", "skill_check", "roll_dice":
		return true
	}
	if _, ok := items.TagAnswerer(name); ok {
		return true
	}
	return s.Tags != nil && s.Tags.Handles(name)
}

// turn is what a registered action reads of this tag's turn.
func (s *Session) turn(actor items.Actor, turn, ordinal int) items.Turn {
	return items.Turn{Actor: actor, Dice: dice.New(s.Seed, turn, ordinal), Seed: s.Seed, Index: turn, Kinds: s.Kinds}
}
