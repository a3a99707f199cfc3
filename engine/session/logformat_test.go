package session

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// sampleLog is three events of format 2, the middle one a player action.
func sampleLog() []byte {
	var b []byte
	b = AppendLine(b, Event{Seq: 1, Kind: GMReply, Text: `You find rope. [inventory: action="add" item="Rope" count="2"]`}, false)
	b = AppendLine(b, Event{Seq: 2, Kind: PlayerAction, Text: "Tamsin \"sneaks\"\n[skill_check: skill=\"Sneak\" dc=\"8\"]"}, false)
	b = AppendLine(b, Event{Seq: 3, Kind: GMReply, Text: `[inventory: action="add" item="Millstone"]`}, false)
	return b
}

func lineSpan(data []byte, n int) (int, int) {
	start := 0
	for i := 1; i < n; i++ {
		start += bytes.IndexByte(data[start:], '\n') + 1
	}
	return start, start + bytes.IndexByte(data[start:], '\n')
}

func wantLineError(t *testing.T, data []byte, line int, fragment string) {
	t.Helper()
	_, _, err := parseLog(data, CurrentFormat)
	var le *LineError
	if !errors.As(err, &le) {
		t.Fatalf("want a refusal at line %d (%s), got %v", line, fragment, err)
	}
	if le.Line != line || !strings.Contains(le.Msg, fragment) {
		t.Fatalf("want line %d %q, got line %d %q", line, fragment, le.Line, le.Msg)
	}
}

func TestLogRoundTrip(t *testing.T) {
	data := sampleLog()
	events, good, err := parseLog(data, CurrentFormat)
	if err != nil || len(events) != 3 || good != int64(len(data)) {
		t.Fatalf("%v %d %v", events, good, err)
	}
	if events[1].Text != "Tamsin \"sneaks\"\n[skill_check: skill=\"Sneak\" dc=\"8\"]" {
		t.Fatalf("text %q", events[1].Text)
	}
}

// The corruptions the issue found accepted: each is refused with its line
// number and what is wrong, never skipped.
func TestLogCorruptionRefused(t *testing.T) {
	data := sampleLog()
	s2, e2 := lineSpan(data, 2)
	_, e3 := lineSpan(data, 3)
	mid := func(line []byte) []byte {
		out := append([]byte(nil), data[:s2]...)
		out = append(out, line...)
		return append(out, data[e2:]...)
	}
	t.Run("garbage after the object", func(t *testing.T) {
		wantLineError(t, mid(append(append([]byte(nil), data[s2:e2]...), " x"...)), 2, "garbage after the event")
	})
	t.Run("unknown kind", func(t *testing.T) {
		line := AppendLine(nil, Event{Seq: 2, Kind: "xplayer", Text: "hi"}, false)
		wantLineError(t, mid(line[:len(line)-1]), 2, `unknown kind "xplayer"`)
	})
	t.Run("invalid UTF-8", func(t *testing.T) {
		line := append([]byte(nil), data[s2:e2]...)
		i := bytes.Index(line, []byte("Tamsin"))
		line[i+3] = 0xff
		wantLineError(t, mid(line), 2, "invalid UTF-8 at byte")
	})
	t.Run("missing newline between the last two lines", func(t *testing.T) {
		out := append([]byte(nil), data[:e2]...)
		out = append(out, data[e2+1:]...)
		wantLineError(t, out, 2, "the newline after byte")
	})
	t.Run("empty line", func(t *testing.T) {
		out := append([]byte(nil), data[:s2]...)
		out = append(out, '\n')
		out = append(out, data[s2:]...)
		wantLineError(t, out, 2, "empty")
	})
	t.Run("duplicate key", func(t *testing.T) {
		line := []byte(`{"seq":2,"seq":2,"kind":"gm","text":"x","crc":"00000000"}`)
		wantLineError(t, mid(line), 2, "duplicate key")
	})
	t.Run("seq out of order", func(t *testing.T) {
		line := AppendLine(nil, Event{Seq: 5, Kind: GMReply, Text: "x"}, false)
		wantLineError(t, mid(line[:len(line)-1]), 2, "seq 5 where 2 belongs")
	})
	t.Run("no crc", func(t *testing.T) {
		wantLineError(t, mid([]byte(`{"seq":2,"kind":"gm","text":"x"}`)), 2, `missing member "crc"`)
	})
	t.Run("not canonical", func(t *testing.T) {
		line := AppendLine(nil, Event{Seq: 2, Kind: GMReply, Text: "x"}, false)
		spaced := bytes.Replace(line[:len(line)-1], []byte(`"seq":2`), []byte(`"seq": 2`), 1)
		wantLineError(t, mid(spaced), 2, "canonical")
	})
	t.Run("last newline damaged", func(t *testing.T) {
		out := append([]byte(nil), data...)
		out[e3] = 0x0b
		wantLineError(t, out, 3, "where its newline belongs")
	})
}

