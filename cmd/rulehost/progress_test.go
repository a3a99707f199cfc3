package main

import (
	"strings"
	"testing"
	"time"
)

// TestProgressBar: the suite's bar counts cases, draws at most once per
// throttle (but always the first and the last case), estimates the time
// left at the pace so far, and Clear blanks its line.
func TestProgressBar(t *testing.T) {
	var out strings.Builder
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := newProgress(&out, 4, func() time.Time { return clock })

	clock = clock.Add(time.Second)
	p.Add() // first: drawn
	if got := out.String(); !strings.Contains(got, "(1/4)") || !strings.Contains(got, " 25%") || !strings.Contains(got, "[1s:3s]") {
		t.Fatalf("after one case of four in 1s: %q", got)
	}
	out.Reset()
	clock = clock.Add(10 * time.Millisecond)
	p.Add() // within the throttle: not drawn
	if out.Len() != 0 {
		t.Errorf("drawn again within 100ms: %q", out.String())
	}
	clock = clock.Add(200 * time.Millisecond)
	p.Add()
	if got := out.String(); !strings.Contains(got, "(3/4)") || !strings.HasPrefix(got, "\r\x1b[K") {
		t.Errorf("third case past the throttle: %q", got)
	}
	out.Reset()
	p.Clear()
	if out.String() != "\r\x1b[K" {
		t.Errorf("Clear wrote %q", out.String())
	}
	out.Reset()
	p.Add() // the last: drawn whatever the throttle
	if got := out.String(); !strings.Contains(got, "(4/4)") || !strings.Contains(got, "100%") || !strings.Contains(got, strings.Repeat("█", barWidth)) {
		t.Errorf("last case: %q", got)
	}
}
