package bridge

import (
	"math"
	"sync"

	lua "github.com/yuin/gopher-lua"
)

// The numbers a plugin call hands Lua most (faces, counts, sheet numbers,
// indexes) are boxed once: converting a lua.LNumber to a lua.LValue
// allocates eight bytes each time, and a 10-die pool's faces were ten of
// an opposed roll's allocations.
const numLo, numHi = -128, 1024

// smallNums is built on first use, not at package init (a command that
// runs no plugin pays nothing).
var smallNums = sync.OnceValue(func() *[numHi - numLo + 1]lua.LValue {
	var t [numHi - numLo + 1]lua.LValue
	for i := range t {
		t[i] = lua.LNumber(i + numLo)
	}
	return &t
})

// Num is n as a Lua value: a shared box for an integer in -128..1024 (not
// -0, which prints apart), a new one otherwise.
func Num[N int | float64](n N) lua.LValue {
	if n >= numLo && n <= numHi {
		if i := int(n); N(i) == n && !(i == 0 && math.Signbit(float64(n))) {
			return smallNums()[i-numLo]
		}
	}
	return lua.LNumber(n)
}
