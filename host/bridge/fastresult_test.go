package bridge

import (
	"fmt"
	"math"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/tag"
)

func luaValue(t *testing.T, src string) lua.LValue {
	t.Helper()
	L := lua.NewState()
	t.Cleanup(L.Close)
	if err := L.DoString("return " + src); err != nil {
		t.Fatal(err)
	}
	return L.Get(-1)
}

// TestFlatResults: a flat list key, value, ... reads exactly as the list
// of pairs it stands for, on the fast path and the general one, alone and
// as a record's attrs; a malformed one is refused with a reason.
func TestFlatResults(t *testing.T) {
	same := map[string]string{
		`{ "resolution", "sum", "rolls", { 3, 17 }, "total", 20, "success", true }`: `{ { "resolution", "sum" }, { "rolls", { 3, 17 } }, { "total", 20 }, { "success", true } }`,
		// a float takes the general path, which words the error the same way
		`{ "total", 1.5 }`: `{ { "total", 1.5 } }`,
		`{ name = "omen", attrs = { "sign", "crow", "count", 2 } }`: `{ name = "omen", attrs = { { "sign", "crow" }, { "count", 2 } } }`,
		// a table value with a metatable or holes leaves the fast path
		`{ "rolls", { 1, nil, 3 } }`: `{ { "rolls", { 1, nil, 3 } } }`,
	}
	for flat, pairs := range same {
		a, errA := ReadResult(luaValue(t, flat))
		b, errB := ReadResult(luaValue(t, pairs))
		if (errA == nil) != (errB == nil) || (errA != nil && errA.Error() != errB.Error()) {
			t.Errorf("%s: %v; as pairs: %v", flat, errA, errB)
			continue
		}
		if a.Name != b.Name || len(a.Attrs) != len(b.Attrs) {
			t.Errorf("%s: %+v; as pairs: %+v", flat, a, b)
			continue
		}
		for i := range a.Attrs {
			if a.Attrs[i] != b.Attrs[i] {
				t.Errorf("%s: %+v; as pairs: %+v", flat, a, b)
			}
		}
	}
	for src, want := range map[string]string{
		`{ "total", 3, "success" }`:   "odd number",
		`{ "total", 3, 4, 5 }`:        "key must be a non-empty string",
		`{ "total", {}, "x", "y\n" }`: "control character",
		`{ "", 3 }`:                   "key must be a non-empty string",
		`{ "total", function() end }`: "",
	} {
		_, err := ReadResult(luaValue(t, src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want an error with %q", src, err, want)
		}
	}
}

// TestFastFlatCountsWithoutBoxing: reading a plugin's flat record list
// ({"who", "Ada", "total", 13, ...}) allocates its attribute list and
// the texts of numbers past 99, not one boxed index per entry counted
// (it counted through LTable.ForEach: 21 allocations for ten pairs).
func TestFastFlatCountsWithoutBoxing(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	tb := L.NewTable()
	for i := 0; i < 10; i++ {
		tb.Append(lua.LString(fmt.Sprintf("k%d", i)))
		tb.Append(lua.LString("v"))
	}
	if _, ok := fastFlat(tb, nil); !ok {
		t.Fatal("fastFlat refused a plain list of string pairs")
	}
	if n := testing.AllocsPerRun(100, func() { fastFlat(tb, nil) }); n > 1 {
		t.Errorf("fastFlat allocates %.0f times for ten string pairs; want 1 (the attribute list)", n)
	}
	for _, n := range []int{0, 1, 3, 30} {
		x := L.NewTable()
		for i := 1; i <= n; i++ {
			x.RawSetInt(i, lua.LNumber(i))
		}
		x.RawSetString("s", lua.LTrue)
		x.RawSetString("gone", lua.LTrue)
		x.RawSetString("gone", lua.LNil)
		want := 0
		x.ForEach(func(lua.LValue, lua.LValue) { want++ })
		if got := entries(x); got != want {
			t.Errorf("%d array entries and one key: entries %d, ForEach %d", n, got, want)
		}
	}
}

// TestNumBoxesOnce: Num gives the same number as lua.LNumber for small
// integers, fractions, -0, NaN and large values, and allocates nothing
// for the small integers a plugin call hands Lua (faces, counts).
func TestNumBoxesOnce(t *testing.T) {
	for _, f := range []float64{-129, -128, -1, 0, 1, 6, 10, 1024, 1025, 2.5, -0.5, 1e300} {
		if got := Num(f); got != lua.LNumber(f) {
			t.Errorf("Num(%v) = %v", f, got)
		}
	}
	if got := Num(math.Copysign(0, -1)); got.String() != lua.LNumber(math.Copysign(0, -1)).String() {
		t.Errorf("Num(-0) prints %q", got.String())
	}
	if got := Num(math.NaN()).(lua.LNumber); !math.IsNaN(float64(got)) {
		t.Errorf("Num(NaN) = %v", got)
	}
	var sink lua.LValue
	if n := testing.AllocsPerRun(100, func() {
		for f := -128; f <= 1024; f += 7 {
			sink = Num(f)
		}
	}); n != 0 {
		t.Errorf("%v allocations boxing small integers", n)
	}
	_ = sink
}

// TestReadResultAfterHead: every result shape reads after the head as it
// reads alone (the head copied, not shared), on the fast paths and the
// general one, errors included; and a flat list read after a head is one
// allocation, the record's whole attribute list.
func TestReadResultAfterHead(t *testing.T) {
	head := []tag.Attr{{Key: "who", Value: "Ada"}, {Key: "skill", Value: "Athletics"}}
	for _, src := range []string{
		`{ "resolution", "sum", "rolls", { 3, 17 }, "total", 20 }`,
		`{ { "resolution", "sum" }, { "total", 20 } }`,
		`{ name = "omen", attrs = { "sign", "crow", "count", 2 } }`,
		`{ { "rolls", { 1, nil, 3 } } }`, // the general path
		`{ "total", 1.5 }`,               // an error on the general path
		`{ "total", 3, "x", "y\n" }`,     // an error on the fast path
	} {
		alone, errA := ReadResult(luaValue(t, src))
		after, errB := ReadResultAfter(luaValue(t, src), head)
		if (errA == nil) != (errB == nil) || (errA != nil && errA.Error() != errB.Error()) {
			t.Errorf("%s: alone %v, after a head %v", src, errA, errB)
			continue
		}
		if errA != nil {
			continue
		}
		want := append(append([]tag.Attr{}, head...), alone.Attrs...)
		if after.Name != alone.Name || fmt.Sprint(after.Attrs) != fmt.Sprint(want) {
			t.Errorf("%s: after a head %+v, want %+v", src, after, want)
		}
		after.Attrs[0].Value = "changed"
		if head[0].Value != "Ada" {
			t.Fatalf("%s: the result shares the head's storage", src)
		}
	}
	L := lua.NewState()
	defer L.Close()
	tb := L.NewTable()
	for i := 0; i < 10; i++ {
		tb.Append(lua.LString(fmt.Sprintf("k%d", i)))
		tb.Append(lua.LString("v"))
	}
	if n := testing.AllocsPerRun(100, func() {
		if _, err := ReadResultAfter(tb, head); err != nil {
			t.Fatal(err)
		}
	}); n != 1 {
		t.Errorf("ReadResultAfter allocates %v times for ten pairs after a head; want 1 (the record's attributes)", n)
	}
}
