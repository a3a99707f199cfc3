package ruleset

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// PluginNeed is one entry of a ruleset's "plugins": a plugin the ruleset
// needs, named as its manifest names it, and the versions it accepts.
// The engine only reads the shape; the host finds the plugin on its
// plugin path and Options.Plugins tells the validator what it found.
type PluginNeed struct {
	Name string `json:"name"`
	// Version is the constraint as written ("^1.0"); Constraint is it read.
	Version    string     `json:"version"`
	Constraint Constraint `json:"-"`
}

// MaxPluginNeeds bounds a ruleset's "plugins" list: a ruleset that needs
// more plugins than this is better split.
const MaxPluginNeeds = 32

// ValidPluginName reports whether s is a name a plugin's manifest may
// give itself: lower-case letters, digits and dashes, starting with a
// letter, at most 64 characters. host/plugin reads manifests with it, so
// a name a ruleset may declare is exactly a name a plugin may have.
func ValidPluginName(s string) bool {
	if len(s) == 0 || len(s) > 64 || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}

// PluginPath is what the host found on its plugin path, for the validator
// to check a ruleset's "plugins" against. Nil in Options means nobody
// looked (a library caller without a host): the shape is checked, the
// plugins' presence is not.
type PluginPath struct {
	// Folders are the folders looked in, in path order.
	Folders []string
	// Found are the plugins found, in path order; the first of a name is
	// the one loaded, later ones are shadowed by it.
	Found []FoundPlugin
}

// FoundPlugin is one plugin the host found: its manifest's name and
// version and its folder. Err, when set, says why it did not load (it is
// then not the one used).
type FoundPlugin struct {
	Name, Version, Dir string
	Err                string
}

// Constraint is a plugin version constraint: an operator and a version.
// The versions are compared as capability levels are (ParseVersion:
// numbers separated by dots, a missing part is 0).
type Constraint struct {
	Op string // "=", ">=", "^" or "~" (a plain version is "=")
	V  Version
}

// constraintForms is how the accepted forms are named in messages.
const constraintForms = `"1.2.0" or "=1.2.0" (exactly), ">=1.2" (that or newer), "^1.2" (newer, same major version), "~1.2" (newer, same minor version)`

// ParseConstraint reads a version constraint: "^1.2", "~1.2.3", "=1.0",
// ">=1.0" or a plain "1.0.0" (exactly). A space may follow the operator.
func ParseConstraint(s string) (Constraint, error) {
	var c Constraint
	if strings.HasPrefix(s, "=>") {
		return c, fmt.Errorf("version constraint %q: %s; write %s", s, constraintHint(s), constraintForms)
	}
	rest := s
	for _, op := range []string{">=", "=", "^", "~"} {
		if r, ok := strings.CutPrefix(s, op); ok {
			c.Op, rest = op, strings.TrimLeft(r, " ")
			break
		}
	}
	if c.Op == "" {
		c.Op = "="
		if hint := constraintHint(s); hint != "" {
			return c, fmt.Errorf("version constraint %q: %s; write %s", s, hint, constraintForms)
		}
	}
	v, err := ParseVersion(rest)
	if err != nil {
		if hint := constraintHint(rest); hint != "" {
			return c, fmt.Errorf("version constraint %q: %s; write %s", s, hint, constraintForms)
		}
		return c, fmt.Errorf("version constraint %q: %v; write %s", s, err, constraintForms)
	}
	c.V = v
	return c, nil
}

// constraintHint names a common mistake in a constraint ("" when none is
// recognised), so the message says what to change.
func constraintHint(s string) string {
	switch {
	case strings.HasPrefix(s, "=>"):
		return `"=>" is written ">="`
	case strings.HasPrefix(s, ">") && !strings.HasPrefix(s, ">="), strings.HasPrefix(s, "<"):
		return "only >= compares, and no upper bound is written (^ and ~ give one)"
	case strings.Contains(s, "||"), strings.Contains(s, ","), strings.Contains(s, " - "):
		return "one constraint only"
	case strings.HasPrefix(s, "v") || strings.HasPrefix(s, "V"):
		return "drop the v"
	case strings.ContainsAny(s, "xX*"):
		return "no wildcards (^1.0 accepts every 1.x)"
	case strings.ContainsAny(s, "-+"):
		return "pre-release and build suffixes are not compared"
	}
	return ""
}

// Allows reports whether version (a plugin manifest's) satisfies the
// constraint; a version ParseVersion cannot read satisfies none.
func (c Constraint) Allows(version string) bool {
	v, err := ParseVersion(version)
	if err != nil {
		return false
	}
	switch c.Op {
	case "=":
		return v.Compare(c.V) == 0
	case ">=":
		return v.Compare(c.V) >= 0
	}
	return v.Compare(c.V) >= 0 && v.Compare(c.upper()) < 0
}

