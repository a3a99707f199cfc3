// Package suite runs regression suites over plugin bundles, rulesets and
// transcripts: a folder with a suite.json (docs/suites.md) naming the
// plugins and rulesets it loads and its cases — plugin cases (the
// plugin's own test/*.json), check cases, transcript cases and odds
// cases. Cases run in parallel and report in a stable order; expected
// records are goldens, text records one per line beside suite.json, that
// only an explicit update rewrites.
//
// It may import the engine and the plugin host; never service/ or cmd/
// (docs/architecture.md).
package suite

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/internal/lazy"
)

// FileName is the suite file inside a suite folder.
const FileName = "suite.json"

// Limits on what one suite may ask for, so a hostile suite.json cannot
// make the runner allocate without bound.
const (
	maxCases   = 1_000_000
	maxSeeds   = 100_000
	maxNameLen = 200
)

// Case kinds.
const (
	KindLoad       = "load"
	KindPlugin     = "plugin"
	KindCheck      = "check"
	KindTranscript = "transcript"
	KindOdds       = "odds"
)

// Keys allowed in suite.json, by object (docs/suite.schema.json lists the
// same; a test keeps them in step).
var (
	topKeys        = []string{"$schema", "name", "description", "plugins", "rulesets", "pluginCases", "checks", "transcripts", "odds"}
	checkKeys      = []string{"name", "description", "skip", "ruleset", "sheets", "tag", "seeds", "golden", "expect"}
	transcriptKeys = []string{"name", "description", "skip", "transcript", "ruleset", "party", "seed", "golden"}
	oddsKeys       = []string{"name", "description", "skip", "ruleset", "sheets", "tag", "tolerance", "success", "outcomes"}
	expectKeys     = []string{"record", "attrs", "oneOf", "present", "absent", "range"}
	seedRangeKeys  = []string{"from", "count"}
	rangeKeys      = []string{"min", "max"}
)

// Suite is a suite.json read and expanded: every glob resolved, every
// case named.
type Suite struct {
	// Dir is the suite folder; File its suite.json.
	Dir, File string
	Name      string
	// PluginDirs are the plugin folders loaded for check, transcript and
	// odds cases, in order.
	PluginDirs []string
	// Rulesets maps a ruleset's name to its file; RulesetNames keeps the order.
	Rulesets     map[string]string
	RulesetNames []string
	// Cases in their stable order: plugin loads, plugin cases, checks,
	// transcripts, odds; within each, file order, globs sorted.
	Cases []*Case
}

// Case is one case of a suite.
type Case struct {
	Suite *Suite
	Kind  string
	// Name is unique within the suite and kind; ID is SUITE/KIND/NAME.
	Name, ID string
	// Pointer is where the case is declared in suite.json.
	Pointer     string
	Description string
	// Skip, when set, is why the case is not run.
	Skip string

	// Plugin cases and plugin loads.
	PluginDir, CaseFile string

	Check      *CheckSpec
	Transcript *TranscriptSpec
	Odds       *OddsSpec
}

// CheckSpec is a check case: a tag resolved against a ruleset and sheets
// on each seed, compared with a golden or with properties.
type CheckSpec struct {
	Ruleset string   // a name from "rulesets", or a file
	Sheets  []string // files; the first rolls unless who= names another
	Tag     string
	Seeds   []uint64
	// Golden is the golden file ("" when Expect alone decides).
	Golden string
	Expect *Expect
}

// TranscriptSpec is a transcript case: a session run from a transcript.
type TranscriptSpec struct {
	File    string
	Ruleset string
	Party   string
	Seed    uint64
	Golden  string
}

// OddsSpec is an odds case: expected probabilities within a tolerance.
type OddsSpec struct {
	Ruleset   string
	Sheets    []string
	Tag       string
	Tolerance float64
	// Success is the expected chance of success (nil: not compared).
	Success *float64
	// Outcomes maps an outcome label to its expected probability.
	Outcomes map[string]float64
}

// Expect is properties every record of a check case must have.
type Expect struct {
	Record  string              `json:"record,omitempty"`
	Attrs   map[string]string   `json:"attrs,omitempty"`
	OneOf   map[string][]string `json:"oneOf,omitempty"`
	Present []string            `json:"present,omitempty"`
	Absent  []string            `json:"absent,omitempty"`
	Range   map[string]Range    `json:"range,omitempty"`
}

// Range bounds a numeric attribute (both ends inclusive, nil open).
type Range struct {
	Min *float64 `json:"min,omitempty"`
	Max *float64 `json:"max,omitempty"`
}

