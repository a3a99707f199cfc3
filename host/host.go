// Package host is the Lua plugin host as the rest of rulehost uses it:
// load plugins from folders, hand their resolution kinds to the engine
// (ruleset.Options.Kinds for import validation, check.Env.Kinds for
// resolving), answer their tags, and restyle text through their
// formatters. The packages below do the work: sandbox (the safe Lua
// state), bridge (what plugins see), plugin (manifests, loading, pools),
// kind (plugin resolution kinds) and format (formatters with fallback).
//
// The host may import the engine; nothing in the engine imports it, and
// it never imports service/, suite/ or cmd/ (docs/architecture.md).
package host

import (
	"context"
	"sort"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/format"
	"github.com/rulehost/rulehost/host/isolate"
	"github.com/rulehost/rulehost/host/kind"
	"github.com/rulehost/rulehost/host/plugin"
)

// DefaultDir is the bundled plugins' folder, loaded when it exists.
const DefaultDir = "plugins"

// Host is a loaded set of plugins, ready for the engine.
type Host struct {
	Set *plugin.Set
	// Kinds go into ruleset.Options.Kinds; Resolvers into check.Env.Kinds.
	Kinds     map[string]ruleset.Kind
	Resolvers map[string]check.Resolver
	// remote runs the plugins in a worker process (LoadIsolated); Set is
	// then empty and every call goes through it.
	remote *isolate.Client
	// path is what the load found on its plugin path, for the rulesets
	// that declare plugins (RulesetOptions).
	path *ruleset.PluginPath
}

// Dirs is the plugin path of a command that reads no ruleset file: the
// --plugins folders, the RULEHOST_PLUGINS folders, then the working
// directory's plugins/ (when it exists). Path gives a ruleset's.
func Dirs(extra []string) []string { return Path(nil, extra) }

// Load loads the plugins under dirs (a plugin path: Path). Plugins that
// fail are returned as errors (one per plugin, naming it, its file and
// line) and left out; the host serves the others. A plugin whose name an
// earlier one on the path took is left out too: the first is the one used.
func Load(dirs []string, opts plugin.Options) (*Host, []error) {
	set, errs := plugin.LoadDirs(dirs, opts)
	h := FromSet(set)
	h.path = pluginPath(dirs, h.Manifests(), h.PluginDirs(), errs)
	return h, errs
}

// FromSet wraps an already loaded set.
// Its plugin path is the loaded plugins' own folders.
func FromSet(set *plugin.Set) *Host {
	h := &Host{Set: set}
	h.Kinds, h.Resolvers = kind.FromSet(set)
	dirs := h.PluginDirs()
	h.path = pluginPath(dirs, h.Manifests(), dirs, nil)
	return h
}

// RulesetOptions are the options to load rulesets with, so plugin kinds
// validate and a ruleset's declared plugins are checked against what
// this host found on its plugin path.
func (h *Host) RulesetOptions() ruleset.Options {
	return ruleset.Options{Kinds: h.Kinds, Plugins: h.path}
}

// PluginPath is what the host found on its plugin path (nil for none).
func (h *Host) PluginPath() *ruleset.PluginPath { return h.path }

// SetLooked names every folder the plugin path considered, missing ones
// too (PathLooked), for the rulesets this host validates to name in a
// refusal; the plugins found stay as loaded. Options taken before keep
// what they had.
func (h *Host) SetLooked(folders []string) {
	pp := &ruleset.PluginPath{Folders: append([]string(nil), folders...)}
	if h.path != nil {
		pp.Found = h.path.Found
	}
	h.path = pp
}

// Handles reports whether a plugin answers tags with this name.
func (h *Host) Handles(name string) bool {
	if h.remote != nil {
		return h.remote.Handles(name)
	}
	return h.Set.Handles(name)
}

// Answer answers a plugin tag (ok false when no plugin answers it).
func (h *Host) Answer(ctx context.Context, env plugin.TagEnv, t tag.Tag) (record.Record, bool) {
	if h.remote != nil {
		return h.remote.Answer(env, t)
	}
	return h.Set.Answer(ctx, env, t)
}

