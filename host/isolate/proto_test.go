package isolate

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"strings"
	"testing"
)

// TestFrames: a frame round-trips, and the reader refuses a frame over
// MaxFrame before allocating it, and a truncated one.
func TestFrames(t *testing.T) {
	var buf bytes.Buffer
	in := response{Op: "roll", Sides: 6}
	if err := writeFrame(&buf, in); err != nil {
		t.Fatal(err)
	}
	var out response
	if err := readFrame(&buf, &out); err != nil || !reflect.DeepEqual(in, out) {
		t.Fatalf("round trip: %+v %v", out, err)
	}
	huge := binary.BigEndian.AppendUint32(nil, MaxFrame+1)
	if err := readFrame(bytes.NewReader(huge), &out); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("oversized frame: %v", err)
	}
	short := append(binary.BigEndian.AppendUint32(nil, 10), '{')
	if err := readFrame(bytes.NewReader(short), &out); err == nil {
		t.Error("a truncated frame was read")
	}
	if err := writeFrame(&buf, strings.Repeat("x", MaxFrame)); err == nil {
		t.Error("an oversized frame was written")
	}
}

// FuzzFrames: no byte stream makes the frame reader panic or allocate
// past MaxFrame, whichever side reads it; what a reader accepts encodes
// back to a frame that reads the same.
func FuzzFrames(f *testing.F) {
	frame := func(s string) []byte { return append(binary.BigEndian.AppendUint32(nil, uint32(len(s))), s...) }
	f.Add(frame(`{"op":"done","record":{"tag":"check","attrs":[["who","Ada"]]}}`))
	f.Add(frame(`{"op":"resolve","check":{"tag":{"Name":"skill_check","Attrs":null},"override":-1}}`))
	f.Add(frame(`{"op":"roll","sides":6}`))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff})
	f.Add(frame(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var req request
		if err := readFrame(bytes.NewReader(data), &req); err == nil {
			var buf bytes.Buffer
			if err := writeFrame(&buf, req); err != nil {
				return // e.g. a value JSON cannot hold; refused, not a panic
			}
			var back request
			if err := readFrame(&buf, &back); err != nil {
				t.Fatalf("a request that read once does not read back: %v", err)
			}
		}
		var resp response
		readFrame(bytes.NewReader(data), &resp)
	})
}
