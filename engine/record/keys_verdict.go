package record

import "fmt"

func init() {
	RegisterInvariant("check", checkPlainVerdict)
}

// checkPlainVerdict holds success= to the plain comparison when nothing
// else decided it: no outcome band, no critical, no automatic failure. A
// summed record (resolution="sum", not symbol dice, whose total is net
// successes against needed ones) succeeds when total reaches dc; a pool
// (resolution="pool") when its successes reach dc. Roll-against records
// are held by their own invariant (at-most or at-least). Native and
// plugin records alike pass here, so a plugin cannot report a success
// its own numbers deny.
func checkPlainVerdict(r Record) error {
	s, ok := r.Bool("success")
	if !ok || r.Has("outcome") || r.Has("critical") || r.Value("automatic") == "true" {
		return nil
	}
	dc, hasDC := r.Int("dc")
	if !hasDC {
		return nil
	}
	var got int
	var have bool
	switch r.Value("resolution") {
	case "sum":
		if r.Has("symbols") {
			return nil
		}
		got, have = r.Int("total")
	case "pool":
		got, have = r.Int("successes")
	default:
		return nil
	}
	if have && s != (got >= dc) {
		return fmt.Errorf("success=%v, but %d against dc %d says %v", s, got, dc, got >= dc)
	}
	return nil
}