// Formatter returns the named plugin's formatters over fallback (the
// built-in text when nil); ok is false when no loaded plugin of that name
// has formatters.
func (h *Host) Formatter(name string, fallback record.Formatter) (record.Formatter, bool) {
	if h.remote != nil {
		return h.remote.Formatter(name, fallback)
	}
	p, ok := h.Set.Formatters[name]
	if !ok {
		return fallback, false
	}
	return format.New(p, fallback, h.Set.Opts.Logger.Named("format")), true
}

// Close releases the plugins' idle states.
func (h *Host) Close() {
	if h.remote != nil {
		h.remote.Close()
	}
	h.Set.Close()
}

// FormatterNames lists the loaded plugins that have formatters, sorted.
func (h *Host) FormatterNames() []string {
	if h.remote != nil {
		return h.remote.FormatterNames()
	}
	var out []string
	for n := range h.Set.Formatters {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// LoadIsolated loads the plugins under dirs in a worker process under OS
// limits (see host/isolate) and serves every plugin call through it: the
// same records as Load, with plugin code kept out of this process. The
// program must call isolate.ServeIfWorker first thing in main (the
// worker is this program re-run). err is a worker that could not start.
func LoadIsolated(dirs []string, opts plugin.Options, iso isolate.Options) (h *Host, errs []error, err error) {
	c, errs, err := isolate.Start(dirs, opts, iso)
	if err != nil {
		return nil, nil, err
	}
	h = &Host{Set: plugin.NewSet(opts), remote: c}
	h.Kinds, h.Resolvers = c.Kinds()
	h.path = pluginPath(dirs, h.Manifests(), h.PluginDirs(), errs)
	return h, errs, nil
}

// PluginNames lists the loaded plugins' names, in load order.
func (h *Host) PluginNames() []string {
	var out []string
	if h.remote != nil {
		for _, p := range h.remote.Plugins() {
			out = append(out, p.Manifest.Name)
		}
		return out
	}
	for _, p := range h.Set.Plugins {
		out = append(out, p.Name())
	}
	return out
}

// Manifests lists the loaded plugins' manifests, in load order, in
// process or isolated alike (a regression suite stamps its goldens with
// the versions of the plugins behind a kind or tag).
func (h *Host) Manifests() []plugin.Manifest {
	var out []plugin.Manifest
	if h.remote != nil {
		for _, p := range h.remote.Plugins() {
			out = append(out, p.Manifest)
		}
		return out
	}
	for _, p := range h.Set.Plugins {
		out = append(out, p.Manifest)
	}
	return out
}

// PluginDirs lists the folders of the loaded plugins, in load order.
func (h *Host) PluginDirs() []string {
	var out []string
	if h.remote != nil {
		for _, p := range h.remote.Plugins() {
			out = append(out, p.Dir)
		}
		return out
	}
	for _, p := range h.Set.Plugins {
		out = append(out, p.Dir)
	}
	return out
}

// Pins are the loaded plugins as a session pins them (session.Config.Pin,
// the service's pins by name): manifest name, version and folder, in load
// order.
func (h *Host) Pins() []session.PluginPin {
	dirs := h.PluginDirs()
	var out []session.PluginPin
	for i, m := range h.Manifests() {
		out = append(out, session.PluginPin{Name: m.Name, Version: m.Version, Dir: dirs[i]})
	}
	return out
}

// Restarts reports how many isolated workers have been replaced (0 in
// process).
func (h *Host) Restarts() int {
	if h.remote == nil {
		return 0
	}
	return h.remote.Restarts()
}

// Isolated reports whether the host runs its plugins in a worker.
func (h *Host) Isolated() bool { return h.remote != nil }

// SessionTags adapts the host to session.TagHandler, so a session answers
// plugin tags (opposed_check) against its party as it stands.
func (h *Host) SessionTags() session.TagHandler { return sessionTags{h} }

type sessionTags struct{ h *Host }

func (t sessionTags) Handles(name string) bool { return t.h.Handles(name) }

func (t sessionTags) Answer(rs *ruleset.Ruleset, party []*sheet.Character, s dice.Stream, tg tag.Tag) record.Record {
	r, ok := t.h.Answer(context.Background(), plugin.TagEnv{RS: rs, Characters: party, Dice: s}, tg)
	if !ok {
		return record.Refused(tg.Name, "unknown-tag", "note", "no loaded plugin answers this tag")
	}
	return r
}
