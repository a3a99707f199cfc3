package record

import (
	"fmt"
	"strconv"
)

// The bundled plugins declare their record names and keys in their own
// manifests (see RegisterExtension). What the engine keeps for them is a
// whole-record rule that types cannot say: an opposed-pool record's net
// must be its two success counts' difference and its winner must follow
// from them. It binds only the record of that plugin (owner
// "opposed-pool"); another plugin's "opposed" would be its own.
func init() {
	RegisterPluginInvariant("opposed-pool", "opposed", checkOpposed)
}

// RegisterPluginInvariant adds a whole-record rule for a record name that
// a plugin (owner) declares; it applies while that plugin's declaration is
// registered.
func RegisterPluginInvariant(owner, recordName string, inv Invariant) {
	mu.Lock()
	defer mu.Unlock()
	k := owner + "\x00" + recordName
	pluginInvariants[k] = append(pluginInvariants[k], inv)
}

var pluginInvariants = map[string][]Invariant{}

// pluginInvariantsFor returns the rules of a plugin record; mu is held.
func pluginInvariantsFor(r Record) []Invariant {
	owner, ok := extRecords[r.Name]
	if !ok || len(pluginInvariants) == 0 {
		return nil
	}
	return pluginInvariants[owner+"\x00"+r.Name]
}

// checkOpposed holds an opposed record's net to its two success counts and
// its winner to the net.
func checkOpposed(r Record) error {
	a, okA := r.Int("successes")
	b, okB := r.Int("vsSuccesses")
	if !okA || !okB {
		return fmt.Errorf("an opposed record needs successes= and vsSuccesses=")
	}
	if net, ok := r.Get("net"); ok {
		n, err := strconv.Atoi(net)
		if err != nil || n != a-b {
			return fmt.Errorf("net=%q is not successes %d minus vsSuccesses %d", net, a, b)
		}
	}
	w, ok := r.Get("winner")
	if !ok {
		return fmt.Errorf("an opposed record names its winner=")
	}
	who, vs := r.Value("who"), r.Value("vs")
	switch {
	case a > b && w != who:
		return fmt.Errorf("winner=%q but %q has more successes", w, who)
	case a < b && w != vs:
		return fmt.Errorf("winner=%q but %q has more successes", w, vs)
	case a == b && !r.Has("tie"):
		return fmt.Errorf("equal successes without tie=")
	}
	return nil
}
