package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/rulehost/rulehost/engine/jsonin"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host/isolate"
	"github.com/rulehost/rulehost/host/plugin"
)

// Case is one plugin test case, a JSON file under the plugin's test/
// folder. Paths are relative to the case file. Exactly one of Tag,
// WantProblems (with Ruleset) or Format says what is tested:
//
//   - a tag: the ruleset and sheets are loaded (the first sheet rolls a
//     skill_check; a plugin tag may name any of them), the dice come from
//     Seed (dice.New(seed, 0, 0)) or from Faces exactly, and the record's
//     text must equal Want. SameAs also resolves the tag with
//     resolution.kind switched to that kind and requires the same record.
//   - an import: the ruleset (with Kind applied) must be refused with
//     every problem in WantProblems (pointer and message fragment).
//   - a formatter: Format names it (record, item, block, section); Record
//     is the record or item in its tag form, Block the block (or the
//     prompt section: its name and its default text's lines); the text
//     must equal Want.
type Case struct {
	Description  string            `json:"description,omitempty"`
	Ruleset      json.RawMessage   `json:"ruleset,omitempty"`
	Kind         string            `json:"kind,omitempty"`
	Sheets       []json.RawMessage `json:"sheets,omitempty"`
	Config       map[string]any    `json:"config,omitempty"`
	Seed         *uint64           `json:"seed,omitempty"`
	Faces        []int             `json:"faces,omitempty"`
	Tag          string            `json:"tag,omitempty"`
	SameAs       string            `json:"sameAs,omitempty"`
	WantProblems []WantProblem     `json:"wantProblems,omitempty"`
	Format       string            `json:"format,omitempty"`
	Record       string            `json:"record,omitempty"`
	Block        *BlockCase        `json:"block,omitempty"`
	Want         string            `json:"want,omitempty"`
}

// WantProblem is one import problem a case expects.
type WantProblem struct {
	Pointer  string `json:"pointer"`
	Contains string `json:"contains"`
}

// BlockCase is a block given to a block formatter.
type BlockCase struct {
	Name  string   `json:"name"`
	Lines []string `json:"lines"`
}

// CaseResult is the outcome of one case.
type CaseResult struct {
	Plugin string
	File   string
	Pass   bool
	// Got is what the case produced; Msg says why it failed.
	Got, Msg string
}

// RunOptions configure RunCases.
type RunOptions struct {
	Plugin plugin.Options
	// Update rewrites each tag or formatter case's want with what it got
	// (review the diff before committing it).
	Update bool
	// Isolate, when set, runs each case's plugin in a worker process
	// under these limits (see LoadIsolated) instead of in-process.
	Isolate *isolate.Options
}

// RunCases runs the test/ cases of every plugin under dirs (a plugin
// folder, or a folder of plugin folders). A plugin that does not load is
// one failed result naming its file and line.
func RunCases(dirs []string, opts RunOptions) ([]CaseResult, error) {
	var out []CaseResult
	for _, d := range dirs {
		pds, err := plugin.PluginDirs(d)
		if err != nil {
			return out, err
		}
		if len(pds) == 0 {
			return out, fmt.Errorf("plugin test: no plugin.lua in %s or its subfolders", d)
		}
		for _, pd := range pds {
			out = append(out, runPluginCases(pd, opts)...)
		}
	}
	return out, nil
}

func runPluginCases(dir string, opts RunOptions) []CaseResult {
	files, _ := filepath.Glob(filepath.Join(dir, "test", "*.json"))
	sort.Strings(files)
	// Load once up front so a broken plugin is one clear failure.
	name, err := PluginNameOf(dir, opts)
	if err != nil {
		return []CaseResult{{Plugin: name, File: filepath.Join(dir, "plugin.lua"), Msg: err.Error()}}
	}
	if len(files) == 0 {
		return []CaseResult{{Plugin: name, File: filepath.Join(dir, "test"), Msg: "no test cases (test/*.json)"}}
	}
	var out []CaseResult
	for _, f := range files {
		r := CaseResult{Plugin: name, File: f}
		got, _, err := RunCaseFile(dir, name, f, opts)
		r.Got = got
		if err != nil {
			r.Msg = err.Error()
		} else {
			r.Pass = true
		}
		out = append(out, r)
	}
	return out
}

// PluginName loads the plugin in dir to read its manifest's name. When it
// does not load, the name is the folder's and the error says why (file
// and line).
func PluginName(dir string, opts plugin.Options) (string, error) {
	p, err := plugin.Load(dir, opts)
	if err != nil {
		return filepath.Base(dir), err
	}
	defer p.Close()
	return p.Name(), nil
}

