package main

import (
	"errors"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

// loadRulesetFile loads a ruleset as ruleset.LoadFile does, and names a
// refused one by its path as given (ruleset.LoadFile names its problems by
// the file's base name, so two refused ruleset.json files would read alike).
func loadRulesetFile(path string, opts ruleset.Options) (*ruleset.Ruleset, error) {
	rs, err := ruleset.LoadFile(path, opts)
	var verr *validate.Error
	if errors.As(err, &verr) {
		verr.File = path
	}
	return rs, err
}
