package sandbox

import (
	"context"
	"fmt"
	"math"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// oldNumberString is LNumber.String before patch 15.
func oldNumberString(n lua.LNumber) string {
	if float64(n) == float64(int64(n)) {
		return fmt.Sprint(int64(n))
	}
	return fmt.Sprint(float64(n))
}

// TestPatch15NumbersPrintAsBefore: a number's text (tostring, `..`, the
// API's String) is what it was for integers, -0, fractions, huge values,
// NaN and the infinities, through the sandbox's tostring (which boxes
// the texts of 0..1023 once) and through concatenation; and tostring of
// a small integer allocates nothing.
func TestPatch15NumbersPrintAsBefore(t *testing.T) {
	nums := []float64{math.Copysign(0, -1), 0.5, -2.25, 1e15, 1 << 53, 1e300, -1e300, 1e100, math.NaN(), math.Inf(1), math.Inf(-1), 1023, 1024, -1}
	for i := -1500; i <= 1500; i += 7 {
		nums = append(nums, float64(i))
	}
	s, m := load(t, Options{Name: "p15"}, `return { show = function(n) return tostring(n), n .. "" end }`)
	show := m.(*lua.LTable).RawGetString("show")
	for _, f := range nums {
		n := lua.LNumber(f)
		want := oldNumberString(n)
		if got := n.String(); got != want {
			t.Errorf("LNumber(%v).String() = %q, want %q", f, got, want)
		}
		rets, err := s.Call(context.Background(), nil, show, n)
		if err != nil || len(rets) != 2 || rets[0].String() != want || rets[1].String() != want {
			t.Errorf("tostring and .. of %v: %v %v, want %q", f, rets, err, want)
		}
	}
	ts, err := s.l.LoadString(`return tostring(7), tostring(1000)`)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := s.l.LoadString(`return 7, 1000`)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	call := func(fn *lua.LFunction) func() {
		return func() {
			if _, err := s.Call(ctx, nil, fn); err != nil {
				t.Fatal(err)
			}
		}
	}
	if a, b := testing.AllocsPerRun(100, call(ts)), testing.AllocsPerRun(100, call(plain)); a != b {
		t.Errorf("return tostring(7), tostring(1000) allocates %v times, return 7, 1000 %v; want the same", a, b)
	}
}
