package prompt

// SectionFormatter reshapes the prompt: Section renders one section from
// its data (the default text is the fallback), Prompt joins the sections
// into the whole prompt (reorder, wrap, drop). host/format implements it
// with a plugin's formatters.section and formatters.prompt, falling back
// to the default text when the plugin has none or fails.
type SectionFormatter interface {
	Section(s Section) string
	Prompt(secs []Section) string
}

// Reshape renders every section through f.Section.
func Reshape(f SectionFormatter, secs []Section) []Section {
	out := make([]Section, len(secs))
	for i, s := range secs {
		s.Text = f.Section(s)
		out[i] = s
	}
	return out
}
