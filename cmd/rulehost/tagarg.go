package main

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/tag"
)

// parseTagArg reads a command's tag argument: exactly one tag and nothing
// around it. When the argument holds tags inside other text, the error
// says so and quotes the tag to pass, rather than the syntax error at the
// first character that is not a [.
func parseTagArg(arg string) (tag.Tag, error) {
	t, err := tag.Parse(arg)
	if err == nil {
		return t, nil
	}
	if se, ok := err.(*tag.SyntaxError); ok && se.Reason != "" {
		return tag.Tag{}, err // well-formed but refused as written (a duplicated attribute, a limit)
	}
	switch found := tag.FindAll(arg); len(found) {
	case 0:
		return tag.Tag{}, err
	case 1:
		return tag.Tag{}, fmt.Errorf("the argument must be one tag and nothing else; it has text around %s: pass that tag alone, quoted",
			arg[found[0].Start:found[0].End])
	default:
		return tag.Tag{}, fmt.Errorf("the argument must be one tag; it holds %d tags: pass one at a time", len(found))
	}
}
