package itemrules

import (
	"math"
	"testing"
)

// A range written with -0 reads "0 to 0", never "0 to -0".
func TestRangeTextNegativeZero(t *testing.T) {
	zero, negZero := 0.0, math.Copysign(0, -1)
	sd := ItemStatDecl{Min: &zero, Max: &negZero}
	if got := sd.RangeText(); got != "0 to 0" {
		t.Fatalf("range %q", got)
	}
}
