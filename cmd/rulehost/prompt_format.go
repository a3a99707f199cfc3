package main

import (
	"fmt"
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

// fitPrompt is the prompt's text within maxChars, whatever the
// formatter's prompt hook does: the hook's output may grow with its input
// (--max-chars 1200 printed 2,603 characters), so what it returns is
// measured, and the sections cut again by what it went over, a few
// times; a hook that still does not fit gives way to the built-in text
// (plain: the sections built without the formatter), cut to the budget,
// and warn says so. A budget not even the built-in text can meet is an
// error that says so.
func fitPrompt(f record.Formatter, secs []prompt.Section, plain func() []prompt.Section, maxChars int) (text, warn string, err error) {
	if maxChars <= 0 {
		return joined(f, secs), "", nil
	}
	if sf, ok := f.(prompt.SectionFormatter); ok {
		// the hook may add a fixed wrapper (extra) or grow with its
		// input (ratio): start from the larger budget either allows,
		// then cut by what the hook's text still goes over
		hooked := max(utf8.RuneCountInString(sf.Prompt(secs)), 1)
		base := max(utf8.RuneCountInString(prompt.Text(secs)), 1)
		n := hooked
		budget := max(maxChars-(hooked-base), maxChars*base/hooked)
		for try := 0; try < 6 && budget > 0; try++ {
			out, _ := prompt.BudgetWith(secs, budget, sf.Section)
			text = sf.Prompt(out)
			if n = utf8.RuneCountInString(text); n <= maxChars {
				return text, "", nil
			}
			budget -= max((n-maxChars)*base/hooked, 1)
		}
		warn = fmt.Sprintf("the formatter's prompt hook gave %d characters for --max-chars %d; printing the built-in text, cut to fit", n, maxChars)
		secs = plain()
	}
	out, _ := prompt.Budget(secs, maxChars)
	text = prompt.Text(out)
	if n := utf8.RuneCountInString(text); n > maxChars {
		return "", "", fmt.Errorf("--max-chars %d cannot be met: the prompt cut as far as it goes is %d characters; give a larger budget", maxChars, n)
	}
	return text, warn, nil
}
