package suite

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/isolate"
	"github.com/rulehost/rulehost/host/plugin"
)

// env is what the cases of one suite share: the plugins it loads (once),
// and its rulesets and sheets, each loaded once on first use. Rulesets and
// sheets are read-only once loaded, so concurrent cases share them; each
// case makes its own sheet.Character.
type env struct {
	suite *Suite
	host  *host.Host
	// loadErrs maps a plugin folder to why it did not load.
	loadErrs map[string]error

	// Loaded once on first use; sync.Map, since every case reads them
	// and a lock taken per case would serialize the workers.
	rulesets sync.Map // file -> *onceRuleset
	sheets   sync.Map // sheetKey -> *onceSheet
	names    sync.Map // plugin folder -> *onceName
}

type onceRuleset struct {
	once sync.Once
	rs   *ruleset.Ruleset
	err  error
}

type sheetKey struct{ ruleset, file string }

type onceSheet struct {
	once sync.Once
	sh   *sheet.Sheet
	err  error
}

// newEnv loads the suite's plugins (in a worker process when iso is set).
// A plugin that does not load is recorded (its load case fails) and left
// out; the others serve.
func newEnv(s *Suite, opts plugin.Options, iso *isolate.Options) *env {
	e := &env{suite: s, loadErrs: map[string]error{}}
	if iso != nil {
		e.host = isolatedHost(s.PluginDirs, opts, *iso, e.loadErrs)
		return e
	}
	set := plugin.NewSet(opts)
	for _, d := range s.PluginDirs {
		p, err := plugin.Load(d, opts)
		if err == nil {
			if err = set.Add(p); err != nil {
				p.Close()
			}
		}
		if err != nil {
			e.loadErrs[d] = err
		}
	}
	e.host = host.FromSet(set)
	return e
}

// isolatedHost loads the plugin folders in one worker; each folder none of
// whose plugins loaded gets the load error that names its plugin.lua (or,
// failing that, every error).
func isolatedHost(dirs []string, opts plugin.Options, iso isolate.Options, loadErrs map[string]error) *host.Host {
	h, errs, err := host.LoadIsolated(dirs, opts, iso)
	if err != nil {
		for _, d := range dirs {
			loadErrs[d] = err
		}
		return host.FromSet(plugin.NewSet(opts))
	}
	loaded := map[string]bool{}
	for _, d := range h.PluginDirs() {
		loaded[filepath.Clean(d)] = true
	}
	for _, d := range dirs {
		if loaded[filepath.Clean(d)] {
			continue
		}
		loadErrs[d] = errors.Join(errs...)
		for _, e := range errs {
			if strings.Contains(e.Error(), filepath.Base(d)+"/plugin.lua") {
				loadErrs[d] = e
				break
			}
		}
	}
	return h
}

func (e *env) close() { e.host.Close() }

// rulesetFile resolves a case's ruleset reference (a name or a file).
func (e *env) rulesetFile(ref string) string {
	if f, ok := e.suite.Rulesets[ref]; ok {
		return f
	}
	return ref
}

// ruleset loads a ruleset once, with the suite's plugin kinds. When it is
// refused for a kind no loaded plugin provides, the error says which suite
// plugins did not load, since that is the likely cause.
func (e *env) ruleset(ref string) (*ruleset.Ruleset, error) {
	file := e.rulesetFile(ref)
	v, ok := e.rulesets.Load(file)
	if !ok {
		v, _ = e.rulesets.LoadOrStore(file, &onceRuleset{})
	}
	o := v.(*onceRuleset)
	o.once.Do(func() {
		o.rs, o.err = ruleset.LoadFile(file, e.host.RulesetOptions())
		if o.err != nil && len(e.loadErrs) > 0 {
			o.err = fmt.Errorf("%w\n(plugins of this suite that did not load: %s)", o.err, e.loadErrList())
		}
	})
	return o.rs, o.err
}

func (e *env) loadErrList() string {
	var errs []error
	for _, d := range e.suite.PluginDirs {
		if err, ok := e.loadErrs[d]; ok {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...).Error()
}

// sheet loads a sheet once per ruleset.
func (e *env) sheet(rsFile string, rs *ruleset.Ruleset, file string) (*sheet.Sheet, error) {
	k := sheetKey{rsFile, filepath.Clean(file)}
	v, ok := e.sheets.Load(k)
	if !ok {
		v, _ = e.sheets.LoadOrStore(k, &onceSheet{})
	}
	o := v.(*onceSheet)
	o.once.Do(func() { o.sh, o.err = sheet.LoadFile(file, rs) })
	return o.sh, o.err
}

// characters loads a case's sheets as fresh characters.
func (e *env) characters(ref string, rs *ruleset.Ruleset, files []string) ([]*sheet.Character, error) {
	rsFile := e.rulesetFile(ref)
	chars := make([]*sheet.Character, 0, len(files))
	for _, f := range files {
		sh, err := e.sheet(rsFile, rs, f)
		if err != nil {
			return nil, err
		}
		chars = append(chars, sheet.New(rs, sh))
	}
	return chars, nil
}

// stamp is the golden stamp for a case over this ruleset and tag: the
// engine, and the plugins that can change its records (the ruleset's
// plugin kind and the plugin answering tagName, or every plugin answering
// tags when allTags is set), in process or isolated alike.
func (e *env) stamp(rs *ruleset.Ruleset, tagName string, allTags bool) Stamp {
	kind := ""
	if rs != nil && rs.Resolution != nil {
		kind = rs.Resolution.Kind
	}
	plugins := map[string]string{}
	for _, m := range e.host.Manifests() {
		if stampsCase(m, kind, tagName, allTags) {
			plugins[m.Name] = m.Version
		}
	}
	return currentStamp(plugins)
}

// stampsCase reports whether a plugin can change the case's records.
func stampsCase(m plugin.Manifest, kind, tagName string, allTags bool) bool {
	for _, k := range m.Kinds {
		if k.Name == kind {
			return true
		}
	}
	for _, t := range m.Tags {
		if allTags || strings.EqualFold(t, tagName) {
			return true
		}
	}
	return false
}

// checkInputs reads what a check case and an odds case both start from:
// the ruleset ref names, the characters of its sheets, and the tag. The
// error says which of the three failed.
func (e *env) checkInputs(ref string, sheets []string, text string) (*ruleset.Ruleset, []*sheet.Character, tag.Tag, error) {
	rs, err := e.ruleset(ref)
	if err != nil {
		return nil, nil, tag.Tag{}, fmt.Errorf("ruleset: %w", err)
	}
	chars, err := e.characters(ref, rs, sheets)
	if err != nil {
		return nil, nil, tag.Tag{}, fmt.Errorf("sheet: %w", err)
	}
	t, err := tag.Parse(text)
	if err != nil {
		return nil, nil, tag.Tag{}, fmt.Errorf("tag: %w", err)
	}
	return rs, chars, t, nil
}