// Load reads DIR/suite.json (strictly, as engine/jsonin reads every JSON
// file: duplicate keys, invalid UTF-8 and files past the input limit are
// refused) and expands it. Every problem is reported with its JSON
// pointer (a *validate.Error); nothing is run.
func Load(dir string) (*Suite, error) {
	file := filepath.Join(dir, FileName)
	data, err := jsonin.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("suite: %w", err)
	}
	return Parse(dir, data)
}

// Parse reads a suite file's content as if it were DIR/suite.json.
func Parse(dir string, data []byte) (*Suite, error) {
	p := &validate.Problems{File: filepath.Join(dir, FileName)}
	v, ok := validate.Decode(p, data)
	if !ok {
		return nil, p.Err()
	}
	o, ok := validate.AsObj(p, "", v)
	if !ok {
		return nil, p.Err()
	}
	o.Known(topKeys...)
	s := &Suite{Dir: dir, File: p.File, Name: folderName(dir), Rulesets: map[string]string{}}
	if name, ok := o.Str("name", maxNameLen, true); ok {
		if !suiteNameRE().MatchString(name) {
			o.Addf("name", "suite name %q: use letters, digits, '.', '_' and '-'", name)
		} else {
			s.Name = name
		}
	}
	o.Str("description", 0, false)
	r := &reader{s: s, p: p, names: map[string]string{}, goldens: map[string]string{}}
	r.plugins(o)
	r.rulesets(o)
	r.pluginCases(o)
	r.items(o, "checks", r.check)
	r.items(o, "transcripts", r.transcript)
	r.items(o, "odds", r.odds)
	if len(s.Cases) > maxCases {
		p.Addf("", "%d cases; at most %d", len(s.Cases), maxCases)
	}
	if err := p.Err(); err != nil {
		return nil, err
	}
	return s, nil
}

// folderName is the default suite name: the folder's own name (of its
// absolute path, so "." is named too).
func folderName(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return filepath.Base(dir)
}

// reader holds what parsing one suite file needs.
type reader struct {
	s *Suite
	p *validate.Problems
	// names maps KIND/NAME to where it was declared; goldens maps a
	// golden file to the case that owns it.
	names, goldens map[string]string
}

// path resolves a path written in suite.json (relative to the suite
// folder, slashes on every system).
func (r *reader) path(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(r.s.Dir, filepath.FromSlash(p))
}

// glob expands a path that may hold glob characters. It reports a bad
// pattern or no match at ptr; a plain path is returned as is.
func (r *reader) glob(ptr, pattern string) []string {
	full := r.path(pattern)
	if !hasMeta(pattern) {
		return []string{full}
	}
	m, err := filepath.Glob(full)
	if err != nil {
		r.p.Addf(ptr, "glob %q: %v", pattern, err)
		return nil
	}
	if len(m) == 0 {
		r.p.Addf(ptr, "glob %q matches nothing", pattern)
	}
	sort.Strings(m)
	return m
}

func hasMeta(p string) bool { return strings.ContainsAny(p, "*?[") }

// globStem names a glob's match by the parts of its path the glob's
// wildcards matched, without the extension: "rulesets/*/ruleset.json"
// matching "rulesets/fate/ruleset.json" gives "fate", and
// "rulesets/*/transcripts/*.txt" matching "rulesets/fate/transcripts/01.txt"
// gives "fate/01".
func globStem(pattern, match string) string {
	pp := strings.Split(filepath.ToSlash(filepath.Clean(pattern)), "/")
	mp := strings.Split(filepath.ToSlash(filepath.Clean(match)), "/")
	var keep []string
	if len(pp) == len(mp) {
		for i, el := range pp {
			if hasMeta(el) {
				keep = append(keep, strings.TrimSuffix(mp[i], filepath.Ext(mp[i])))
			}
		}
	}
	if len(keep) == 0 {
		return strings.TrimSuffix(filepath.Base(match), filepath.Ext(match))
	}
	return strings.Join(keep, "/")
}

func (r *reader) strList(o validate.Obj, key string) ([]string, bool) {
	arr, ok := o.Arr(key, 0, maxCases)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(arr))
	for i, v := range arr {
		s, isStr := v.(string)
		if !isStr || strings.TrimSpace(s) == "" {
			r.p.Addf(o.Ptr(key, i), "want a non-empty string, found %s", validate.TypeName(v))
			continue
		}
		out = append(out, s)
	}
	return out, true
}

