package record

import (
	"encoding/json"
	"testing"
)

var benchRecord, _ = Parse(`[check: who="Ada Quickhand" skill="Athletics" resolution="sum" dice="1d20" mode="advantage" rolls="1,13" kept="13" modifier="5" total="18" dc="15" outcome="Success" success="true"]`)

// BenchmarkAppendJSON is the hand-written JSON form of a check record.
func BenchmarkAppendJSON(b *testing.B) {
	var buf []byte
	for b.Loop() {
		buf = benchRecord.AppendJSON(buf[:0])
	}
}

// BenchmarkReflectJSON is the same form through encoding/json, per key and
// value, as MarshalJSON did before (for the ratio).
func BenchmarkReflectJSON(b *testing.B) {
	for b.Loop() {
		var out []byte
		out = append(out, `{"tag":`...)
		k, _ := json.Marshal(benchRecord.Name)
		out = append(out, k...)
		out = append(out, `,"attrs":[`...)
		for i, a := range benchRecord.Attrs {
			if i > 0 {
				out = append(out, ',')
			}
			kb, _ := json.Marshal(a.Key)
			vb, _ := json.Marshal(a.Value)
			out = append(out, '[')
			out = append(out, kb...)
			out = append(out, ',')
			out = append(out, vb...)
			out = append(out, ']')
		}
		_ = append(out, "]}"...)
	}
}

// TestAppendJSONAgreesWithEncodingJSON: the hand-written form decodes to
// the same record.
func TestAppendJSONAgreesWithEncodingJSON(t *testing.T) {
	r := New("check")
	r.Add("who", "A \"quoted\" <name> & \\ \n\t\x01 é")
	var back Record
	if err := json.Unmarshal(r.AppendJSON(nil), &back); err != nil || back.String() != r.String() {
		t.Fatalf("%v: %s", err, back)
	}
}
