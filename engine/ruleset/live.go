package ruleset

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// The spec's items pages lean on the ruleset page for health, tracks and
// rests ("a health pool or a plain health track, or one mark cleared on a
// wound track", "the user's wound penalty", "which of your rests"). This
// file is the smallest sound reading of them, documented in docs/sheet.md:
//
//	"live": {
//	  "pools":  [{ "id": "grit", "label": "Grit", "max": { "derived": "grit_max" } }],
//	  "tracks": [
//	    { "id": "harm", "label": "Harm", "boxes": { "const": 6 } },
//	    { "id": "wounds", "label": "Wounds", "marks": [
//	      { "label": "Bruised" }, { "label": "Hurt", "penalty": -1 }, { "label": "Down", "penalty": -2 } ] }
//	  ],
//	  "health": { "pool": "grit" }
//	},
//	"rests": [{ "id": "vigil", "label": "Vigil", "refills": ["resolve"] }]

// Track is a live track of boxes that take marks: a plain track (Boxes)
// counts marks against a number of boxes; a wound track (Marks) fills its
// named marks in order, and the last one filled sets the wound penalty.
type Track struct {
	ID    string        `json:"id"`
	Label string        `json:"label"`
	Boxes *valueref.Ref `json:"boxes,omitempty"`
	Marks []WoundMark   `json:"marks,omitempty"`
}

// WoundMark is one mark of a wound track: its name and what it takes off
// every check and save while it is the worst mark filled (0 or less).
type WoundMark struct {
	Label   string `json:"label"`
	Penalty int    `json:"penalty,omitempty"`
}

// IsWounds reports a wound track (named marks) rather than a plain one.
func (t *Track) IsWounds() bool { return len(t.Marks) > 0 }

// Health names what a heal gives back: one live pool or one live track.
type Health struct {
	Pool  string `json:"pool,omitempty"`
	Track string `json:"track,omitempty"`
}

// Rest is one of the ruleset's rests (a night's sleep, a vigil): what a
// Rest button or [sheet: op="rest"] names. Refills lists the live pools
// it fills to their max and the tracks it clears; items recharge on the
// rests their charges name.
type Rest struct {
	ID      string   `json:"id"`
	Label   string   `json:"label"`
	Refills []string `json:"refills,omitempty"`
}

// Limits of tracks and rests.
const (
	MaxTracks     = 16
	MaxTrackBoxes = 100
	MaxWoundMarks = 12
	MaxRests      = 12
)

// TrackDecl returns the live track with this id.
func (r *Ruleset) TrackDecl(id string) (*Track, bool) {
	for i := range r.Live.Tracks {
		if r.Live.Tracks[i].ID == id {
			return &r.Live.Tracks[i], true
		}
	}
	return nil, false
}

// RestDecl returns the rest with this id.
func (r *Ruleset) RestDecl(id string) (*Rest, bool) {
	for i := range r.Rests {
		if r.Rests[i].ID == id {
			return &r.Rests[i], true
		}
	}
	return nil, false
}

// HealthPool is the id of the health pool, "" when health is a track or
// the ruleset declares none.
func (r *Ruleset) HealthPool() string {
	if r.Live.Health == nil {
		return ""
	}
	return r.Live.Health.Pool
}

// HealthTrack is the health track, nil when health is a pool or none.
func (r *Ruleset) HealthTrack() *Track {
	if r.Live.Health == nil || r.Live.Health.Track == "" {
		return nil
	}
	t, _ := r.TrackDecl(r.Live.Health.Track)
	return t
}

