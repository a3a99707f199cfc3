package sandbox

import (
	"context"
	"fmt"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatch16ConstructorsAreSizedOnce: a table constructor reserves the
// array and hash sizes it names (the compiler's int2Fb bytes, which the VM
// used undecoded: 26 items reserved 21 slots and then grew), so building
// {1, ..., n} or { k1 = .., ..., kn = .. } makes the table and its parts
// once; the tables hold what was written, for every size up to 300.
func TestPatch16ConstructorsAreSizedOnce(t *testing.T) {
	s, _ := load(t, Options{Name: "p16"}, `return {}`)
	ctx := context.Background()
	for n := 0; n <= 300; n++ {
		items := make([]string, n)
		for i := range items {
			items[i] = fmt.Sprint(i + 1)
		}
		fn, err := s.l.LoadString("local t = {" + strings.Join(items, ", ") + "} return #t, t[#t] or 0, t[1] or 0")
		if err != nil {
			t.Fatal(err)
		}
		rets, err := s.Call(ctx, nil, fn)
		if err != nil || len(rets) != 3 || rets[0] != lua.LNumber(n) || (n > 0 && (rets[1] != lua.LNumber(n) || rets[2] != lua.LNumber(1))) {
			t.Fatalf("{1..%d}: %v %v", n, rets, err)
		}
	}
	count := func(src string) float64 {
		fn, err := s.l.LoadString(src)
		if err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(50, func() {
			if _, err := s.Call(ctx, nil, fn); err != nil {
				t.Fatal(err)
			}
		})
	}
	base := count(`return 1`)
	for _, n := range []int{17, 26, 31, 100} {
		items := make([]string, n)
		for i := range items {
			items[i] = "0"
		}
		// the table and its array part (a 20-slot table grew twice)
		if a := count("return {" + strings.Join(items, ", ") + "}"); a != base+2 {
			t.Errorf("a constructor of %d items allocates %v times (a call returning 1: %v); want 2 more", n, a, base)
		}
	}
}
