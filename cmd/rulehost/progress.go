package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progress is the one-line bar `suite run` draws on a terminal: cases
// done of all, a bar, the time taken and the time left at this pace. It
// is drawn here rather than by a progress-bar library because the one
// used before linked net/http (and its initialisers) into every command
// of the light binary.
type progress struct {
	mu        sync.Mutex
	w         io.Writer
	total     int
	done      int
	start     time.Time
	lastDraw  time.Time
	now       func() time.Time
	drawnOnce bool
}

// barWidth is the bar's length in cells; throttle the least time between
// two redraws.
const (
	barWidth = 30
	throttle = 100 * time.Millisecond
)

func newProgress(w io.Writer, total int, now func() time.Time) *progress {
	t := now()
	return &progress{w: w, total: total, start: t, now: now}
}

// Add counts one finished case and redraws, at most once per throttle
// (always for the last case).
func (p *progress) Add() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if t := p.now(); !p.drawnOnce || p.done >= p.total || t.Sub(p.lastDraw) >= throttle {
		p.draw(t)
	}
}

// Clear blanks the bar's line, so a line printed next starts clean; the
// next Add draws the bar again below it.
func (p *progress) Clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r\x1b[K")
	p.drawnOnce = false
}

// draw writes the bar over the current line.
func (p *progress) draw(t time.Time) {
	done := min(p.done, p.total)
	filled := 0
	if p.total > 0 {
		filled = done * barWidth / p.total
	}
	elapsed := t.Sub(p.start)
	left := time.Duration(0)
	if done > 0 {
		left = elapsed * time.Duration(p.total-done) / time.Duration(done)
	}
	fmt.Fprintf(p.w, "\r\x1b[Kcases %3d%% |%s%s| (%d/%d) [%s:%s]", percent(done, p.total),
		strings.Repeat("█", filled), strings.Repeat(" ", barWidth-filled), done, p.total,
		elapsed.Round(time.Second), left.Round(time.Second))
	p.lastDraw, p.drawnOnce = t, true
}

func percent(done, total int) int {
	if total <= 0 {
		return 100
	}
	return done * 100 / total
}