// liveTracks reads live.tracks and live.health (called by livePools).
func (v *Validator) liveTracks(lo validate.Obj, rs *Ruleset) {
	for _, t := range v.listOf(lo, "tracks", MaxTracks) {
		rs.Live.Tracks = append(rs.Live.Tracks, v.track(t))
	}
	ho, ok := lo.Object("health")
	if !ok {
		return
	}
	ho.Known(vocab.Keys("live.health")...)
	pool, hasPool := ho.Str("pool", 64, true)
	track, hasTrack := ho.Str("track", 64, true)
	switch {
	case hasPool == hasTrack:
		lo.Addf("health", `health is one live pool or one live track: { "pool": id } or { "track": id }`)
	case hasPool && !v.pools[pool]:
		ho.Addf("pool", "no live pool %q; declared in live.pools: %v", pool, v.order["pools"])
	case hasTrack:
		if _, ok := rs.TrackDecl(track); !ok {
			ho.Addf("track", "no live track %q; declared in live.tracks: %v", track, v.order["tracks"])
			return
		}
		rs.Live.Health = &Health{Track: track}
	default:
		rs.Live.Health = &Health{Pool: pool}
	}
}

// track reads one track: boxes (a plain track) or marks (a wound track).
func (v *Validator) track(t validate.Obj) Track {
	t.Known(vocab.Keys("live.tracks")...)
	tr := Track{}
	tr.ID, _ = t.Str("id", 64, true)
	tr.Label, _ = t.Str("label", 80, false)
	if tr.Label == "" {
		tr.Label = tr.ID
	}
	if t.Has("boxes") == t.Has("marks") {
		v.P.Addf(t.At, `a track has "boxes" (a plain track) or "marks" (a wound track), not both and not neither`)
		return tr
	}
	if raw, ok := t.M["boxes"]; ok {
		// A track's size is read from the sheet alone, like a pool's max.
		if ref, ok := v.ValueRef(t.Ptr("boxes"), raw, valueref.SheetOnly, "a track's boxes"); ok {
			tr.Boxes = &ref
		}
		return tr
	}
	arr, _ := t.Arr("marks", 1, MaxWoundMarks)
	for i, raw := range arr {
		mo, ok := validate.AsObj(v.P, t.Ptr("marks", i), raw)
		if !ok {
			continue
		}
		mo.Known(vocab.Keys("live.tracks.marks")...)
		var m WoundMark
		if mo.Require("label") {
			m.Label, _ = mo.Str("label", 80, true)
		}
		m.Penalty, _ = mo.Int("penalty", -20, 0, 0)
		tr.Marks = append(tr.Marks, m)
	}
	return tr
}

// rests reads the top-level rests: ids, labels, and what each refills.
func (v *Validator) rests(o validate.Obj, rs *Ruleset) {
	for _, r := range v.listOf(o, "rests", MaxRests) {
		r.Known(vocab.Keys("rests")...)
		rest := Rest{}
		rest.ID, _ = r.Str("id", 64, true)
		rest.Label, _ = r.Str("label", 80, false)
		if rest.Label == "" {
			rest.Label = rest.ID
		}
		arr, _ := r.Arr("refills", 0, 48)
		for i, raw := range arr {
			id, _ := raw.(string)
			_, isTrack := rs.TrackDecl(id)
			switch {
			case id == "":
				v.P.Addf(r.Ptr("refills", i), "want a live pool or track id (a string), found %s", validate.TypeName(raw))
			case !v.pools[id] && !isTrack:
				v.P.Addf(r.Ptr("refills", i), "no live pool or track %q; pools: %v, tracks: %v", id, v.order["pools"], v.order["tracks"])
			default:
				rest.Refills = append(rest.Refills, id)
			}
		}
		rs.Rests = append(rs.Rests, rest)
	}
}

// TrackSize is how many boxes or marks a track has for a character whose
// sheet-only values read through value.
func (t *Track) TrackSize(value func(valueref.Ref) float64) int {
	if t.IsWounds() {
		return len(t.Marks)
	}
	if t.Boxes == nil {
		return 0
	}
	n := int(value(*t.Boxes))
	return max(0, min(n, MaxTrackBoxes))
}

// String names a health declaration for messages.
func (h *Health) String() string {
	if h == nil {
		return "none"
	}
	if h.Pool != "" {
		return fmt.Sprintf("pool %q", h.Pool)
	}
	return fmt.Sprintf("track %q", h.Track)
}
