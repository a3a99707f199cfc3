package odds

import (
	"fmt"
	"html"
	"math"
	"sort"
	"strings"
)

// Row is one line of a chart: a label and one probability per series
// (one for a distribution, two for --vs).
type Row struct {
	Label string
	P     []float64
}

// Rows turns results into chart rows: every outcome of any result, best
// band first, with each result's probability (0 where it lacks it).
func Rows(results ...Result) []Row {
	var rows []Row
	var ranks []int
	at := map[string]int{}
	for i, r := range results {
		for _, o := range r.Outcomes {
			name := o.Name()
			j, ok := at[name]
			if !ok {
				j = len(rows)
				at[name] = j
				rows = append(rows, Row{Label: name, P: make([]float64, len(results))})
				ranks = append(ranks, o.rank)
			}
			rows[j].P[i] += o.P
		}
	}
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return ranks[idx[a]] < ranks[idx[b]] })
	out := make([]Row, len(rows))
	for i, j := range idx {
		out[i] = rows[j]
	}
	return out
}

// eighths are the Unicode left blocks from one eighth to seven eighths.
var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// Bar draws p (0..1) as a bar of up to width cells: Unicode blocks with
// eighths, or '#' and a final '+' for a remainder of half a cell or more
// with ascii.
func Bar(p float64, width int, ascii bool) string {
	p = math.Max(0, math.Min(1, p))
	cells := p * float64(width)
	full := int(cells)
	rest := cells - float64(full)
	if ascii {
		s := strings.Repeat("#", full)
		if rest >= 0.5 {
			s += "+"
		}
		return s
	}
	s := strings.Repeat("█", full)
	if e := int(rest * 8); e > 0 && full < width {
		s += eighths[e]
	}
	return s
}

// Percent prints a probability as a percentage with two decimals, or
// with more digits when it is below 0.01% but not zero.
func Percent(p float64) string {
	switch {
	case p == 0:
		return "0%"
	case p < 0.0001:
		return fmt.Sprintf("%.2g%%", 100*p)
	}
	return fmt.Sprintf("%.2f%%", 100*p)
}