// upper is the first version a caret or tilde constraint no longer
// accepts: ^1.2.3 stops at 2, ^0.2.3 at 0.3, ^0.0.3 at 0.0.4 (as npm and
// Cargo read them); ~1.2.3 stops at 1.3.
func (c Constraint) upper() Version {
	at := 0 // the part that is raised by one
	if c.Op == "~" {
		at = 1
	} else {
		for at < len(c.V)-1 && part(c.V, at) == 0 {
			at++
		}
	}
	up := make(Version, at+1)
	copy(up, c.V[:at])
	up[at] = part(c.V, at) + 1
	return up
}

func (c Constraint) String() string {
	if c.V == nil {
		return ""
	}
	return c.Op + c.V.String()
}

// pluginNeeds reads the top-level "plugins": each {name, version}, no name
// twice, and, when the host says what it found (Options.Plugins), each
// one present on the plugin path in a version the constraint allows.
func (v *Validator) pluginNeeds(o validate.Obj) []PluginNeed {
	arr, ok := o.Arr("plugins", 0, MaxPluginNeeds)
	if !ok {
		return nil
	}
	var out []PluginNeed
	seen := map[string]int{}
	for i, e := range arr {
		eo, ok := validate.AsObj(v.P, o.Ptr("plugins", i), e)
		if !ok {
			continue
		}
		eo.Known(vocab.Keys("plugins")...)
		if !eo.Require("name", "version") {
			continue
		}
		need, ok := v.pluginNeed(eo)
		if !ok {
			continue
		}
		if j, dup := seen[need.Name]; dup {
			eo.Addf("name", "plugin %q is already declared at /plugins/%d; declare each plugin once, with one version constraint", need.Name, j)
			continue
		}
		seen[need.Name] = i
		out = append(out, need)
		if v.opts.Plugins != nil {
			v.findPlugin(eo, need, v.opts.Plugins)
		}
	}
	return out
}

// pluginNeed reads one entry's name and version constraint.
func (v *Validator) pluginNeed(eo validate.Obj) (PluginNeed, bool) {
	name, okName := eo.Str("name", 64, true)
	if okName && !ValidPluginName(name) {
		hint := ""
		if low := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(name), "_", "-")); ValidPluginName(low) {
			hint = fmt.Sprintf(`; did you mean "%s"?`, low)
		}
		eo.Addf("name", "plugin name %q: a plugin's manifest name is lower-case letters, digits and dashes, starting with a letter%s", name, hint)
		okName = false
	}
	ver, okVer := eo.Str("version", 64, true)
	var c Constraint
	if okVer {
		var err error
		if c, err = ParseConstraint(ver); err != nil {
			eo.Addf("version", "%v", err)
			okVer = false
		}
	}
	return PluginNeed{Name: name, Version: ver, Constraint: c}, okName && okVer
}

// findPlugin refuses a declared plugin the host did not find on its path,
// or found in a version the constraint does not allow, naming each folder
// looked in and each version found. The first plugin of the name on the
// path is the one loaded; a later one that would fit is named, not used.
func (v *Validator) findPlugin(eo validate.Obj, need PluginNeed, path *PluginPath) {
	var found []FoundPlugin
	var names []string
	for _, f := range path.Found {
		if f.Name == need.Name {
			found = append(found, f)
		} else {
			names = append(names, f.Name)
		}
	}
	looked := "looked in " + folderList(path.Folders)
	if len(found) == 0 {
		eo.Addf("name", "plugin %q (%s) is not on the plugin path: %s%s; put it in the ruleset's own plugins/ folder or name its folder with --plugins or RULEHOST_PLUGINS (docs/plugins.md \"A ruleset's plugins\")",
			need.Name, need.Version, looked, validate.DidYouMean(need.Name, names))
		return
	}
	used := found[0]
	if used.Err == "" && need.Constraint.Allows(used.Version) {
		return
	}
	var versions []string
	for i, f := range found {
		s := fmt.Sprintf("%s in %s", f.Version, f.Dir)
		switch {
		case f.Err != "":
			s += " (did not load: " + f.Err + ")"
		case i == 0:
			s += " (the one used: first on the path)"
		case need.Constraint.Allows(f.Version):
			s += " (would fit, but is shadowed by the first)"
		}
		versions = append(versions, s)
	}
	what := fmt.Sprintf("version %s does not satisfy %q", used.Version, need.Version)
	if used.Err != "" {
		what = "did not load"
	}
	eo.Addf("version", "plugin %q %s; found %s; %s", need.Name, what, strings.Join(versions, ", "), looked)
}

// folderList names the folders of a plugin path for a message.
func folderList(folders []string) string {
	if len(folders) == 0 {
		return "no folder (none of the plugin path's folders exists)"
	}
	return strings.Join(folders, ", ")
}
