package main

import (
	"fmt"

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

// fitPrompt is the prompt's text within maxChars, whatever the
// formatter's prompt hook does: the hook's output may grow with its input
// (--max-chars 1200 printed 2,603 characters), so what it returns is
// measured, and the sections cut again by what it went over, a few
// times; a hook that still does not fit gives way to the built-in text
// (plain: the sections built without the formatter), cut to the budget,
// and warn says so. A budget not even the built-in text can meet is an
// error that says so.
func fitPrompt(f record.Formatter, secs []prompt.Section, plain func() []prompt.Section, maxChars int) (out []prompt.Section, text, warn string, err error) {
	if maxChars <= 0 {
		return secs, joined(f, secs), "", nil
	}
	sf, _ := f.(prompt.SectionFormatter)
	out, text, fellBack, err := prompt.Fit(sf, secs, plain, maxChars)
	if err != nil {
		return nil, "", "", fmt.Errorf("--max-chars %d cannot be met: %w", maxChars, err)
	}
	if fellBack {
		warn = fmt.Sprintf("the formatter's prompt hook could not fit --max-chars %d; printing the built-in text, cut to fit", maxChars)
	}
	return out, text, warn, nil
}
