package odds

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// MaxSweep bounds how many values one sweep reads.
const MaxSweep = 501

// ParseSweep reads "dc=5..25": a tag attribute and an inclusive integer
// range, at most MaxSweep values, lo <= hi.
func ParseSweep(s string) (attr string, lo, hi int, err error) {
	attr, rng, ok := strings.Cut(s, "=")
	attr = strings.TrimSpace(attr)
	if !ok || attr == "" {
		return "", 0, 0, fmt.Errorf("sweep %q: want ATTR=LO..HI, like dc=5..25", s)
	}
	a, b, ok := strings.Cut(rng, "..")
	if !ok {
		return "", 0, 0, fmt.Errorf("sweep %q: want a range LO..HI after =", s)
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	switch {
	case err1 != nil || err2 != nil:
		return "", 0, 0, fmt.Errorf("sweep %q: LO and HI must be integers", s)
	case lo > hi:
		return "", 0, 0, fmt.Errorf("sweep %q: LO %d is above HI %d", s, lo, hi)
	case hi-lo+1 > MaxSweep:
		return "", 0, 0, fmt.Errorf("sweep %q: %d values; at most %d", s, hi-lo+1, MaxSweep)
	}
	return attr, lo, hi, nil
}

// Sweep is the chance of success of t with attribute attr set to each of
// lo..hi in turn (the tag's own value replaced).
func Sweep(rs *ruleset.Ruleset, chars []*sheet.Character, t tag.Tag, attr string, lo, hi int, opts Options) ([]SweepPoint, error) {
	var pts []SweepPoint
	for v := lo; v <= hi; v++ {
		r, err := Check(rs, chars, WithAttr(t, attr, strconv.Itoa(v)), opts)
		if err != nil {
			return nil, fmt.Errorf("%s=%d: %w", attr, v, err)
		}
		pts = append(pts, SweepPoint{Value: v, Success: r.Success, Exact: r.Exact})
	}
	return pts, nil
}

// WithAttr is a copy of t with key set to value.
func WithAttr(t tag.Tag, key, value string) tag.Tag {
	c := t
	c.Attrs = append([]tag.Attr(nil), t.Attrs...)
	c.Set(key, value)
	return c
}
