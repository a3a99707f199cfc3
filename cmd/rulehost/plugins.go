package main

import (
	"errors"
	"sync"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/isolate"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/urfave/cli/v2"
)

// loadOptions are what plugins add to loading and checking.
type loadOptions struct {
	Ruleset ruleset.Options
	Kinds   map[string]check.Resolver
	// Host is the loaded plugin host (nil when no plugin folder exists).
	Host *host.Host
	// loaded is the ruleset when it was already read (a check that turned
	// out to need no plugin), so it is not read twice.
	loaded *ruleset.Ruleset
}

// hooks are the plugin kinds and tags a session answers with.
func (o loadOptions) hooks() session.Hooks {
	h := session.Hooks{Kinds: o.Kinds}
	if o.Host != nil {
		h.Tags = o.Host.SessionTags()
	}
	return h
}

// loadedPlugins are the loaded plugins as a session pins them (Host.Pins).
func (o loadOptions) loadedPlugins() []session.PluginPin {
	if o.Host == nil {
		return nil
	}
	return o.Host.Pins()
}

// sessionOptions are the plugins' part of opening a session: their
// hooks for the fold, and the plugins a session's pins are checked against.
func (o loadOptions) sessionOptions() session.Options {
	return session.Options{Hooks: o.hooks(), Plugins: o.loadedPlugins()}
}

// acceptChanged is o with the command's --accept-changed.
func acceptChanged(c *cli.Context, o session.Options) session.Options {
	o.AcceptChanged = c.Bool("accept-changed")
	return o
}

