package session

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"reflect"
	"slices"
	"sort"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// A snapshot is the fold of a log's first events, kept so that a long
// session folds only what came after it (docs/session.md "Snapshots").
// It is an optimisation and never an authority: it names the answering
// version that folded it, the log position it folds and the SHA-256 of
// the log up to there, and the hashes of the ruleset, party and plugins
// and the seed; one that does not match the log and the session in every
// one of them, or that does not read back whole and strictly, is
// ignored and the log is folded from the start.

// SnapshotFile is the snapshot's name in a session folder.
const SnapshotFile = "snapshot.bin"

// SnapshotFormat is the snapshot layout this rulehost reads and writes.
const SnapshotFormat = 1

// SnapshotEvery is how many events past its snapshot a writer's fold
// must be before it writes a new one: a fold then replays fewer than
// this many events after the snapshot.
const SnapshotEvery = 500

// snapshotMagic opens every snapshot file.
const snapshotMagic = "rulehost-snapshot\n"

// maxSnapshotHeader bounds the header line.
const maxSnapshotHeader = 64 << 10

// SnapshotKey is what a snapshot must have been folded with to be used:
// the hashes of the ruleset, the party and each plugin folder, and the
// seed (a session's Config holds them all).
type SnapshotKey struct {
	Ruleset string
	Party   string
	Plugins []string
	Seed    uint64
}

// complete reports whether the key names every file by its hash: a
// config without them (a format-1 session, a test's) cannot tell a
// changed ruleset from the one a snapshot was folded with, so its
// session neither reads nor writes snapshots.
func (k SnapshotKey) complete() bool {
	if k.Ruleset == "" || k.Party == "" {
		return false
	}
	for _, p := range k.Plugins {
		if p == "" {
			return false
		}
	}
	return true
}

// SnapshotKey is the key of the config's session: the hashes it records.
func (c Config) SnapshotKey() SnapshotKey {
	k := SnapshotKey{Ruleset: c.RulesetHash, Party: c.PartyHash, Seed: c.Seed}
	for _, p := range c.Plugins {
		k.Plugins = append(k.Plugins, p.Hash)
	}
	return k
}

// snapshotHeader is the snapshot's first line after the magic.
type snapshotHeader struct {
	Format  int      `json:"format"`
	Answers int      `json:"answers"`
	Events  int      `json:"events"`
	Log     string   `json:"log"`
	Ruleset string   `json:"ruleset"`
	Party   string   `json:"party"`
	Plugins []string `json:"plugins"`
	Seed    uint64   `json:"seed"`
	Body    string   `json:"body"`
}

// ErrNotSnapshottable is returned by Snapshot for a state a snapshot
// cannot keep exactly (items the Game Master invented, a fight in
// progress): the caller keeps the snapshot it has.
var ErrNotSnapshottable = errors.New("session: this state cannot be snapshotted")

