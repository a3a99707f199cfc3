package main

import (
	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/urfave/cli/v2"
)

// loadOptions are what plugins add to loading and checking.
type loadOptions struct {
	Ruleset ruleset.Options
	Kinds   map[string]check.Resolver
}

// pluginOptions loads --plugins directories. Until the plugin host is
// wired in, naming a plugin directory is a misuse rather than a silent no-op.
func pluginOptions(c *cli.Context) (loadOptions, error) {
	if len(c.StringSlice("plugins")) > 0 {
		return loadOptions{}, misuse(c, "--plugins is not available in this build")
	}
	return loadOptions{}, nil
}
