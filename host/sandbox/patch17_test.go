package sandbox

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatch17SmallHashPartsAsMaps holds tables whose hash part is kept
// in its key order alone (up to 8 keys) to a model of what the maps did:
// on 400 tables built by random stores and deletions of string and other
// hash keys, across the 8-key switch to maps, every key reads its value,
// next visits the live keys in the order they were first set (a deleted
// key keeps its place, and takes it again when set again), ForEach and
// Walk see the same entries.
func TestPatch17SmallHashPartsAsMaps(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 17))
	L := lua.NewState()
	defer L.Close()
	other := []lua.LValue{lua.LNumber(0.5), lua.LNumber(-3), lua.LTrue, lua.LFalse, L.NewTable(), lua.LNumber(1e9)}
	for n := 0; n < 400; n++ {
		tb := L.CreateTable(0, r.IntN(12))
		var order []lua.LValue
		vals := map[lua.LValue]lua.LValue{}
		keys := 2 + r.IntN(14)
		for op := 0; op < 40; op++ {
			var k lua.LValue
			if r.IntN(3) == 0 {
				k = other[r.IntN(len(other))]
			} else {
				k = lua.LString(fmt.Sprintf("k%d", r.IntN(keys)))
			}
			var v lua.LValue = lua.LNumber(op)
			if r.IntN(4) == 0 {
				v = lua.LNil
			}
			if _, seen := vals[k]; !seen && v != lua.LNil {
				order = append(order, k)
			}
			if v == lua.LNil {
				if _, seen := vals[k]; seen {
					vals[k] = lua.LNil
				}
			} else {
				vals[k] = v
			}
			tb.RawSet(k, v)
		}
		var want []string
		for _, k := range order {
			if v := vals[k]; v != lua.LNil {
				want = append(want, fmt.Sprintf("%v=%v", k, v))
			}
			if got := tb.RawGet(k); got != vals[k] {
				t.Fatalf("table %d: [%v] = %v, want %v", n, k, got, vals[k])
			}
			if s, ok := k.(lua.LString); ok && tb.RawGetString(string(s)) != vals[k] {
				t.Fatalf("table %d: RawGetString(%v) = %v, want %v", n, k, tb.RawGetString(string(s)), vals[k])
			}
		}
		var got []string
		for k, v := tb.Next(lua.LNil); k != lua.LNil; k, v = tb.Next(k) {
			got = append(got, fmt.Sprintf("%v=%v", k, v))
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("table %d: next walks %v, want %v", n, got, want)
		}
		var walk []string
		tb.Walk(func(_ int, k, v lua.LValue) bool { walk = append(walk, fmt.Sprintf("%v=%v", k, v)); return true })
		each := map[string]bool{}
		tb.ForEach(func(k, v lua.LValue) { each[fmt.Sprintf("%v=%v", k, v)] = true })
		if fmt.Sprint(walk) != fmt.Sprint(want) || len(each) != len(want) {
			t.Fatalf("table %d: walk %v, for-each %v, want %v", n, walk, each, want)
		}
		for _, e := range want {
			if !each[e] {
				t.Fatalf("table %d: for-each misses %s", n, e)
			}
		}
	}
}

// TestPatch17SmallRecordTable: a record a tag handler returns, { name =
// ..., attrs = ... }, is the table, its key order, its values and the two
// keys' boxes (it was two maps more, with their groups: eight
// allocations and some 600 bytes more).
func TestPatch17SmallRecordTable(t *testing.T) {
	s, _ := load(t, Options{Name: "p17"}, `return {}`)
	rec, err := s.l.LoadString(`return { name = "opposed", attrs = 1 }`)
	if err != nil {
		t.Fatal(err)
	}
	base, err := s.l.LoadString(`return 1`)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	count := func(fn *lua.LFunction) float64 {
		return testing.AllocsPerRun(100, func() {
			if _, err := s.Call(ctx, nil, fn); err != nil {
				t.Fatal(err)
			}
		})
	}
	if a, b := count(rec), count(base); a > b+5 {
		t.Errorf("{ name = ..., attrs = ... } allocates %v times (return 1: %v); want at most 5 more", a, b)
	}
}
