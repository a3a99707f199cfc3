package host

import (
	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/host/plugin"
)

// Mechanics is what the loaded plugins declare of their kinds and tags,
// for prompt.Input.Mechanics: the GM prompt's rules section teaches them
// like native ones (docs/plugins.md "Declaring attributes").
func (h *Host) Mechanics() []prompt.Mechanic {
	var out []prompt.Mechanic
	for _, m := range h.Manifests() {
		for _, k := range m.Kinds {
			out = append(out, prompt.Mechanic{Plugin: m.Name, Kind: k.Name, Doc: k.Doc, Instructions: k.Instructions,
				Attrs: mechanicAttrs(k.Attrs), Examples: k.Examples})
		}
		for _, t := range m.TagDecls {
			out = append(out, prompt.Mechanic{Plugin: m.Name, Tag: t.Name, Doc: t.Doc, Instructions: t.Instructions,
				Attrs: mechanicAttrs(t.Attrs), Examples: t.Examples})
		}
	}
	return out
}

func mechanicAttrs(list []plugin.AttrDecl) []prompt.MechanicAttr {
	out := make([]prompt.MechanicAttr, len(list))
	for i, a := range list {
		out[i] = prompt.MechanicAttr{Name: a.Name, Type: a.Type, Enum: a.Enum, Required: a.Required, Doc: a.Doc}
	}
	return out
}
