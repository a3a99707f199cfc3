package serve

import (
	"reflect"
	"testing"

	"github.com/rulehost/rulehost/engine/jsonin"
)

var fastSeeds = []string{
	`{"bundled":"d20-5e","bundledSheets":["ada"],"tag":"` + athletics + `","seed":7}`,
	`{"tag":"[roll_dice: dice=\"4d6kh3\"]","seed":18446744073709551615}`,
	`{"tag":"x","seed":18446744073709551616}`,
	`{"tag":"x","repeat":-3,"bundledSheets":[]}`,
	`{"tag":"\u00e9\ud83d\ude00\n","bundled":"a"}`,
	`{"TAG":"x"}`,
	`{"tag":null}`,
	`{"seed":1.0}`,
	`{"seed":1e3}`,
	`{"seed":-1}`,
	`{"bundledSheets":["a",1]}`,
	`{"ruleset":{},"tag":"x"}`,
	` { "tag" : "x" , "seed" : 2 } `,
	`{}`,
	`{"tag":"x","tag":"y"}`,
	`{"tag":"\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00"}`,
	`{"tag":"\ud83d"}`,
	`{"tag":"\ude00\ud83d"}`,
	`{"tag":"\ud83d\u0041"}`,
	`{"tag":"\uFFFD\u0000"}`,
}

// TestFastDecodeAgrees: on the seeds, whatever the fast decoder takes it
// decodes as the general decoder does (the fuzz target does the same on
// any input).
func TestFastDecodeAgrees(t *testing.T) {
	took := 0
	for _, s := range fastSeeds {
		if agree(t, []byte(s)) {
			took++
		}
	}
	if took < 5 {
		t.Errorf("the fast decoder took %d of the seeds; it should take the plain ones", took)
	}
	var req checkRequest
	if !fastCheckRequest([]byte(fastSeeds[0]), &req) || req.Tag != `[skill_check: skill="Athletics" dc="15" mode="advantage"]` || req.Seed != 7 || req.Bundled != "d20-5e" || len(req.BundledSheets) != 1 {
		t.Errorf("the usual check request: %+v", req)
	}
	esc := checkRequest{}
	if !fastCheckRequest([]byte(`{"tag":"\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00"}`), &esc) || esc.Tag != "\"\\/\b\f\n\r\tAé€😀" {
		t.Errorf("escapes: %q", esc.Tag)
	}
}

// agree decodes data both ways and fails when the fast decoder took it
// but decoded something else than the general one (or the general one
// refused it).
func agree(t *testing.T, data []byte) bool {
	if jsonin.Check(data) != nil {
		return false
	}
	var fast, general checkRequest
	took := fastCheckRequest(data, &fast)
	if took {
		if err := jsonin.Unmarshal(data, &general); err != nil {
			t.Fatalf("%s: taken by the fast decoder, refused by the general one: %v", data, err)
		}
		if !reflect.DeepEqual(fast, general) {
			t.Fatalf("%s:\nfast    %#v\ngeneral %#v", data, fast, general)
		}
	}
	var fastR, generalR rollRequest
	if fastRollRequest(data, &fastR) {
		if err := jsonin.Unmarshal(data, &generalR); err != nil {
			t.Fatalf("%s: roll taken by the fast decoder, refused by the general one: %v", data, err)
		}
		if !reflect.DeepEqual(fastR, generalR) {
			t.Fatalf("%s: roll:\nfast    %#v\ngeneral %#v", data, fastR, generalR)
		}
	}
	return took
}

func FuzzFastDecode(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { agree(t, []byte(s)) })
}
