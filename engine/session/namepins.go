package session

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Pins by name (PluginRef with a Name and no Dir) are how a stored
// session says which plugins answered its log: the service pins them when
// it creates the session (service/serve), and whoever opens the session
// later (another server, a newer deployment, the CLI on a service/dirstore
// folder) compares them with the plugins it loaded. A plugin that changed,
// is gone, or now answers beside them could fold the same log to another
// state, so each is named and the session is refused until it is upgraded
// on purpose.

// PinByName pins loaded plugins by name alone, sorted by name, each with
// the content hash of its folder (HashDir, the hash a CLI session pins).
func PinByName(loaded []PluginPin) ([]PluginRef, error) {
	out := make([]PluginRef, 0, len(loaded))
	for _, p := range loaded {
		h, err := HashDir(p.Dir, "")
		if err != nil {
			return nil, fmt.Errorf("plugin %s: %w", p.Name, err)
		}
		out = append(out, PluginRef{Name: p.Name, Version: p.Version, Hash: h})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// ComparePins names how the plugins now (pinned the same way) differ from
// the pins a session recorded: each gone, changed or added plugin, in
// name order. Nothing when they agree.
func ComparePins(was, now []PluginRef) []string {
	old := map[string]PluginRef{}
	for _, p := range was {
		old[p.Name] = p
	}
	cur := map[string]PluginRef{}
	for _, p := range now {
		cur[p.Name] = p
	}
	names := make([]string, 0, len(old)+len(cur))
	for n := range old {
		names = append(names, n)
	}
	for n := range cur {
		if _, ok := old[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		o, hadIt := old[n]
		c, hasIt := cur[n]
		switch {
		case !hasIt:
			out = append(out, fmt.Sprintf("plugin %s %s (%s) answered its log and is not loaded here", shown(n), shown(o.Version), shown(short(o.Hash))))
		case !hadIt:
			out = append(out, fmt.Sprintf("plugin %s %s (%s) is loaded here and did not answer its log", shown(n), shown(c.Version), shown(short(c.Hash))))
		case o.Hash != c.Hash || o.Version != c.Version:
			out = append(out, fmt.Sprintf("plugin %s changed (%s %s here, was %s %s)", shown(n), shown(c.Version), shown(short(c.Hash)), shown(o.Version), shown(short(o.Hash))))
		}
	}
	return out
}

// shown is a stored pin's name, version or hash as a message prints it:
// as it is when it is a plain word (what a manifest and a hash give),
// else quoted with every control byte escaped and cut to 64 bytes, since
// a config may come from a store or a folder someone else wrote and its
// text reaches a terminal (the CLI's refusal) and a log.
func shown(s string) string {
	plain := len(s) <= 64
	for i := 0; plain && i < len(s); i++ {
		c := s[i]
		plain = c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte("._+-:^~=<>", c) >= 0
	}
	if plain {
		return s
	}
	if len(s) > 64 {
		s = s[:64] + "..."
	}
	return strconv.QuoteToASCII(s)
}

// CheckNamePins compares the config's pins by name with the plugins
// loaded now, by name: a pinned plugin that is not loaded or changed is
// named. A plugin loaded beside them is not (the CLI's own plugin path
// decides what it loads; the service, which decides what a session is
// pinned to, compares the whole set with ComparePins).
func (c Config) CheckNamePins(loaded []PluginPin) ([]string, error) {
	pins := c.NamePins()
	if len(pins) == 0 {
		return nil, nil
	}
	want := map[string]bool{}
	for _, p := range pins {
		want[p.Name] = true
	}
	var mine []PluginPin
	for _, l := range loaded {
		if want[l.Name] {
			mine = append(mine, l)
			want[l.Name] = false // the first of a name is the one loaded
		}
	}
	now, err := PinByName(mine)
	if err != nil {
		return nil, err
	}
	return ComparePins(pins, now), nil
}

// VerifyLoaded is Verify with the pins by name checked against the
// plugins loaded now (Options.Plugins): one ChangedError naming all.
func (c Config) VerifyLoaded(dir string, loaded []PluginPin) error {
	err := c.Verify(dir)
	var ce *ChangedError
	if err != nil && !errors.As(err, &ce) {
		return err
	}
	changes, perr := c.CheckNamePins(loaded)
	if perr != nil {
		return perr
	}
	if len(changes) == 0 {
		return err
	}
	if ce == nil {
		ce = &ChangedError{Dir: dir}
	}
	ce.Changes = append(ce.Changes, changes...)
	return ce
}