// PluginNameOf is the plugin's name as PluginName reads it, or, with
// opts.Isolate, as a worker reads it (so no plugin code runs here).
func PluginNameOf(dir string, opts RunOptions) (string, error) {
	if opts.Isolate == nil {
		return PluginName(dir, opts.Plugin)
	}
	h, err := caseHost(dir, opts.Plugin, opts.Isolate)
	if err != nil {
		return filepath.Base(dir), err
	}
	defer h.Close()
	names := h.PluginNames()
	if len(names) != 1 {
		return filepath.Base(dir), fmt.Errorf("plugin test: %d plugins in %s; want one", len(names), dir)
	}
	return names[0], nil
}

// caseHost loads the one plugin a case runs, in-process or isolated.
func caseHost(dir string, po plugin.Options, iso *isolate.Options) (*Host, error) {
	if iso != nil {
		h, errs, err := LoadIsolated([]string{dir}, po, *iso)
		if err != nil {
			return nil, err
		}
		if len(errs) > 0 {
			h.Close()
			return nil, errs[0]
		}
		return h, nil
	}
	p, err := plugin.Load(dir, po)
	if err != nil {
		return nil, err
	}
	set := plugin.NewSet(po)
	if err := set.Add(p); err != nil {
		p.Close()
		return nil, err
	}
	return FromSet(set), nil
}

// RunCaseFile runs one case file of the plugin in dir (named name): what
// it produced, the case's want as written, and why it failed (nil when it
// passed; wrapping ErrMismatch when only the result differs). With
// opts.Update a mismatch rewrites the case's want instead.
func RunCaseFile(dir, name, file string, opts RunOptions) (got, want string, err error) {
	c, err := readCase(file)
	if err != nil {
		return "", "", err
	}
	want = c.Want
	got, err = runCase(dir, name, file, c, opts)
	return got, want, err
}

func readCase(file string) (*Case, error) {
	data, err := jsonin.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if err := jsonin.Check(data); err != nil { // duplicate keys, invalid UTF-8
		return nil, fmt.Errorf("case file: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var c Case
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("case file: %w", err)
	}
	return &c, nil
}

// ErrMismatch marks a case whose result differs from its want (the only
// failure -update repairs).
var ErrMismatch = errors.New("mismatch")

func runCase(dir, name, file string, c *Case, opts RunOptions) (string, error) {
	po := opts.Plugin
	if c.Config != nil {
		po.Config = map[string]map[string]any{name: c.Config}
	}
	h, err := caseHost(dir, po, opts.Isolate)
	if err != nil {
		return "", err
	}
	defer h.Close()
	base := filepath.Dir(file)

	var got string
	switch {
	case c.Format != "":
		got, err = runFormatCase(h, name, c)
	case c.WantProblems != nil:
		return "", runImportCase(h, base, c)
	case c.Tag != "":
		got, err = runTagCase(h, base, c)
	default:
		return "", fmt.Errorf(`a case gives "tag", "wantProblems" or "format"`)
	}
	if err != nil {
		return got, err
	}
	if got != c.Want {
		if opts.Update {
			c.Want = got
			return got, writeCase(file, c)
		}
		return got, fmt.Errorf("%w:\n got  %s\n want %s", ErrMismatch, got, c.Want)
	}
	return got, nil
}

func writeCase(file string, c *Case) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil {
		return err
	}
	return os.WriteFile(file, b.Bytes(), 0o644)
}

// source reads a path (a JSON string, relative to base) or an inline object.
func source(base string, raw json.RawMessage, what string) (name string, data []byte, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", nil, fmt.Errorf("the case names no %s", what)
	}
	if raw[0] == '"' {
		var p string
		if err := json.Unmarshal(raw, &p); err != nil {
			return "", nil, err
		}
		data, err := jsonin.ReadFile(filepath.Join(base, filepath.FromSlash(p)))
		return filepath.Base(p), data, err
	}
	return what + " (inline)", raw, nil
}

func loadRuleset(h *Host, base string, c *Case, kind string) (*ruleset.Ruleset, error) {
	name, data, err := source(base, c.Ruleset, "ruleset")
	if err != nil {
		return nil, err
	}
	if kind != "" {
		if data, err = switchKind(data, kind); err != nil {
			return nil, err
		}
	}
	return ruleset.Load(name, data, h.RulesetOptions())
}