// Chart draws rows as a bar chart: each row's label, then for each series
// its percentage and bar (width cells at 100%).
func Chart(rows []Row, series []string, width int, ascii bool) string {
	lw := 0
	for _, r := range rows {
		lw = max(lw, len([]rune(r.Label)))
	}
	var b strings.Builder
	if len(series) > 1 {
		fmt.Fprintf(&b, "%-*s", lw, "")
		for _, s := range series {
			fmt.Fprintf(&b, "  %-*s", width+9, truncate(s, width+9))
		}
		b.WriteString("\n")
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "%s%s", r.Label, strings.Repeat(" ", lw-len([]rune(r.Label))))
		for i, p := range r.P {
			bar := Bar(p, width, ascii)
			fmt.Fprintf(&b, "  %8s ", Percent(p))
			if i < len(r.P)-1 {
				bar += strings.Repeat(" ", width-len([]rune(bar)))
			}
			b.WriteString(bar)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// SweepPoint is the chance of success at one value of a swept attribute.
type SweepPoint struct {
	Value   int     `json:"value"`
	Success float64 `json:"success"`
	Exact   bool    `json:"exact"`
}

// SweepChart draws a sweep as one bar per value.
func SweepChart(attr string, pts []SweepPoint, width int, ascii bool) string {
	rows := make([]Row, len(pts))
	for i, p := range pts {
		rows[i] = Row{Label: fmt.Sprintf("%s=%d", attr, p.Value), P: []float64{p.Success}}
	}
	return Chart(rows, nil, width, ascii)
}

var seriesColors = []string{"#3b6ea5", "#d9822b"}

// SVGBars draws rows as horizontal bars, one colour per series, with a
// percentage axis, gridlines, a label per row and each bar's percentage.
func SVGBars(title string, rows []Row, series []string) []byte {
	const left, right, top, barH, gap, plotW = 260.0, 90.0, 56.0, 18.0, 10.0, 420.0
	n := max(1, len(series))
	rowH := float64(n)*barH + gap
	h := top + float64(len(rows))*rowH + 50
	w := left + plotW + right
	var b strings.Builder
	svgHead(&b, w, h, title)
	axisX := func(p float64) float64 { return left + p*plotW }
	plotBottom := top + float64(len(rows))*rowH
	for t := 0; t <= 100; t += 20 {
		x := axisX(float64(t) / 100)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", x, top-6, x, plotBottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="12">%d%%</text>`+"\n", x, plotBottom+18, t)
	}
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>`+"\n", left, plotBottom, left+plotW, plotBottom)
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>`+"\n", left, top-6, left, plotBottom)
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="12">probability</text>`+"\n", left+plotW/2, plotBottom+38)
	for i, r := range rows {
		y0 := top + float64(i)*rowH
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" font-size="13">%s</text>`+"\n", left-8, y0+float64(n)*barH/2+4, html.EscapeString(r.Label))
		for j, p := range r.P {
			y := y0 + float64(j)*barH
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.2f" height="%.1f" fill="%s"/>`+"\n", left, y+1, p*plotW, barH-2, seriesColors[j%len(seriesColors)])
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="12">%s</text>`+"\n", axisX(p)+4, y+barH-5, Percent(p))
		}
	}
	if len(series) > 1 {
		for j, s := range series {
			x := left + float64(j)*(plotW/2)
			fmt.Fprintf(&b, `<rect x="%.1f" y="34" width="12" height="12" fill="%s"/><text x="%.1f" y="44" font-size="12">%s</text>`+"\n",
				x, seriesColors[j%len(seriesColors)], x+16, html.EscapeString(truncate(s, 60)))
		}
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// SVGCurve draws a sweep: the chance of success (y, 0..100%) along the
// swept attribute (x), with axes, ticks and each point's percentage.
func SVGCurve(title, attr string, pts []SweepPoint) []byte {
	const left, top, plotW, plotH = 70.0, 50.0, 560.0, 300.0
	w, h := left+plotW+40, top+plotH+60
	var b strings.Builder
	svgHead(&b, w, h, title)
	if len(pts) == 0 {
		b.WriteString("</svg>\n")
		return []byte(b.String())
	}
	lo, hi := pts[0].Value, pts[len(pts)-1].Value
	span := float64(max(1, hi-lo))
	xAt := func(v int) float64 { return left + float64(v-lo)/span*plotW }
	yAt := func(p float64) float64 { return top + (1-p)*plotH }
	for t := 0; t <= 100; t += 20 {
		y := yAt(float64(t) / 100)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", left, y, left+plotW, y)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" font-size="12">%d%%</text>`+"\n", left-6, y+4, t)
	}
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>`+"\n", left, top, left, top+plotH)
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>`+"\n", left, top+plotH, left+plotW, top+plotH)
	step := max(1, len(pts)/12)
	var path strings.Builder
	for i, p := range pts {
		x, y := xAt(p.Value), yAt(p.Success)
		if i == 0 {
			fmt.Fprintf(&path, "M%.1f %.1f", x, y)
		} else {
			fmt.Fprintf(&path, " L%.1f %.1f", x, y)
		}
		if i%step == 0 || i == len(pts)-1 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="12">%d</text>`+"\n", x, top+plotH+18, p.Value)
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10">%s</text>`+"\n", x, y-8, Percent(p.Success))
		}
	}
	fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", path.String(), seriesColors[0])
	for _, p := range pts {
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", xAt(p.Value), yAt(p.Success), seriesColors[0])
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="13">%s</text>`+"\n", left+plotW/2, top+plotH+42, html.EscapeString(attr))
	fmt.Fprintf(&b, `<text x="16" y="%.1f" font-size="13" transform="rotate(-90 16 %.1f)" text-anchor="middle">chance of success</text>`+"\n", top+plotH/2, top+plotH/2)
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

func svgHead(b *strings.Builder, w, h float64, title string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`+"\n", w, h, w, h)
	fmt.Fprintf(b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(b, `<text x="12" y="22" font-size="14" font-weight="bold">%s</text>`+"\n", html.EscapeString(truncate(title, 110)))
}
