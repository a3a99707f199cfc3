package plugin

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// Set is the plugins loaded for one host: what kinds, tags and formatters
// they provide, each name owned by exactly one plugin.
type Set struct {
	Plugins []*Plugin
	// Kinds maps a resolution kind name to the plugin providing it.
	Kinds map[string]*Plugin
	// Tags maps a tag name to the plugin answering it.
	Tags map[string]*Plugin
	// Formatters maps a plugin name to the plugin, for plugins with formatters.
	Formatters map[string]*Plugin
	Opts       Options
}

// NewSet returns an empty set.
func NewSet(opts Options) *Set {
	return &Set{Kinds: map[string]*Plugin{}, Tags: map[string]*Plugin{}, Formatters: map[string]*Plugin{}, Opts: opts.withDefaults()}
}

// Plugin returns the loaded plugin with this name.
func (s *Set) Plugin(name string) (*Plugin, bool) {
	for _, p := range s.Plugins {
		if p.Name() == name {
			return p, true
		}
	}
	return nil, false
}

// PluginDirs lists the plugin folders under dir: dir itself when it holds
// plugin.lua, otherwise each immediate subfolder that does, sorted.
func PluginDirs(dir string) ([]string, error) {
	if _, err := os.Stat(filepath.Join(dir, "plugin.lua")); err == nil {
		return []string{dir}, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("plugins: %w", err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, e.Name())
		if _, err := os.Stat(filepath.Join(sub, "plugin.lua")); err == nil {
			out = append(out, sub)
		}
	}
	sort.Strings(out)
	return out, nil
}

// LoadDirs loads every plugin under dirs (see PluginDirs). It returns the
// set of plugins that loaded and one error per plugin (or folder) that did
// not; a broken plugin never stops the others. The caller reports the
// errors (the CLI logs them).
func LoadDirs(dirs []string, opts Options) (*Set, []error) {
	s := NewSet(opts)
	var errs []error
	for _, d := range dirs {
		pds, err := PluginDirs(d)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, pd := range pds {
			p, err := Load(pd, s.Opts)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if err := s.Add(p); err != nil {
				p.Close()
				errs = append(errs, err)
				continue
			}
			s.Opts.Logger.Debug("plugin loaded", "plugin", p.Name(), "version", p.Manifest.Version, "dir", pd)
		}
	}
	return s, errs
}

// Add adds a loaded plugin, refusing it whole when its name, one of its
// kinds or one of its tags is already taken (by the engine or another
// plugin).
func (s *Set) Add(p *Plugin) error {
	le := func(format string, args ...any) *LoadError {
		return &LoadError{Plugin: p.Name(), Version: p.Manifest.Version, Dir: p.Dir, File: filepath.ToSlash(filepath.Join(filepath.Base(p.Dir), "plugin.lua")), Err: fmt.Errorf(format, args...)}
	}
	if other, ok := s.Plugin(p.Name()); ok {
		e := le("a plugin named %q is already loaded from %s", p.Name(), other.Dir)
		e.Shadowed = true
		return e
	}
	for _, k := range p.Manifest.Kinds {
		if ruleset.IsNativeKind(k.Name) {
			return le("kind %q is a native resolution kind", k.Name)
		}
		if other, ok := s.Kinds[k.Name]; ok {
			return le("kind %q is already provided by plugin %q", k.Name, other.Name())
		}
	}
	for _, t := range p.Manifest.Tags {
		if other, ok := s.Tags[t]; ok {
			return le("tag %q is already answered by plugin %q", t, other.Name())
		}
	}
	if err := record.RegisterExtension(p.Manifest.Extension()); err != nil {
		return le("%v", err)
	}
	s.Plugins = append(s.Plugins, p)
	for _, k := range p.Manifest.Kinds {
		s.Kinds[k.Name] = p
	}
	for _, t := range p.Manifest.Tags {
		s.Tags[t] = p
	}
	if len(p.Manifest.Formatters) > 0 {
		s.Formatters[p.Name()] = p
	}
	return nil
}

// Close closes every plugin's idle states.
func (s *Set) Close() {
	for _, p := range s.Plugins {
		p.Close()
	}
}
