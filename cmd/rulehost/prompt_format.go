package main

import (
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
