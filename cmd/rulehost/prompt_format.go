package main

import (
	"unicode/utf8"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
)

// reshape renders each section through the formatter's section hook, when
// it has one (host/format's formatters.section).
func reshape(f record.Formatter, secs []prompt.Section) []prompt.Section {
	if sf, ok := f.(prompt.SectionFormatter); ok {
		return prompt.Reshape(sf, secs)
	}
	return secs
}

// joined is the whole prompt's text: the formatter's prompt hook
// (formatters.prompt) when it has one, else the sections in order.
func joined(f record.Formatter, secs []prompt.Section) string {
	if sf, ok := f.(prompt.SectionFormatter); ok {
		return sf.Prompt(secs)
	}
	return prompt.Text(secs)
}

// budget cuts the formatted sections to maxChars (prompt.BudgetWith),
// less what the formatter's prompt hook adds around them (a wrapper, its
// own separators), measured on these very sections, so that the printed
// prompt fits.
func budget(f record.Formatter, secs []prompt.Section, maxChars int) []prompt.Section {
	if maxChars <= 0 {
		return secs
	}
	sf, ok := f.(prompt.SectionFormatter)
	if !ok {
		out, _ := prompt.Budget(secs, maxChars)
		return out
	}
	extra := utf8.RuneCountInString(sf.Prompt(secs)) - utf8.RuneCountInString(prompt.Text(secs))
	out, _ := prompt.BudgetWith(secs, maxChars-max(extra, 0), sf.Section)
	return out
}
