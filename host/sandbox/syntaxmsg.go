package sandbox

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/internal/lazy"
)

// nearToken is gopher-lua's parser message after its position: the token
// where parsing failed and a repeated "syntax error".
var nearToken = lazy.Regexp(`^near\s+'?(.*?)'?:?\s*(?:syntax error)?$`)

// plainSyntax rewrites a parser message so that it says what to look for
// instead of repeating "syntax error" (the error's kind already says it):
// "near 'end': syntax error" becomes "unexpected 'end': look just before
// it for ...". Other messages lose only the repeated words.
func plainSyntax(msg string) string {
	msg = strings.TrimSpace(msg)
	if strings.Contains(msg, "too many syntax levels") {
		// the parser's stack bound (third_party patch 5), said as the
		// syntax-depth check after parsing says it
		return fmt.Sprintf("chunk has too many syntax levels (more than %d)", MaxSyntaxDepth)
	}
	if strings.Contains(msg, "at EOF") {
		return endsEarly
	}
	m := nearToken().FindStringSubmatch(msg)
	if m == nil {
		if s := strings.TrimSuffix(msg, ": syntax error"); s != "" {
			return s
		}
		return msg
	}
	switch tok := m[1]; tok {
	case "EOF", "<eof>", "":
		return endsEarly
	default:
		return fmt.Sprintf("unexpected '%s': look just before it for a missing comma, operator, 'then', 'do', 'end' or bracket", tok)
	}
}

const endsEarly = "the file ends too early: a block or bracket is not closed (a missing 'end', ')' or '}')"