// Every single-bit flip of every byte of a middle line, and of the last
// line (its newline included), is refused: CRC-32C catches every one-bit
// error, and the framing catches the rest.
func TestLogEveryBitFlipRefused(t *testing.T) {
	data := sampleLog()
	for _, n := range []int{2, 3} {
		s, e := lineSpan(data, n)
		flips := 0
		for i := s; i <= e; i++ {
			for bit := 0; bit < 8; bit++ {
				out := append([]byte(nil), data...)
				out[i] ^= 1 << bit
				events, _, err := parseLog(out, CurrentFormat)
				if err == nil {
					t.Fatalf("line %d: flipping bit %d of byte %d (%q) was accepted: %d events", n, bit, i-s, data[i], len(events))
				}
				var le *LineError
				if !errors.As(err, &le) || le.Line < n || le.Line > n+1 {
					t.Fatalf("line %d byte %d bit %d: refused as %v", n, i-s, bit, err)
				}
				flips++
			}
		}
		t.Logf("line %d: %d flips, all refused", n, flips)
	}
}

// A torn tail and a batch cut short are not part of the session; nothing
// before them is lost.
func TestLogTornTailAndOpenBatch(t *testing.T) {
	data := sampleLog()
	torn := append(append([]byte(nil), data...), `{"seq":4,"kind":"gm","te`...)
	events, good, err := parseLog(torn, CurrentFormat)
	if err != nil || len(events) != 3 || good != int64(len(data)) {
		t.Fatalf("torn: %d events, good %d, %v", len(events), good, err)
	}
	batch := append([]byte(nil), data...)
	batch = AppendLine(batch, Event{Seq: 4, Kind: GMReply, Text: "a"}, true)
	batch = AppendLine(batch, Event{Seq: 5, Kind: GMReply, Text: "b"}, true)
	events, good, err = parseLog(batch, CurrentFormat)
	if err != nil || len(events) != 3 || good != int64(len(data)) {
		t.Fatalf("open batch: %d events, good %d, %v", len(events), good, err)
	}
	closed := AppendLine(batch, Event{Seq: 6, Kind: GMReply, Text: "c"}, false)
	events, good, err = parseLog(closed, CurrentFormat)
	if err != nil || len(events) != 6 || good != int64(len(closed)) {
		t.Fatalf("closed batch: %d events, good %d, %v", len(events), good, err)
	}
}

