package validate

import "testing"

// ReadObjects reports a non-object element at its own pointer, leaves
// out what its reader refuses and keeps the order of the rest.
func TestReadObjects(t *testing.T) {
	var p Problems
	o := Obj{P: &p, At: "/x", M: map[string]any{}}
	arr := []any{map[string]any{"n": 1.0}, "word", map[string]any{}, map[string]any{"n": 3.0}}
	got := ReadObjects(&p, o, "plus", arr, func(e Obj) (int, bool) {
		n, ok := e.M["n"].(float64)
		return int(n), ok
	})
	if len(got) != 2 || got[0] != 1 || got[1] != 3 {
		t.Errorf("got %v; want [1 3]", got)
	}
	if p.Len() != 1 || p.List[0].Pointer != "/x/plus/1" {
		t.Errorf("problems %+v; want one at /x/plus/1", p.List)
	}
	if none := ReadObjects(&p, o, "plus", nil, func(Obj) (int, bool) { return 0, true }); none != nil {
		t.Errorf("no elements gave %v; want nil", none)
	}
}
