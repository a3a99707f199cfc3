package bridge_test

import (
	"context"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestViewsAllocateOnce: a tag view with its attrs, and a sheet view, are
// one allocation each (they were three and two: the userdata, the Go
// view, the attrs' userdata at every read), reading a tag's attrs twice
// gives the same object, and dice.pool allocates its table and nothing
// else (its faces went through a buffer that escaped, 128 bytes a pool).
// The views still answer, and still die with their call.
func TestViewsAllocateOnce(t *testing.T) {
	sb, st := bridged(t)
	ada := tinySheet(t)
	tg, err := tag.Parse(`[skill_check: skill="Climb" dc="12"]`)
	if err != nil {
		t.Fatal(err)
	}
	read, err := sb.Load("read.lua", `return function(t, s)
		local a = t.attrs
		return a.dc, a == t.attrs, s:name()
	end`)
	if err != nil {
		t.Fatal(err)
	}
	st.Begin(nil, nil)
	tv, sv := st.Tag(tg), st.Sheet(ada)
	rets, err := sb.Call(context.Background(), nil, read, tv, sv)
	st.End()
	if err != nil || len(rets) != 3 || rets[0].String() != "12" || rets[1] != lua.LTrue || rets[2].String() != "Ada" {
		t.Fatalf("views read %v, %v", rets, err)
	}
	st.Begin(nil, nil)
	if _, err := sb.Call(context.Background(), nil, read, tv, sv); err == nil {
		t.Error("a tag view answered after its call ended")
	}
	st.End()
	if n := testing.AllocsPerRun(100, func() { _ = st.Tag(tg) }); n != 1 {
		t.Errorf("a tag view allocates %v times; want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = st.Sheet(ada) }); n != 1 {
		t.Errorf("a sheet view allocates %v times; want 1", n)
	}

	pool, err := sb.Load("pool.lua", `return function() return dice.pool(10, 10) end`)
	if err != nil {
		t.Fatal(err)
	}
	stream := &dice.Seeded{}
	call := func() {
		st.Begin(stream, nil)
		defer st.End()
		if _, err := sb.Call(context.Background(), stream, pool); err != nil {
			t.Fatal(err)
		}
	}
	call()
	base, err := sb.Load("base.lua", `return function() return {} end`)
	if err != nil {
		t.Fatal(err)
	}
	empty := testing.AllocsPerRun(100, func() {
		if _, err := sb.Call(context.Background(), nil, base); err != nil {
			t.Fatal(err)
		}
	})
	if n := testing.AllocsPerRun(100, call); n > empty+1 {
		t.Errorf("a call of dice.pool(10, 10) allocates %v times, one returning {} %v; want one more (its table)", n, empty)
	}
}