// FuzzReadLog: the log reader never panics, and what it accepts is
// exactly its committed prefix, which reads back the same.
func FuzzReadLog(f *testing.F) {
	f.Add(sampleLog())
	f.Add(append(sampleLog(), `{"seq":4`...))
	f.Add(AppendLine(AppendLine(nil, Event{Seq: 1, Kind: GMReply, Text: "a"}, true), Event{Seq: 2, Kind: Regenerate, Text: "b"}, false))
	f.Add([]byte(`{"seq":1,"kind":"gm","text":"x","crc":"00000000"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, good, err := parseLog(data, CurrentFormat)
		if err != nil {
			return
		}
		if good > int64(len(data)) {
			t.Fatalf("good %d past the end %d", good, len(data))
		}
		again, good2, err := parseLog(data[:good], CurrentFormat)
		if err != nil || good2 != good || len(again) != len(events) {
			t.Fatalf("the committed prefix reads differently: %v", err)
		}
		for i, ev := range events {
			if ev.Seq != i+1 {
				t.Fatalf("seq %d at %d", ev.Seq, i)
			}
		}
	})
}

// The example line of docs/session.md is a real format 2 line (as event 1
// it would be; its seq is 3, so it is read as the third of a log).
func TestDocsExampleLine(t *testing.T) {
	doc, err := os.ReadFile("../../docs/session.md")
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(doc, []byte(`{"seq":3,`))
	if i < 0 {
		t.Fatal("no example line in docs/session.md")
	}
	line := doc[i : i+bytes.IndexByte(doc[i:], '\n')]
	if _, _, err := decodeLine(line, CurrentFormat); err != nil {
		t.Fatalf("docs/session.md example: %v", err)
	}
}

// fastLineCases are canonical lines of every shape (keys, batch marks,
// escapes, control characters, non-ASCII text) and lines near them that
// are not canonical.
func fastLineCases() [][]byte {
	evs := []Event{
		{Seq: 1, Kind: GMReply, Text: "plain"},
		{Seq: 12, Kind: PlayerAction, Text: `say "hi" \ back` + "\n\r\t\x01\x1f", Key: "turn-12"},
		{Seq: 345, Kind: Regenerate, Text: "Ünïcode ✓ [inventory: action=\"add\"]"},
		{Seq: 7, Kind: GMReply, Text: ""},
	}
	var out [][]byte
	for _, ev := range evs {
		for _, more := range []bool{false, true} {
			line := AppendLine(nil, ev, more)
			line = line[:len(line)-1]
			out = append(out, line)
			for _, edit := range []func([]byte) []byte{
				func(b []byte) []byte { return bytes.Replace(b, []byte(`"kind"`), []byte(`"kind" `), 1) },
				func(b []byte) []byte { return bytes.Replace(b, []byte(`{"seq":`), []byte(`{"seq":0`), 1) },
				func(b []byte) []byte { return bytes.Replace(b, []byte(`\n`), []byte(`\u000a`), 1) },
				func(b []byte) []byte { return bytes.Replace(b, []byte(`,"more":true`), nil, 1) },
				func(b []byte) []byte { c := append([]byte(nil), b...); c[len(c)-3] ^= 1; return c },
				func(b []byte) []byte { return append(append([]byte(nil), b...), ' ') },
				func(b []byte) []byte { return bytes.Replace(b, []byte(`"gm"`), []byte(`"GM"`), 1) },
			} {
				out = append(out, edit(line))
			}
		}
	}
	return out
}

// TestFastLineAgreesWithStrict: the fast path of decodeLine accepts a
// line only when the strict reader accepts it too, with the same event.
func TestFastLineAgreesWithStrict(t *testing.T) {
	canonical := 0
	for _, line := range fastLineCases() {
		ev, more, ok := fastLine(line)
		sev, smore, err := decodeLineStrict(line, CurrentFormat)
		if ok && (err != nil || ev != sev || more != smore) {
			t.Fatalf("%s: the fast path reads %+v (more %v), the strict one %+v (more %v, %v)", line, ev, more, sev, smore, err)
		}
		if !ok && err == nil && !bytes.Contains(line, []byte(`\u000a`)) {
			t.Errorf("%s: a canonical line left to the strict reader", line)
		}
		if err == nil {
			canonical++
		}
	}
	if canonical < 8 {
		t.Fatalf("only %d canonical lines among the cases", canonical)
	}
}

// FuzzFastLine: whatever line the fast path accepts, the strict reader
// accepts with the same event.
func FuzzFastLine(f *testing.F) {
	for _, line := range fastLineCases() {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		ev, more, ok := fastLine(line)
		if !ok {
			return
		}
		sev, smore, err := decodeLineStrict(line, CurrentFormat)
		if err != nil || ev != sev || more != smore {
			t.Fatalf("the fast path reads %+v (more %v), the strict one %+v (more %v, %v)", ev, more, sev, smore, err)
		}
	})
}
