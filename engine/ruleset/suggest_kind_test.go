package ruleset_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// TestUnknownKindDidYouMean: a misspelt resolution kind is refused with
// the nearest kind's name; one near none is refused without a guess.
func TestUnknownKindDidYouMean(t *testing.T) {
	_, err := ruleset.Load("r.json", []byte(`{"resolution": {"kind": "dice-sun"}}`), ruleset.Options{})
	if err == nil || !strings.Contains(err.Error(), `r.json:1:17: /resolution/kind: unknown resolution kind "dice-sun"`) || !strings.Contains(err.Error(), `did you mean "dice-sum"?`) {
		t.Fatalf("%v", err)
	}
	_, err = ruleset.Load("r.json", []byte(`{"resolution": {"kind": "tarot"}}`), ruleset.Options{})
	if err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Fatalf("%v", err)
	}
}
