package jsonin

import (
	"strings"
	"testing"
)

// TestCheckAllocatesLittle: Check only checks, so it copies none of the
// names, strings and numbers it reads (a check request's body was 13 of
// its allocations, issue 31), and still refuses what it refused, with the
// member's pointer: a view of the input never reaches an error.
func TestCheckAllocatesLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	body := []byte(`{"bundled":"d20-5e","bundledSheets":["ada","bram"],"tag":"[skill_check: skill=\"Athletics\" dc=\"15\"]","seed":1000007,"repeat":2}`)
	if n := testing.AllocsPerRun(100, func() {
		if err := Check(body); err != nil {
			t.Fatal(err)
		}
	}); n > 1 {
		t.Fatalf("Check allocates %v times for a request body, want at most 1", n)
	}
	dup := []byte(`{"bundled":"a","inner":{"x\/y":1,"x\/y":2}}`)
	err := Check(dup)
	if err == nil || !strings.Contains(err.Error(), `"x/y"`) {
		t.Fatalf("duplicate escaped key: %v", err)
	}
	dup2 := []byte(`{"abc":1,"abc":2}`)
	err = Check(dup2)
	copy(dup2, `{"zzz":1,"zzz":2}`) // the error holds its own text, not a view of the input
	if err == nil || !strings.Contains(err.Error(), `"abc"`) || strings.Contains(err.Error(), "zzz") {
		t.Fatalf("duplicate key: %v", err)
	}
	bad := []byte(`{"sheets":[{"name":"a"},{"name":"b","x":tru}]}`)
	err = Check(bad)
	var je *Error
	if !asError(err, &je) || je.Pointer != "/sheets/1/x" {
		t.Fatalf("pointer of a bad value: %v", err)
	}
	copy(bad, strings.Repeat("#", len(bad)))
	if je.Pointer != "/sheets/1/x" {
		t.Fatalf("the pointer changed with the input: %q", je.Pointer)
	}
}

func asError(err error, je **Error) bool {
	e, ok := err.(*Error)
	*je = e
	return ok
}