// pins are the loaded plugins the ruleset declares: what a session
// started on it pins (session.Config.Pin). The validator has already
// refused a ruleset whose declared plugin did not load.
func (o loadOptions) pins(rs *ruleset.Ruleset) []session.PluginPin {
	var out []session.PluginPin
	loaded := o.loadedPlugins()
	for _, need := range rs.Plugins {
		for _, p := range loaded {
			if p.Name == need.Name {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// callDeadline is every plugin call's deadline; zero is the plugin host's
// default (plugin.DefaultDeadline). Only the tests set it (TestMain): they
// check what a plugin answers, not how fast, on a machine that may be
// heavily loaded, where a good call can miss 250 ms.
var callDeadline time.Duration

// pluginOptions loads the plugins of a command that reads no ruleset file
// (host.Dirs: every --plugins DIR, RULEHOST_PLUGINS, ./plugins). A plugin
// that does not load is reported on stderr with its name, file and line
// and left out; the others still serve. A --plugins folder that does not
// exist is a misuse.
func pluginOptions(c *cli.Context) (loadOptions, error) {
	return pluginOptionsFrom(c, host.Dirs(c.StringSlice("plugins")))
}

// rulesetPluginOptions loads the plugin path of the ruleset files
// (host.Path: each file's own plugins/ folder first, and last the plugins
// a file declares, from the plugins/ folders above it), so a command
// finds a ruleset's plugins from any working directory. Every folder
// considered, missing ones too, is what a refusal says it looked in.
func rulesetPluginOptions(c *cli.Context, files ...string) (loadOptions, error) {
	opts, _, err := rulesetPluginPath(c, files...)
	return opts, err
}

// rulesetPluginPath is rulesetPluginOptions with the folders it loaded
// from (the plugin path a session started on them records).
func rulesetPluginPath(c *cli.Context, files ...string) (loadOptions, []string, error) {
	dirs, looked := host.PathLooked(files, c.StringSlice("plugins"))
	opts, err := pluginOptionsFrom(c, dirs)
	switch {
	case err != nil:
	case opts.Host != nil:
		// the host names them too: serve validates through it
		opts.Host.SetLooked(looked)
		opts.Ruleset = opts.Host.RulesetOptions()
	default:
		opts.Ruleset.Plugins = lookedIn(opts.Ruleset.Plugins, looked)
	}
	return opts, dirs, err
}

// lookedIn is the plugin path found with every folder it looked in,
// missing ones too, for a refusal of a declared plugin to name them.
func lookedIn(found *ruleset.PluginPath, looked []string) *ruleset.PluginPath {
	out := &ruleset.PluginPath{Folders: looked}
	if found != nil {
		out.Found = found.Found
	}
	return out
}

// pluginOptionsFrom loads the plugins under dirs (a session's own, or the
// command line's). With no folder at all, a ruleset that declares plugins
// is still checked against the empty path, so it is refused naming them.
func pluginOptionsFrom(c *cli.Context, dirs []string) (loadOptions, error) {
	if len(dirs) == 0 {
		return loadOptions{Ruleset: ruleset.Options{Plugins: &ruleset.PluginPath{}}}, nil
	}
	log := logger(c)
	for _, d := range dirs {
		if _, err := plugin.PluginDirs(d); err != nil {
			return loadOptions{}, misuse(c, "--plugins %s: %v", d, err)
		}
	}
	popts := plugin.Options{Logger: log.Named("plugins"), Deadline: callDeadline}
	var h *host.Host
	var errs []error
	if c.Bool("isolate") {
		var err error
		h, errs, err = host.LoadIsolated(dirs, popts, *isolateOptions(c))
		if err != nil {
			return loadOptions{}, refused(err)
		}
		closeAtEnd(c, h.Close)
	} else {
		h, errs = host.Load(dirs, popts)
	}
	for _, err := range errs {
		var le *plugin.LoadError
		if errors.As(err, &le) && le.Shadowed {
			// the path's order at work: the first of a name is the one used
			log.Warn("plugin shadowed by one of the same name earlier on the plugin path", "plugin", le.Plugin, "version", le.Version, "dir", le.Dir)
			continue
		}
		log.Error("plugin left out", "error", err)
	}
	return loadOptions{Ruleset: h.RulesetOptions(), Kinds: h.Resolvers, Host: h}, nil
}

// closeAtEnd has run close once the command line's command has ended
// (run calls closeAll): an isolated host's worker processes are ended and
// waited for, so none outlives the command still writing to its stderr.
func closeAtEnd(c *cli.Context, close func()) {
	if c.App.Metadata == nil {
		c.App.Metadata = map[string]any{}
	}
	closers, _ := c.App.Metadata[closersKey].([]func())
	c.App.Metadata[closersKey] = append(closers, sync.OnceFunc(close))
}

const closersKey = "rulehost.closers"

// closeAll runs what closeAtEnd registered, last first.
func closeAll(app *cli.App) {
	closers, _ := app.Metadata[closersKey].([]func())
	for i := len(closers) - 1; i >= 0; i-- {
		closers[i]()
	}
}

// isolateOptions are the worker's options when --isolate is given, else
// nil.
func isolateOptions(c *cli.Context) *isolate.Options {
	if !c.Bool("isolate") {
		return nil
	}
	// --isolate-workers is serve's (0 elsewhere: GOMAXPROCS, started as
	// needed, so a one-shot command starts one)
	return &isolate.Options{LogLevel: c.String("log-level"), Stderr: c.App.ErrWriter, Workers: c.Int("isolate-workers")}
}

// isolateUsage is --isolate's help, the same on every command.
const isolateUsage = "run plugin code in a separate worker process under OS limits (address space, CPU time); " +
	"a worker that dies is replaced and its call refused. Same records, slower calls"

// addIsolateFlag gives --isolate to every command that loads plugins (the
// ones with --plugins), so no command can run plugin code in-process when
// isolation was asked for.
func addIsolateFlag(cmds []*cli.Command) {
	for _, c := range cmds {
		addIsolateFlag(c.Subcommands)
		has := false
		for _, f := range c.Flags {
			// By the field, not Names(), which builds a slice for every
			// flag of every command on each start.
			if sf, ok := f.(*cli.StringSliceFlag); ok && sf.Name == "plugins" {
				has = true
			}
		}
		if has {
			c.Flags = append(c.Flags, &cli.BoolFlag{Name: "isolate", Usage: isolateUsage})
		}
	}
}

// sessionPluginDirs are the folders a session's fold loads its plugins
// from: the plugin path it was started with and, for a session the
// service stored (which pins its plugins by name alone, the service's
// folders being its own), this command's plugin path (--plugins,
// RULEHOST_PLUGINS, ./plugins), where the pinned plugins are looked for by
// name. A pinned plugin not found, or found changed, is refused by name
// (session.Config.VerifyLoaded).
func sessionPluginDirs(c *cli.Context, cfg session.Config, dir string) []string {
	dirs := cfg.PluginDirs(dir)
	if len(cfg.NamePins()) > 0 {
		dirs = append(dirs, host.Dirs(c.StringSlice("plugins"))...)
	}
	return dirs
}
