package main

import (
	"encoding/json"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// needsReport is what `validate --needs` prints of one file.
type needsReport struct {
	File string `json:"file"`
	// Needs is the lowest capabilityApi that accepts every feature the
	// file writes ("" when it writes none of the table's).
	Needs string `json:"needs"`
	// Pointer, Line, Column, Feature and Spec say which key needs it.
	Pointer  string `json:"pointer,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Feature  string `json:"feature,omitempty"`
	Spec     string `json:"spec,omitempty"`
	Declared string `json:"declared,omitempty"`
}

// runNeeds prints the lowest capabilityApi file needs and the key that
// needs it, read from the file's JSON alone (a ruleset refused for its
// level, or for anything else, still says what it needs).
func runNeeds(c *cli.Context, file string) error {
	data, err := jsonin.ReadFile(file)
	if err != nil {
		return refused(err)
	}
	v, err := jsonin.Decode(data)
	if err != nil {
		return refused(fmt.Errorf("%s: %w", file, err))
	}
	raw, ok := v.(map[string]any)
	if !ok {
		return refused(fmt.Errorf("%s: a ruleset is a JSON object", file))
	}
	r := needsReport{File: file, Needs: ruleset.NeededCapabilityAPI(raw)}
	r.Declared, _ = raw["capabilityApi"].(string)
	for _, u := range ruleset.UsedCapabilities(raw) {
		if u.Level == r.Needs && r.Needs != "" {
			r.Pointer, r.Feature, r.Spec = u.At, u.Feature, u.Spec
			if pos, ok := jsonin.Positions(data).Find(u.At); ok {
				r.Line, r.Column = pos.Line, pos.Col
			}
			break
		}
	}
	w := c.App.Writer
	if c.Bool("json") {
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		fmt.Fprintln(w, string(b))
		return nil
	}
	if r.Needs == "" {
		fmt.Fprintf(w, "%s: uses no feature that needs a capabilityApi level; any level reads it\n", file)
		return nil
	}
	fmt.Fprintf(w, "%s: needs capabilityApi %s, for %s:%d:%d: %s (%s, %s)\n", file, r.Needs, file, r.Line, r.Column, r.Pointer, r.Feature, r.Spec)
	if r.Declared != "" {
		fmt.Fprintf(w, "%s: declares %s\n", file, r.Declared)
	}
	return nil
}