// switchKind replaces resolution.kind in a ruleset file.
func switchKind(data []byte, kind string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("ruleset: %w", err)
	}
	res, ok := m["resolution"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf(`ruleset: no "resolution" object to set the kind of`)
	}
	res["kind"] = kind
	return json.Marshal(m)
}

func runImportCase(h *Host, base string, c *Case) error {
	_, err := loadRuleset(h, base, c, c.Kind)
	var verr *validate.Error
	if !errors.As(err, &verr) {
		if err == nil {
			return fmt.Errorf("the ruleset was accepted; want it refused")
		}
		return err
	}
	for _, w := range c.WantProblems {
		found := false
		for _, p := range verr.Problems {
			if p.Pointer == w.Pointer && strings.Contains(p.Message, w.Contains) {
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("no problem at %s containing %q; got:\n%v", w.Pointer, w.Contains, err)
		}
	}
	return nil
}

func runTagCase(h *Host, base string, c *Case) (string, error) {
	t, err := tag.Parse(c.Tag)
	if err != nil {
		return "", fmt.Errorf("tag: %w", err)
	}
	resolve := func(kind string) (record.Record, error) {
		rs, err := loadRuleset(h, base, c, kind)
		if err != nil {
			return record.Record{}, err
		}
		var chars []*sheet.Character
		for _, raw := range c.Sheets {
			name, data, err := source(base, raw, "sheet")
			if err != nil {
				return record.Record{}, err
			}
			sh, err := sheet.Load(name, data, rs)
			if err != nil {
				return record.Record{}, err
			}
			chars = append(chars, sheet.New(rs, sh))
		}
		var stream dice.Stream
		var script *dice.Scripted
		if c.Faces != nil {
			script = dice.Script(c.Faces...)
			stream = script
		} else {
			seed := uint64(1)
			if c.Seed != nil {
				seed = *c.Seed
			}
			stream = dice.New(seed, 0, 0)
		}
		var r record.Record
		switch {
		case t.NameIs("skill_check"):
			if len(chars) == 0 {
				return record.Record{}, fmt.Errorf("a skill_check case needs a sheet")
			}
			r = check.Resolve(&check.Env{RS: rs, Char: chars[0], Dice: stream, Kinds: h.Resolvers}, t).Record
		case h.Handles(t.Name):
			r, _ = h.Answer(context.Background(), plugin.TagEnv{RS: rs, Characters: chars, Dice: stream}, t)
		default:
			return record.Record{}, fmt.Errorf("tag %q: neither skill_check nor a tag this plugin answers", t.Name)
		}
		if err := record.Check(r); err != nil {
			return r, fmt.Errorf("the record fails the schema: %w", err)
		}
		if script != nil && script.Used() != len(c.Faces) {
			return r, fmt.Errorf("the case scripts %d faces but %d were drawn: %s", len(c.Faces), script.Used(), r)
		}
		return r, nil
	}
	r, err := resolve(c.Kind)
	if err != nil {
		return r.String(), err
	}
	if c.SameAs != "" {
		other, err := resolve(c.SameAs)
		if err != nil {
			return r.String(), fmt.Errorf("as %s: %w", c.SameAs, err)
		}
		if other.String() != r.String() {
			return r.String(), fmt.Errorf("differs from the record with kind %q:\n plugin %s\n %-6s %s", c.SameAs, r, c.SameAs, other)
		}
	}
	return r.String(), nil
}

func runFormatCase(h *Host, name string, c *Case) (string, error) {
	f, ok := h.Formatter(name, record.Plain{})
	if !ok {
		return "", fmt.Errorf("plugin %q has no formatters", name)
	}
	switch c.Format {
	case "record", "item":
		r, err := record.Parse(c.Record)
		if err != nil {
			return "", fmt.Errorf("record: %w", err)
		}
		if c.Format == "record" {
			return f.Record(r), nil
		}
		return f.Item(r), nil
	case "block":
		if c.Block == nil {
			return "", fmt.Errorf(`a block case gives "block": {"name": ..., "lines": [...]}`)
		}
		return f.Block(c.Block.Name, c.Block.Lines), nil
	case "section":
		// A prompt section (engine/prompt) without data: block.name is the
		// section, its lines the default text.
		sf, ok := f.(prompt.SectionFormatter)
		if c.Block == nil || !ok {
			return "", fmt.Errorf(`a section case gives "block": {"name": ..., "lines": [...]} to a formatter with sections`)
		}
		return sf.Section(prompt.Section{Name: c.Block.Name, Text: strings.Join(c.Block.Lines, "\n")}), nil
	}
	return "", fmt.Errorf("format %q: want record, item, block or section", c.Format)
}
