package suite

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
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

// maxGoldenLine bounds one golden line kept in memory (a record is a few
// hundred bytes; a long inventory block line a few KiB). The rest of a
// longer line is read past, not kept: a 32 MiB one-line golden took
// 348 MB and printed 33 MB. A cut line keeps a note of what was left
// out, so it never matches a record.
const maxGoldenLine = 64 << 10

// ParseGolden reads a golden's text.
func ParseGolden(data []byte) (*Golden, error) {
	return parseGolden(bytes.NewReader(data))
}

// parseGolden reads a golden from r, at most maxGoldenLine bytes a line.
func parseGolden(r io.Reader) (*Golden, error) {
	g := &Golden{}
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		line, more, err := readLine(br)
		if err == io.EOF && line == "" && more == 0 {
			break
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("golden: %w", err)
		}
		line = strings.TrimRight(line, "\r")
		if more > 0 {
			line += fmt.Sprintf(" ... (cut: %d more bytes on golden line %d)", more, n)
		}
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
		if err == io.EOF {
			break
		}
	}
	return g, nil
}

// readLine reads one line (without its "\n"), keeping at most
// maxGoldenLine bytes of it; more counts the bytes read past.
func readLine(br *bufio.Reader) (line string, more int, err error) {
	var b []byte
	for {
		frag, err := br.ReadSlice('\n')
		if keep := maxGoldenLine - len(b); keep > 0 {
			b = append(b, frag[:min(keep, len(frag))]...)
			more += len(frag) - min(keep, len(frag))
		} else {
			more += len(frag)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			if more > 0 {
				more-- // the "\n"
			} else {
				b = b[:len(b)-1]
			}
			return string(b), more, nil
		default:
			return string(b), more, err
		}
	}
}

func (g *Golden) readStamp(s string) error {
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), " ")
		if !ok {
			return fmt.Errorf("want \"engine VERSION, capability LEVEL\", found %s", shownQ(s))
		}
		switch k {
		case "engine":
			g.Engine = v
		case "capability":
			g.Capability = v
		}
	}
	if g.Engine == "" {
		return fmt.Errorf("the header names no engine version: %s", shownQ(s))
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
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("golden %s is not a regular file", path)
	}
	if st.Size() > maxGoldenBytes {
		return nil, fmt.Errorf("golden %s is %d bytes; at most %d", path, st.Size(), maxGoldenBytes)
	}
	return parseGolden(io.LimitReader(f, maxGoldenBytes))
}

// insideSuite resolves a golden's path through every symlink and refuses
// one that leaves the suite folder dir: docs/suites.md says goldens lie
// inside it, and a link out (x/leak.golden -> ../secret.txt, or a folder
// y/goldens -> ../out) would print another file in a diff or let --update
// write outside. A path not there yet is resolved through its deepest
// existing folder, which is where --update would create it.
func insideSuite(dir, path string) (string, error) {
	root, err := filepath.Abs(dir)
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	if err != nil {
		return "", fmt.Errorf("golden: the suite folder %s: %w", dir, err)
	}
	full, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("golden %s: %w", path, err)
	}
	existing, rest := full, ""
	for {
		if _, err := os.Lstat(existing); err == nil {
			break
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			break
		}
		rest = filepath.Join(filepath.Base(existing), rest)
		existing = parent
	}
	resolved, err := filepath.EvalSymlinks(existing)
	if err != nil {
		return "", fmt.Errorf("golden %s: %w", path, err)
	}
	resolved = filepath.Join(resolved, rest)
	rel, err := filepath.Rel(root, resolved)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fmt.Errorf("golden %s resolves to %s, outside the suite folder %s; goldens lie inside it (a symlink may not lead out)", relPath(dir, path), resolved, dir)
	}
	return resolved, nil
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
