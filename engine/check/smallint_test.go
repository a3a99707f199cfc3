package check

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzSmallInt checks that smallInt reads whatever it accepts exactly as
// the general path of readInt (trim, one "+", strconv.Atoi) does.
func FuzzSmallInt(f *testing.F) {
	for _, s := range []string{"15", "+2", "-1", "0", "9999", "10000", "+", "-", "", " 5", "++5", "+-5", "1a", "٣", "-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		n, ok := smallInt(v)
		if !ok {
			return
		}
		want, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(v), "+"))
		if err != nil || want != n {
			t.Fatalf("smallInt(%q) = %d; the general path reads %d, %v", v, n, want, err)
		}
	})
}

func TestSmallInt(t *testing.T) {
	for v, want := range map[string]int{"15": 15, "+2": 2, "-1": -1, "0": 0, "9999": 9999, "-0": 0} {
		if n, ok := smallInt(v); !ok || n != want {
			t.Errorf("smallInt(%q) = %d, %v; want %d", v, n, ok, want)
		}
	}
	for _, v := range []string{"", "+", "-", "10000", " 5", "++5", "+-5", "1a"} {
		if _, ok := smallInt(v); ok {
			t.Errorf("smallInt(%q) accepted; the general path must read it", v)
		}
	}
}
