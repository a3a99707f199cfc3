package items

// Part is a later section's own piece of the session state (the starting
// gear groups a character took, ...). The party carries it so that the
// state stays one fold of one log (DESIGN.md "Layout"): a regenerated
// reply starts from a clone, so every part clones itself deeply.
type Part interface {
	ClonePart() Part
}

// PartOf returns the section's part, or nil when it has none yet.
func (p *Party) PartOf(section string) Part {
	return p.Parts[section]
}

// SetPart stores the section's part.
func (p *Party) SetPart(section string, part Part) {
	if p.Parts == nil {
		p.Parts = map[string]Part{}
	}
	p.Parts[section] = part
}

func cloneParts(m map[string]Part) map[string]Part {
	if m == nil {
		return nil
	}
	out := make(map[string]Part, len(m))
	for k, v := range m {
		out[k] = v.ClonePart()
	}
	return out
}

// PartCodec keeps a section's part in a session snapshot
// (docs/session.md "Snapshots") and reads it back. A snapshot is only as
// good as its codecs: Encode says false for a part it cannot keep
// exactly (a fight in progress holds what it read as it began), and the
// session then writes no snapshot at all rather than one that folds on
// differently.
type PartCodec struct {
	// Encode is the part's bytes; ok is false when it cannot be kept.
	Encode func(Part) (data []byte, ok bool)
	// Decode reads bytes Encode wrote back into a part, strictly: a
	// snapshot it refuses is ignored.
	Decode func(data []byte) (Part, error)
}

var partCodecs = map[string]PartCodec{}

// RegisterPartCodec registers the codec of a section's part (from the
// section's init, beside its Part type).
func RegisterPartCodec(section string, c PartCodec) { partCodecs[section] = c }

// PartCodecOf is the codec registered for a section.
func PartCodecOf(section string) (PartCodec, bool) {
	c, ok := partCodecs[section]
	return c, ok
}
