package sandbox

import (
	"math/rand/v2"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatch8WalkAsNext: third_party patch 8's LTable.Walk visits exactly
// the entries next visits, in the same order, on tables built by random
// writes (array part, string keys, integer keys past the array, numbers
// that are not integers, deletions and keys set again), and stops when
// asked to.
func TestPatch8WalkAsNext(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	r := rand.New(rand.NewPCG(8, 8))
	for round := 0; round < 300; round++ {
		tb := L.NewTable()
		for w := 0; w < r.IntN(40); w++ {
			var k lua.LValue
			switch r.IntN(4) {
			case 0:
				k = lua.LNumber(r.IntN(12) + 1) // the array part
			case 1:
				k = lua.LString(string(rune('a' + r.IntN(12))))
			case 2:
				k = lua.LNumber(1000 + r.IntN(5)) // sparse: the hash part
			default:
				k = lua.LNumber(float64(r.IntN(5)) + 0.5)
			}
			var v lua.LValue = lua.LNumber(w)
			if r.IntN(4) == 0 {
				v = lua.LNil // a deletion
			}
			tb.RawSet(k, v)
		}
		var next, walk []lua.LValue
		for k, v := tb.Next(lua.LNil); k != lua.LNil; k, v = tb.Next(k) {
			next = append(next, k, v)
		}
		tb.Walk(func(index int, k, v lua.LValue) bool {
			if k == nil {
				k = lua.LNumber(index)
			}
			walk = append(walk, k, v)
			return true
		})
		if len(next) != len(walk) {
			t.Fatalf("round %d: next gives %d entries, Walk %d", round, len(next)/2, len(walk)/2)
		}
		for i := range next {
			if next[i] != walk[i] {
				t.Fatalf("round %d: entry %d: next %v, Walk %v", round, i/2, next[i], walk[i])
			}
		}
		if len(next) > 2 {
			n := 0
			tb.Walk(func(int, lua.LValue, lua.LValue) bool { n++; return false })
			if n != 1 {
				t.Fatalf("round %d: Walk went on after false: %d calls", round, n)
			}
		}
	}
}

// TestPatch8WalkAllocatesNothing: over an array part and string keys,
// Walk allocates nothing, where next boxed every array index.
func TestPatch8WalkAllocatesNothing(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	tb := L.NewTable()
	for _, k := range []string{"print", "pairs", "string", "table", "rulehost", "dice"} {
		tb.RawSetString(k, lua.LTrue)
	}
	for i := 1; i <= 4; i++ {
		tb.RawSetInt(i, lua.LNumber(i*10))
	}
	n := 0
	if a := testing.AllocsPerRun(100, func() { tb.Walk(func(int, lua.LValue, lua.LValue) bool { n++; return true }) }); a != 0 {
		t.Errorf("Walk allocates %.0f times", a)
	}
}
