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
