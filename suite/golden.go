package suite

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// A golden file is text: header comments, then the expected records one
// per line. A transcript's golden also has "--- KIND N" lines opening
// each entry and a "--- final state" section with the party's inventory
// block. Blank lines and other "#" lines are ignored.
//
//	# rulehost golden: engine 0.1.0, capability 1.150
//	# plugins: opposed-pool 1.0.0, wild-die 1.0.0
//	# case: bundled/check/5e/athletics
//	[check: who="Ada Quickhand" ...]
const goldenMagic = "# rulehost golden: "

// maxGoldenBytes bounds a golden read (a hostile golden cannot exhaust memory).
const maxGoldenBytes = 64 << 20

// Golden is a golden file read back.
type Golden struct {
	// Engine and Capability are the versions it was recorded with ("" for
	// a golden without a header); Plugins maps plugin name to version.
	Engine, Capability string
	Plugins            map[string]string
	// Lines are the content lines (records, entry headers, state lines).
	Lines []string
}

// Stamp is what a golden records of the engine and the plugins that made it.
type Stamp struct {
	Engine, Capability string
	Plugins            map[string]string
}

// currentStamp is this engine's stamp with the given plugins.
func currentStamp(plugins map[string]string) Stamp {
	return Stamp{Engine: EngineVersion, Capability: CapabilityLevel, Plugins: plugins}
}

// header renders the stamp and case id as the golden's comment lines.
func (s Stamp) header(id string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%sengine %s, capability %s\n", goldenMagic, s.Engine, s.Capability)
	if len(s.Plugins) > 0 {
		b.WriteString("# plugins: " + pluginList(s.Plugins) + "\n")
	}
	fmt.Fprintf(&b, "# case: %s\n", id)
	return b.String()
}

func pluginList(m map[string]string) string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + " " + m[n]
	}
	return strings.Join(parts, ", ")
}

// ParseGolden reads a golden's text.
func ParseGolden(data []byte) (*Golden, error) {
	g := &Golden{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), maxGoldenBytes)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		switch {
		case strings.HasPrefix(line, goldenMagic):
			if err := g.readStamp(strings.TrimPrefix(line, goldenMagic)); err != nil {
				return nil, fmt.Errorf("golden line %d: %w", n, err)
			}
		case strings.HasPrefix(line, "# plugins: "):
			g.readPlugins(strings.TrimPrefix(line, "# plugins: "))
		case strings.HasPrefix(line, "#"), strings.TrimSpace(line) == "":
		default:
			g.Lines = append(g.Lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("golden: %w", err)
	}
	return g, nil
}

func (g *Golden) readStamp(s string) error {
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), " ")
		if !ok {
			return fmt.Errorf("want \"engine VERSION, capability LEVEL\", found %q", s)
		}
		switch k {
		case "engine":
			g.Engine = v
		case "capability":
			g.Capability = v
		}
	}
	if g.Engine == "" {
		return fmt.Errorf("the header names no engine version: %q", s)
	}
	return nil
}

func (g *Golden) readPlugins(s string) {
	g.Plugins = map[string]string{}
	for _, part := range strings.Split(s, ",") {
		name, version, _ := strings.Cut(strings.TrimSpace(part), " ")
		if name != "" {
			g.Plugins[name] = version
		}
	}
}

// readGolden reads a golden file; a missing one is (nil, nil).
func readGolden(path string) (*Golden, error) {
	st, err := os.Stat(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if st.Size() > maxGoldenBytes {
		return nil, fmt.Errorf("golden %s is %d bytes; at most %d", path, st.Size(), maxGoldenBytes)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseGolden(data)
}

// writeGolden writes a golden whole (a temporary file renamed over it, so
// an interrupted update never leaves half a golden).
func writeGolden(path, id string, stamp Stamp, lines []string) error {
	var b strings.Builder
	b.WriteString(stamp.header(id))
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("golden: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".golden-*")
	if err != nil {
		return fmt.Errorf("golden: %w", err)
	}
	if _, err := tmp.WriteString(b.String()); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("golden: %w", err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("golden: %w", err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("golden: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("golden: %w", err)
	}
	return nil
}

// versionNote explains a mismatch the versions may account for: the
// golden was recorded by another engine version or capability level, or
// with other plugin versions. It is "" when the versions agree.
func versionNote(g *Golden, now Stamp) string {
	var notes []string
	if g.Engine == "" {
		notes = append(notes, "the golden records no engine version")
	} else if g.Engine != now.Engine || g.Capability != now.Capability {
		notes = append(notes, fmt.Sprintf("the golden was recorded by engine %s (capability %s) and this is engine %s (capability %s): the engine's change may explain the difference", g.Engine, g.Capability, now.Engine, now.Capability))
	}
	var names []string
	for n := range now.Plugins {
		names = append(names, n)
	}
	for n := range g.Plugins {
		if _, ok := now.Plugins[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		was, had := g.Plugins[n]
		is, has := now.Plugins[n]
		switch {
		case g.Plugins == nil:
		case !had:
			notes = append(notes, fmt.Sprintf("plugin %s %s was not loaded when the golden was recorded", n, is))
		case !has:
			notes = append(notes, fmt.Sprintf("plugin %s (%s when recorded) is not loaded now", n, was))
		case was != is:
			notes = append(notes, fmt.Sprintf("plugin %s was %s when the golden was recorded and is %s now", n, was, is))
		}
	}
	return strings.Join(notes, "; ")
}

// sameStamp reports whether a golden's header matches the current stamp
// (an --update rewrites a golden whose records match but whose stamp does not).
func sameStamp(g *Golden, now Stamp) bool {
	if g.Engine != now.Engine || g.Capability != now.Capability || len(g.Plugins) != len(now.Plugins) {
		return false
	}
	for n, v := range now.Plugins {
		if g.Plugins[n] != v {
			return false
		}
	}
	return true
}
