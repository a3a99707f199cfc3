package format

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/host/plugin"
)

// MaxPrompt bounds what formatters.prompt may return for the whole prompt.
const MaxPrompt = 1 << 20

var _ prompt.SectionFormatter = (*Formatter)(nil)

// Section is the plugin's text for one prompt section,
// formatters.section(name, data, text), or the section's default text.
// data is the section's data as its JSON form (frozen), text the default.
func (f *Formatter) Section(s prompt.Section) string {
	if !f.has("section") {
		return s.Text
	}
	out, err := f.call("section", func(st *plugin.State) []lua.LValue {
		return []lua.LValue{lua.LString(s.Name), dataView(st, s.Data), lua.LString(s.Text)}
	})
	if err != nil {
		f.fallback("section", err)
		return s.Text
	}
	f.succeeded("section")
	return out
}

// Prompt is the plugin's whole prompt, formatters.prompt(sections), where
// sections is a sequence of { name, text } (each already rendered, through
// formatters.section when the plugin has it: the data was for that);
// without it, or when it fails, the sections' texts in order.
func (f *Formatter) Prompt(secs []prompt.Section) string {
	if !f.has("prompt") {
		return prompt.Text(secs)
	}
	out, err := f.callMax("prompt", MaxPrompt, func(st *plugin.State) []lua.LValue {
		L := st.SB.L()
		t := L.CreateTable(len(secs), 0)
		for _, s := range secs {
			e := L.CreateTable(0, 2)
			e.RawSetString("name", lua.LString(s.Name))
			e.RawSetString("text", lua.LString(s.Text))
			t.Append(e)
		}
		// A handful of small tables: frozen like every other view.
		return []lua.LValue{st.SB.Freeze(t)}
	})
	if err != nil {
		f.fallback("prompt", err)
		return prompt.Text(secs)
	}
	f.succeeded("prompt")
	return out
}

// callMax is call with a larger cap on the returned text.
func (f *Formatter) callMax(name string, maxN int, args func(st *plugin.State) []lua.LValue) (string, error) {
	if maxN <= MaxText {
		return f.call(name, args)
	}
	return f.callText(name, maxN, args)
}