// LogHash is "sha256:" and the hex SHA-256 of events' canonical lines
// (AppendLine, without the batch mark): the log a snapshot folds.
func LogHash(events []Event) string {
	h := sha256.New()
	var buf []byte
	for _, ev := range events {
		buf = AppendLine(buf[:0], ev, false)
		h.Write(buf)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Snapshot is the session's state as a snapshot of its whole log, for
// key. ErrNotSnapshottable (wrapped, saying why) when the state holds
// what a snapshot cannot keep.
func (s *Session) Snapshot(key SnapshotKey) ([]byte, error) {
	var w snapWriter
	if err := w.party(s.state.Party); err != nil {
		return nil, err
	}
	if s.before == nil {
		w.byte(0)
	} else {
		w.byte(1)
		w.uvarint(uint64(s.before.replies))
		if err := w.party(s.before.party); err != nil {
			return nil, err
		}
	}
	w.replies(s.state.Replies)
	head, err := json.Marshal(snapshotHeader{
		Format: SnapshotFormat, Answers: AnswerVersion, Events: len(s.events), Log: LogHash(s.events),
		Ruleset: key.Ruleset, Party: key.Party, Plugins: nonNil(key.Plugins), Seed: key.Seed,
		Body: bodySum(w.b),
	})
	if err != nil {
		return nil, fmt.Errorf("session snapshot: %w", err)
	}
	out := make([]byte, 0, len(snapshotMagic)+len(head)+1+len(w.b))
	out = append(out, snapshotMagic...)
	out = append(out, head...)
	out = append(out, '\n')
	return append(out, w.b...), nil
}

// bodySum is the body's CRC-32C (Castagnoli, as the log's lines): it
// catches a damaged file; what the body folds is named by the header.
func bodySum(b []byte) string {
	return fmt.Sprintf("crc32c:%08x", crc32.Checksum(b, castagnoli()))
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// FoldFrom is FoldWith starting from a snapshot: when snap matches key,
// this engine's answering version and the log (the events it folds are
// events' first ones, byte for byte), only the events after it are
// folded; otherwise the whole log is. The session is the same either
// way; the error says why the snapshot was not used (nil: it was).
//
// A key without every hash (complete) can tell no ruleset from another:
// with one, no snapshot is used. With a complete key the session keeps
// it, for KeepSnapshot.
func FoldFrom(rs *ruleset.Ruleset, sheets []*sheet.Sheet, seed uint64, events []Event, h Hooks, key SnapshotKey, snap []byte) (*Session, error) {
	if !key.complete() {
		return FoldWith(rs, sheets, seed, events, h), errors.New("session snapshot: the session's files are not named by hash")
	}
	s, n, err := restore(rs, sheets, seed, events, key, snap)
	if err != nil {
		s = FoldWith(rs, sheets, seed, events, h)
	} else {
		s.Kinds, s.Tags = h.Kinds, h.Tags
		s.foldOn(events[n:])
		s.snapAt = n
	}
	s.snapKey = &key
	return s, err
}

// KeepSnapshot hands save a snapshot of the session (folded by FoldFrom
// with a complete key) when its fold is SnapshotEvery events or more
// past its last snapshot: a store outside this package keeps it (the
// service's, through Snapshotter). It says why it made none, nil when
// none was due.
func (s *Session) KeepSnapshot(save func([]byte) error) error {
	if s.snapKey == nil || len(s.events)-s.snapAt < SnapshotEvery {
		return nil
	}
	snap, err := s.Snapshot(*s.snapKey)
	if err != nil {
		return err
	}
	if err := save(snap); err != nil {
		return err
	}
	s.snapAt = len(s.events)
	return nil
}

// SnapshotAt is the log position of the snapshot the session was folded
// from or last wrote (0 for none).
func (s *Session) SnapshotAt() int { return s.snapAt }

// restore reads a snapshot into a session holding events' first n
// events, or says why it does not fit.
func restore(rs *ruleset.Ruleset, sheets []*sheet.Sheet, seed uint64, events []Event, key SnapshotKey, snap []byte) (*Session, int, error) {
	if len(snap) == 0 {
		return nil, 0, errors.New("session snapshot: none")
	}
	head, body, err := splitSnapshot(snap)
	if err != nil {
		return nil, 0, err
	}
	switch {
	case head.Format != SnapshotFormat:
		return nil, 0, fmt.Errorf("session snapshot: format %d, this rulehost reads %d", head.Format, SnapshotFormat)
	case head.Answers != AnswerVersion:
		return nil, 0, fmt.Errorf("session snapshot: folded by answering version %d, this rulehost answers version %d", head.Answers, AnswerVersion)
	case head.Ruleset != key.Ruleset || head.Party != key.Party || !slices.Equal(head.Plugins, nonNil(key.Plugins)):
		return nil, 0, errors.New("session snapshot: folded with another ruleset, party or plugins")
	case head.Seed != seed || head.Seed != key.Seed:
		return nil, 0, errors.New("session snapshot: folded on another seed")
	case head.Events < 1 || head.Events > len(events):
		return nil, 0, fmt.Errorf("session snapshot: folds %d events, the log holds %d", head.Events, len(events))
	}
	if head.Body != bodySum(body) {
		return nil, 0, errors.New("session snapshot: its body does not match its checksum")
	}
	if LogHash(events[:head.Events]) != head.Log {
		return nil, 0, fmt.Errorf("session snapshot: the log's first %d events are not the ones it folded", head.Events)
	}
	s, err := readBody(rs, sheets, seed, body)
	if err != nil {
		return nil, 0, err
	}
	s.events = append(s.events, events[:head.Events]...)
	return s, head.Events, nil
}

// readBody reads a snapshot's body into a session (without its events).
func readBody(rs *ruleset.Ruleset, sheets []*sheet.Sheet, seed uint64, body []byte) (*Session, error) {
	var err error
	s := New(rs, sheets, seed)
	r := snapReader{s: string(body)}
	st := &State{}
	if st.Party, err = r.party(rs, sheets); err != nil {
		return nil, err
	}
	switch r.byte() {
	case 0:
	case 1:
		n := r.count()
		b := &snapshot{replies: n}
		if b.party, err = r.party(rs, sheets); err != nil {
			return nil, err
		}
		s.before = b
	default:
		r.fail("a bad mark before the replies")
	}
	st.Replies = r.replies()
	if r.err == nil && r.i != len(r.s) {
		r.fail("bytes after the replies")
	}
	if r.err != nil {
		return nil, r.err
	}
	if s.before != nil && s.before.replies > len(st.Replies) {
		return nil, errors.New("session snapshot: the state before the last reply counts more replies than there are")
	}
	s.state = st
	return s, nil
}

// splitSnapshot checks the magic and reads the header strictly.
func splitSnapshot(snap []byte) (snapshotHeader, []byte, error) {
	var head snapshotHeader
	rest, ok := bytes.CutPrefix(snap, []byte(snapshotMagic))
	if !ok {
		return head, nil, errors.New("session snapshot: not a snapshot (no magic)")
	}
	end := bytes.IndexByte(rest[:min(len(rest), maxSnapshotHeader)], '\n')
	if end < 0 {
		return head, nil, errors.New("session snapshot: no header line")
	}
	if err := jsonin.Unmarshal(rest[:end], &head); err != nil {
		return head, nil, fmt.Errorf("session snapshot: header: %w", err)
	}
	return head, rest[end+1:], nil
}

// snapParty is a party as a snapshot keeps it: what play changes of
// each member, and each section's part by its codec. The sheets, the
// ruleset's tables and the party's indexes come from the session.
type snapParty struct {
	Members []snapMember `json:"members"`
	// Invented are the items the Game Master invented, in order, as
	// their JSON: Snapshot keeps one only when it reads back equal in
	// every field, unexported ones included (reflect.DeepEqual).
	Invented []json.RawMessage          `json:"invented"`
	Parts    map[string]json.RawMessage `json:"parts"`
}

type snapMember struct {
	Name       string         `json:"name"`
	Bag        []items.Stack  `json:"bag"`
	Pools      map[string]int `json:"pools"`
	Conditions []string       `json:"conditions"`
	Marks      map[string]int `json:"marks"`
	Temporary  int            `json:"temporary"`
	Lifted     []string       `json:"lifted"`
}

// snapWriter writes a snapshot's body.
type snapWriter struct{ b []byte }

func (w *snapWriter) byte(c byte)      { w.b = append(w.b, c) }
func (w *snapWriter) uvarint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *snapWriter) string(s string)  { w.uvarint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *snapWriter) strings(ss []string) {
	w.uvarint(uint64(len(ss)))
	for _, s := range ss {
		w.string(s)
	}
}

func (w *snapWriter) party(p *items.Party) error {
	sp := snapParty{}
	for _, it := range p.Invented {
		b, err := json.Marshal(it)
		if err != nil {
			return fmt.Errorf("%w: invented item %q: %v", ErrNotSnapshottable, it.Label, err)
		}
		if back, err := decodeItem(b); err != nil || !reflect.DeepEqual(back, it) {
			return fmt.Errorf("%w: invented item %q does not read back as it is", ErrNotSnapshottable, it.Label)
		}
		sp.Invented = append(sp.Invented, b)
	}
	for _, m := range p.Members {
		sp.Members = append(sp.Members, snapMember{Name: m.Name, Bag: m.Bag, Pools: m.Pools, Conditions: m.Conditions,
			Marks: m.Marks, Temporary: m.Temporary, Lifted: m.Lifted})
	}
	if p.Parts != nil {
		sp.Parts = map[string]json.RawMessage{}
		names := make([]string, 0, len(p.Parts))
		for name := range p.Parts {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			c, ok := items.PartCodecOf(name)
			if !ok {
				return fmt.Errorf("%w: its %s part has no snapshot codec", ErrNotSnapshottable, name)
			}
			data, ok := c.Encode(p.Parts[name])
			if !ok {
				return fmt.Errorf("%w: its %s part cannot be kept now", ErrNotSnapshottable, name)
			}
			sp.Parts[name] = data
		}
	}
	b, err := json.Marshal(sp)
	if err != nil {
		return fmt.Errorf("session snapshot: %w", err)
	}
	w.string(string(b))
	return nil
}

// replies writes the replies, with the totals a reader allocates once.
func (w *snapWriter) replies(rs []Reply) {
	recs, attrs, tags := 0, 0, 0
	for _, r := range rs {
		recs += len(r.Records)
		tags += len(r.Tags)
		for _, rec := range r.Records {
			attrs += len(rec.Attrs)
		}
	}
	w.uvarint(uint64(len(rs)))
	w.uvarint(uint64(recs))
	w.uvarint(uint64(attrs))
	w.uvarint(uint64(tags))
	for _, r := range rs {
		w.string(r.Kind)
		w.string(r.Text)
		w.uvarint(uint64(len(r.Records)))
		for _, rec := range r.Records {
			w.string(rec.Name)
			w.uvarint(uint64(len(rec.Attrs)))
			for _, a := range rec.Attrs {
				w.string(a.Key)
				w.string(a.Value)
			}
		}
		w.strings(r.Tags)
	}
}

// snapReader reads a body; the first failure sticks (err) and every
// later read returns zero values, so a bad snapshot never panics and
// never allocates more than its own length allows.
type snapReader struct {
	s   string
	i   int
	err error
}

func (r *snapReader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("session snapshot: at byte %d of the body: %s", r.i, what)
	}
}

func (r *snapReader) byte() byte {
	if r.err != nil || r.i >= len(r.s) {
		r.fail("cut short")
		return 0
	}
	c := r.s[r.i]
	r.i++
	return c
}

func (r *snapReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if r.i >= len(r.s) {
			r.fail("cut short")
			return 0
		}
		c := r.s[r.i]
		r.i++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.fail("a number too long")
	return 0
}

// count is a count of things each of which takes at least one byte: no
// more than the bytes left.
func (r *snapReader) count() int {
	v := r.uvarint()
	if v > uint64(len(r.s)-r.i) {
		r.fail("a count larger than what is left")
		return 0
	}
	return int(v)
}

func (r *snapReader) string() string {
	n := r.count()
	if r.err != nil {
		return ""
	}
	out := r.s[r.i : r.i+n]
	r.i += n
	return out
}

func (r *snapReader) party(rs *ruleset.Ruleset, sheets []*sheet.Sheet) (*items.Party, error) {
	data := r.string()
	if r.err != nil {
		return nil, r.err
	}
	var sp snapParty
	if err := jsonin.Unmarshal([]byte(data), &sp); err != nil {
		return nil, fmt.Errorf("session snapshot: party: %w", err)
	}
	p := items.New(rs, sheets)
	for i, b := range sp.Invented {
		it, err := decodeItem(b)
		if err != nil {
			return nil, fmt.Errorf("session snapshot: invented item %d: %w", i, err)
		}
		p.Invented = append(p.Invented, it)
	}
	if len(sp.Members) != len(p.Members) {
		return nil, fmt.Errorf("session snapshot: %d members, the party has %d", len(sp.Members), len(p.Members))
	}
	for i, m := range sp.Members {
		if len(m.Bag) > items.MaxStacksPerBag {
			return nil, fmt.Errorf("session snapshot: member %d holds %d stacks, more than a bag can", i, len(m.Bag))
		}
		for k, st := range m.Bag {
			// No fold leaves these; a snapshot that says so was not written by one.
			if st.Count < 1 || st.Spent < 0 || st.Shot < 0 {
				return nil, fmt.Errorf("session snapshot: member %d, stack %d: count %d, spent %d, shot %d", i, k, st.Count, st.Spent, st.Shot)
			}
		}
		if m.Temporary < 0 {
			return nil, fmt.Errorf("session snapshot: member %d: %d temporary points", i, m.Temporary)
		}
		pm := p.Members[i]
		pm.Name, pm.Bag, pm.Pools, pm.Conditions = m.Name, m.Bag, m.Pools, m.Conditions
		pm.Marks, pm.Temporary, pm.Lifted = m.Marks, m.Temporary, m.Lifted
	}
	if sp.Parts != nil {
		p.Parts = map[string]items.Part{}
		for name, data := range sp.Parts {
			c, ok := items.PartCodecOf(name)
			if !ok {
				return nil, fmt.Errorf("session snapshot: unknown part %q", name)
			}
			part, err := c.Decode(data)
			if err != nil {
				return nil, fmt.Errorf("session snapshot: %w", err)
			}
			p.Parts[name] = part
		}
	}
	return p, nil
}

// decodeItem reads an invented item's JSON strictly (duplicate keys and
// unknown fields refused); numbers in its stats read as float64, as the
// ruleset reader leaves them.
func decodeItem(b []byte) (*itemrules.Item, error) {
	if err := jsonin.Check(b); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	it := &itemrules.Item{}
	if err := dec.Decode(it); err != nil {
		return nil, err
	}
	if !it.Invented || it.Label == "" {
		return nil, errors.New("not an invented item")
	}
	return it, nil
}

func (r *snapReader) replies() []Reply {
	n, recs, attrs, tags := r.count(), r.count(), r.count(), r.count()
	if r.err != nil {
		return nil
	}
	out := make([]Reply, n)
	recSlab := make([]record.Record, recs)
	attrSlab := make([]tag.Attr, attrs)
	tagSlab := make([]string, tags)
	for i := range out {
		rp := &out[i]
		rp.Kind, rp.Text = r.string(), r.string()
		if r.err == nil && rp.Kind != GMReply && rp.Kind != PlayerAction {
			r.fail(fmt.Sprintf("reply %d of kind %q", i, rp.Kind))
		}
		nr := r.count()
		if nr > len(recSlab) {
			r.fail("more records than it counts")
		}
		if r.err != nil {
			return nil
		}
		if nr > 0 {
			rp.Records, recSlab = recSlab[:nr:nr], recSlab[nr:]
		}
		for k := range rp.Records {
			rec := &rp.Records[k]
			rec.Name = r.string()
			na := r.count()
			if na > len(attrSlab) {
				r.fail("more attributes than it counts")
			}
			if r.err != nil {
				return nil
			}
			rec.Attrs, attrSlab = attrSlab[:na:na], attrSlab[na:]
			for a := range rec.Attrs {
				rec.Attrs[a] = tag.Attr{Key: r.string(), Value: r.string()}
			}
		}
		nt := r.count()
		if nt > len(tagSlab) {
			r.fail("more tags than it counts")
		}
		if r.err != nil {
			return nil
		}
		if nt > 0 {
			rp.Tags, tagSlab = tagSlab[:nt:nt], tagSlab[nt:]
		}
		for k := range rp.Tags {
			rp.Tags[k] = r.string()
		}
	}
	if r.err == nil && len(recSlab)+len(attrSlab)+len(tagSlab) > 0 {
		r.fail("fewer records, attributes or tags than it counts")
	}
	return out
}

// EventReplies are the replies the events of the log got when they were
// folded, by position (events[i] got out[i]), for each event whose reply
// still stands in the state; ok[i] is false for one a later regenerate
// replaced (its reply is no longer held). A session folded from a
// snapshot answers with this what a fold from the start gave event by
// event (the service's idempotent retries).
func (s *Session) EventReplies() (out []Reply, ok []bool) {
	out, ok = make([]Reply, len(s.events)), make([]bool, len(s.events))
	at := make([]int, 0, len(s.state.Replies)) // the event each reply came from
	lastGM := false
	for i, ev := range s.events {
		switch {
		case ev.Kind == Regenerate && !lastGM:
			out[i], ok[i] = Reply{Kind: ev.Kind, Text: ev.Text}, true // not folded (FoldWith, Extend)
			continue
		case ev.Kind == Regenerate:
			ok[at[len(at)-1]] = false
			at[len(at)-1] = i
		default:
			at = append(at, i)
		}
		ok[i] = true
		lastGM = ev.Kind != PlayerAction
	}
	if len(at) != len(s.state.Replies) {
		return out, make([]bool, len(s.events)) // never: the state is the fold of the events
	}
	for r, i := range at {
		out[i] = s.state.Replies[r]
	}
	return out, ok
}
