package validate

import (
	"fmt"
	"testing"
)

// TestSuggestBoundsItsWork: against 100,000 names one suggestion weighs
// at most MaxSuggestCompared of them by distance, and none whose length
// alone is too far; a near name among the first it weighs is still found.
func TestSuggestBoundsItsWork(t *testing.T) {
	options := make([]string, 0, 100_000)
	options = append(options, "catalog/longsword")
	for i := range 50_000 {
		options = append(options, fmt.Sprintf("catalog/item-%05d", i), fmt.Sprintf("x%d", i))
	}
	before := distances.Load()
	if got := Suggest("catalog/longswrod", options); got != "catalog/longsword" {
		t.Errorf("Suggest: %q; want catalog/longsword", got)
	}
	if n := distances.Load() - before; n > MaxSuggestCompared {
		t.Errorf("one Suggest weighed %d options by distance; want at most %d", n, MaxSuggestCompared)
	}
	before = distances.Load()
	Suggest("abc", options) // every option is too long or too short but x0..x9 style ones
	if n := distances.Load() - before; n > MaxSuggestCompared {
		t.Errorf("a short word weighed %d options", n)
	}
}
