package record

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// intsBySplit is Ints as it was before issue 31 (strings.Split, then a
// list of the parts' length): the reference FuzzInts holds Ints to.
func intsBySplit(v string) ([]int, error) {
	if v == "" {
		return nil, nil
	}
	parts := strings.Split(v, ",")
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("want comma-separated integers; %q is not one", p)
		}
		out[i] = n
	}
	return out, nil
}

// FuzzInts: Ints reads every text as the Split reading did, the same
// integers or the same error, and checkType's IntList agrees.
func FuzzInts(f *testing.F) {
	for _, s := range []string{"", "1", "3,7,10", "1,,2", "1,", ",", "+5,-3,007", "1, 2", "9223372036854775808", "x", "-", "1,2,3,4,5,6,7,8,9,10,11,12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		got, err := Ints(v)
		want, werr := intsBySplit(v)
		if fmt.Sprint(err) != fmt.Sprint(werr) || !slices.Equal(got, want) {
			t.Fatalf("Ints(%q) = %v, %v; Split reading %v, %v", v, got, err, want, werr)
		}
		if cerr := checkType(IntList, v); fmt.Sprint(cerr) != fmt.Sprint(werr) {
			t.Fatalf("checkType(IntList, %q) = %v, want %v", v, cerr, werr)
		}
	})
}

// TestIntsAllocations: checking an IntList value allocates nothing, and
// Ints allocates its list only.
func TestIntsAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	const v = "3,7,10,1,1,6,9,2,10,4"
	if n := testing.AllocsPerRun(100, func() {
		if checkType(IntList, v) != nil {
			t.Fatal("refused")
		}
	}); n != 0 {
		t.Fatalf("checkType(IntList) allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Ints(v) }); n != 1 {
		t.Fatalf("Ints allocates %v times, want 1", n)
	}
}
