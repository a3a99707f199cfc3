package prompt

import (
	"fmt"
	"unicode/utf8"
)

// Fit is the prompt within maxChars characters whatever a formatter's
// prompt hook does, for every surface that prints a prompt (`rulehost
// prompt --max-chars`, POST /v1/prompt's maxChars, the MCP prompt): the
// hook's output may grow with its input (a budget of 1200 once printed
// 2,603 characters), so what it returns is measured and the sections cut
// again by what it went over, a few times; a hook that still does not fit
// gives way to the built-in text (plain: the sections built without the
// formatter) cut to the budget, and fellBack says so. A budget not even
// the built-in text can meet is an error that says so. sf is nil when the
// formatter has no prompt hook. maxChars must be positive.
func Fit(sf SectionFormatter, secs []Section, plain func() []Section, maxChars int) (out []Section, text string, fellBack bool, err error) {
	if sf != nil {
		// the hook may add a fixed wrapper (extra) or grow with its
		// input (ratio): start from the larger budget either allows,
		// then cut by what the hook's text still goes over
		hooked := max(utf8.RuneCountInString(sf.Prompt(secs)), 1)
		base := max(utf8.RuneCountInString(Text(secs)), 1)
		budget := max(maxChars-(hooked-base), maxChars*base/hooked)
		for try := 0; try < 6 && budget > 0; try++ {
			out, _ = BudgetWith(secs, budget, sf.Section)
			text = sf.Prompt(out)
			n := utf8.RuneCountInString(text)
			if n <= maxChars {
				return out, text, false, nil
			}
			budget -= max((n-maxChars)*base/hooked, 1)
		}
		secs, fellBack = plain(), true
	}
	out, _ = Budget(secs, maxChars)
	text = Text(out)
	if n := utf8.RuneCountInString(text); n > maxChars {
		return nil, "", fellBack, fmt.Errorf("a budget of %d characters cannot be met: the prompt cut as far as it goes is %d characters; give a larger budget", maxChars, n)
	}
	return out, text, fellBack, nil
}