func (r *reader) plugins(o validate.Obj) {
	list, _ := r.strList(o, "plugins")
	seen := map[string]bool{}
	for i, pat := range list {
		for _, d := range r.glob(o.Ptr("plugins", i), pat) {
			if _, err := os.Stat(filepath.Join(d, "plugin.lua")); err != nil {
				if !hasMeta(pat) {
					r.p.Addf(o.Ptr("plugins", i), "%s holds no plugin.lua", pat)
				}
				continue
			}
			if !seen[d] {
				seen[d] = true
				r.s.PluginDirs = append(r.s.PluginDirs, d)
			}
		}
	}
	for _, d := range r.s.PluginDirs {
		r.add(&Case{Kind: KindLoad, Name: filepath.Base(d), PluginDir: d, Pointer: "/plugins"}, "/plugins")
	}
}

// rulesets reads the named rulesets: each file is named by its folder
// when it is called ruleset.json, else by its file name without ".json".
func (r *reader) rulesets(o validate.Obj) {
	list, _ := r.strList(o, "rulesets")
	for i, pat := range list {
		ptr := o.Ptr("rulesets", i)
		for _, f := range r.glob(ptr, pat) {
			name := strings.TrimSuffix(filepath.Base(f), ".json")
			if filepath.Base(f) == "ruleset.json" {
				name = filepath.Base(filepath.Dir(f))
			}
			if prev, dup := r.s.Rulesets[name]; dup && prev != f {
				r.p.Addf(ptr, "ruleset name %q (from %s) is already %s", name, f, prev)
				continue
			}
			if _, dup := r.s.Rulesets[name]; !dup {
				r.s.RulesetNames = append(r.s.RulesetNames, name)
			}
			r.s.Rulesets[name] = f
		}
	}
}

// pluginCases reads the plugin folders whose test/*.json cases run.
func (r *reader) pluginCases(o validate.Obj) {
	list, _ := r.strList(o, "pluginCases")
	for i, pat := range list {
		ptr := o.Ptr("pluginCases", i)
		for _, d := range r.glob(ptr, pat) {
			if _, err := os.Stat(filepath.Join(d, "plugin.lua")); err != nil {
				if !hasMeta(pat) {
					r.p.Addf(ptr, "%s holds no plugin.lua", pat)
				}
				continue
			}
			r.pluginFolderCases(ptr, d)
		}
	}
}

// pluginFolderCases adds one plugin folder's test/*.json cases (or one
// failing case saying it has none).
func (r *reader) pluginFolderCases(ptr, dir string) {
	files, _ := filepath.Glob(filepath.Join(dir, "test", "*.json"))
	sort.Strings(files)
	folder := filepath.Base(dir)
	if len(files) == 0 {
		r.add(&Case{Kind: KindPlugin, Name: folder, PluginDir: dir, CaseFile: filepath.Join(dir, "test"), Pointer: ptr}, ptr)
		return
	}
	for _, f := range files {
		name := folder + "/" + strings.TrimSuffix(filepath.Base(f), ".json")
		r.add(&Case{Kind: KindPlugin, Name: name, PluginDir: dir, CaseFile: f, Pointer: ptr}, ptr)
	}
}

// items reads an array of case objects with one reader per entry.
func (r *reader) items(o validate.Obj, key string, read func(validate.Obj)) {
	arr, ok := o.Arr(key, 0, maxCases)
	if !ok {
		return
	}
	for i, v := range arr {
		item, ok := validate.AsObj(r.p, o.Ptr(key, i), v)
		if !ok {
			continue
		}
		read(item)
	}
}

var suiteNameRE = lazy.Regexp(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

var nameRE = lazy.Regexp(`^[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)*$`)

// validName: case names become golden file paths, so they are plain path
// segments (no "..", no leading "/", no spaces).
func validName(n string) bool { return len(n) <= maxNameLen && nameRE().MatchString(n) }

// common reads the keys every case has and returns its name.
func (r *reader) common(o validate.Obj, c *Case) bool {
	name, ok := o.Str("name", maxNameLen, true)
	if !ok {
		if !o.Has("name") {
			o.Addf("", `missing required key "name"`)
		}
		return false
	}
	if !validName(name) {
		o.Addf("name", "case name %q: use letters, digits, '.', '_', '-' and '/' between parts", name)
		return false
	}
	c.Name = name
	c.Description, _ = o.Str("description", 0, false)
	if skip, ok := o.Str("skip", 0, true); ok {
		c.Skip = skip
	}
	c.Pointer = o.At
	return true
}

// add names a case and appends it, refusing a duplicate name.
func (r *reader) add(c *Case, ptr string) bool {
	if !r.claim(c.Kind, c.Name, ptr) {
		return false
	}
	r.appendCase(c)
	return true
}

// appendCase appends a case whose name is already claimed.
func (r *reader) appendCase(c *Case) {
	c.Suite = r.s
	c.ID = r.s.Name + "/" + c.Kind + "/" + c.Name
	r.s.Cases = append(r.s.Cases, c)
}

// claim reserves a case name within its kind, reporting a duplicate.
func (r *reader) claim(kind, name, ptr string) bool {
	key := kind + "/" + name
	if prev, dup := r.names[key]; dup {
		r.p.Addf(ptr, "%s case %q is already declared at %s", kind, name, prev)
		return false
	}
	r.names[key] = ptr
	return true
}

// golden resolves a case's golden file: the "golden" key (a path inside
// the suite folder) or NAME.golden beside suite.json. It must stay inside
// the suite folder, since --update writes it.
func (r *reader) golden(o validate.Obj, name string) (string, bool) {
	rel := name + ".golden"
	if g, ok := o.Str("golden", 0, true); ok {
		rel = g
	} else if o.Has("golden") {
		return "", false
	}
	clean := filepath.Clean(filepath.FromSlash(rel))
	if filepath.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		o.Addf("golden", "golden %q must be a path inside the suite folder", rel)
		return "", false
	}
	full := filepath.Join(r.s.Dir, clean)
	if prev, dup := r.goldens[full]; dup {
		o.Addf("golden", "golden %s is already the golden of %s", rel, prev)
		return "", false
	}
	r.goldens[full] = o.At
	return full, true
}

