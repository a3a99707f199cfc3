package host_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/host"
)

// TestCaseVocabulary keeps the plugin-case sections of the vocabulary
// table (docs/ruleset.md, schema/plugin-case.schema.json) equal to the
// fields host.Case decodes, since the case is decoded by its struct and
// not by the validator.
func TestCaseVocabulary(t *testing.T) {
	for _, c := range []struct {
		section string
		typ     reflect.Type
	}{
		{"plugin-case", reflect.TypeOf(host.Case{})},
		{"plugin-case.wantProblems", reflect.TypeOf(host.WantProblem{})},
		{"plugin-case.block", reflect.TypeOf(host.BlockCase{})},
	} {
		var fields []string
		for i := 0; i < c.typ.NumField(); i++ {
			name, _, _ := strings.Cut(c.typ.Field(i).Tag.Get("json"), ",")
			fields = append(fields, name)
		}
		var keys []string
		for _, k := range vocab.Keys(c.section) {
			if k != "$schema" {
				keys = append(keys, k)
			}
		}
		if strings.Join(fields, ",") != strings.Join(keys, ",") {
			t.Errorf("%s: %s decodes %v; the table lists %v", c.section, c.typ, fields, keys)
		}
	}
}