// rulesetRef checks a "ruleset" value: a name from "rulesets", a file, or
// a glob of files. It returns what each expanded case uses, with the
// names they add to the case name.
func (r *reader) rulesetRef(o validate.Obj, required bool) (refs []string, stems []string, ok bool) {
	v, has := o.Str("ruleset", 0, true)
	if !has {
		if required && !o.Has("ruleset") {
			o.Addf("", `missing required key "ruleset"`)
		}
		return nil, nil, !required && !o.Has("ruleset")
	}
	if _, named := r.s.Rulesets[v]; named {
		return []string{v}, []string{""}, true
	}
	if hasMeta(v) {
		for _, f := range r.glob(o.Ptr("ruleset"), v) {
			refs = append(refs, f)
			stems = append(stems, globStem(r.path(v), f))
		}
		return refs, stems, len(refs) > 0
	}
	f := r.path(v)
	if _, err := os.Stat(f); err != nil {
		o.Addf("ruleset", "ruleset %q is neither a name from \"rulesets\" (%s) nor a file: %v", v, strings.Join(r.s.RulesetNames, ", "), err)
		return nil, nil, false
	}
	return []string{f}, []string{""}, true
}

// sheetList reads "sheets": files or globs (a glob adds every match, in
// name order).
func (r *reader) sheetList(o validate.Obj) []string {
	list, _ := r.strList(o, "sheets")
	var out []string
	for i, pat := range list {
		ptr := o.Ptr("sheets", i)
		for _, f := range r.glob(ptr, pat) {
			if !hasMeta(pat) {
				if _, err := os.Stat(f); err != nil {
					r.p.Addf(ptr, "sheet %q: %v", pat, err)
					continue
				}
			}
			out = append(out, f)
		}
	}
	return out
}

func expandedName(name, stem string) string {
	if stem == "" {
		return name
	}
	return name + "/" + stem
}

// ForPlugins is the suite `rulehost plugin test DIR...` runs: the test/
// cases of every plugin under dirs (a plugin folder, or a folder of plugin
// folders), in folder and file order, and nothing else.
func ForPlugins(dirs []string) (*Suite, error) {
	s := &Suite{Name: "plugins", Rulesets: map[string]string{}}
	r := &reader{s: s, p: &validate.Problems{}, names: map[string]string{}, goldens: map[string]string{}}
	for _, d := range dirs {
		pds, err := plugin.PluginDirs(d)
		if err != nil {
			return nil, err
		}
		if len(pds) == 0 {
			return nil, fmt.Errorf("plugin test: no plugin.lua in %s or its subfolders", d)
		}
		for _, pd := range pds {
			// The same folder named twice runs twice, as it always has.
			r.names = map[string]string{}
			r.pluginFolderCases(pd, pd)
		}
	}
	return s, nil
}

// AllowedKeys lists the keys each object of suite.json may hold, by the
// name docs/suite.schema.json gives it ("suite" is the top level).
func AllowedKeys() map[string][]string {
	cp := func(k []string) []string { return append([]string(nil), k...) }
	return map[string][]string{
		"suite": cp(topKeys), "check": cp(checkKeys), "transcript": cp(transcriptKeys), "odds": cp(oddsKeys),
		"expect": cp(expectKeys), "seedRange": cp(seedRangeKeys), "range": cp(rangeKeys),
	}
}
