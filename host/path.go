package host

import (
	"errors"
	"os"
	"path/filepath"
	"slices"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/host/plugin"
)

// EnvVar names more plugin folders, separated by os.PathListSeparator;
// they come after the --plugins folders on the plugin path.
const EnvVar = "RULEHOST_PLUGINS"

// Path is the plugin path of the rulesets in files (none for a command
// that reads no ruleset file), in the order a plugin is looked for, the
// first plugin of a name being the one loaded (docs/plugins.md "A
// ruleset's plugins"):
//
//  1. each ruleset's own folder's plugins/;
//  2. each --plugins folder (extra), as given: a missing one is the
//     caller's to refuse;
//  3. each RULEHOST_PLUGINS folder;
//  4. the working directory's plugins/;
//  5. for each plugin NAME a ruleset declares, plugins/NAME in the
//     nearest folder above the ruleset's own that has it, up to the
//     repository root (the first folder holding .git) or the filesystem
//     root: a bundled ruleset finds the repository's plugins from any
//     working directory. Only that plugin's folder is added, not the rest
//     of that plugins/ folder (which may hold test fixtures), and nothing
//     when that plugins/ folder is already on the path whole.
//
// Folders of steps 1, 3, 4 and 5 that do not exist are left out, and a
// folder already on the path (the same folder by another name) is not
// added twice. A ruleset without "plugins" gets what it got before the
// key existed, plus its own plugins/ folder when it has one.
func Path(files, extra []string) []string {
	dirs, _ := PathLooked(files, extra)
	return dirs
}

// PathLooked is Path, and every folder it considered, in its order, a
// folder that does not exist marked "(missing)" (the working directory's
// written ./plugins): what a refusal of a declared plugin says it looked
// in, so the user sees where the plugin could have been.
func PathLooked(files, extra []string) (dirs, looked []string) {
	walkPath(files, extra, func(dir string, exists bool) {
		if exists {
			dirs = append(dirs, dir)
		}
		name := dir
		if name == DefaultDir {
			name = "./" + DefaultDir
		}
		if !exists {
			name += " (missing)"
		}
		looked = append(looked, name)
	})
	return dirs, looked
}

// walkPath visits Path's candidates in order, each folder once (the same
// folder by another name is skipped), saying whether it exists. A
// --plugins folder counts as existing: the caller refuses a missing one.
func walkPath(files, extra []string, visit func(dir string, exists bool)) {
	seen := map[string]bool{}
	add := func(dir string, given bool) {
		key := sameFolder(dir)
		if seen[key] {
			return
		}
		seen[key] = true
		visit(dir, given || isDir(dir))
	}
	for _, f := range files {
		add(filepath.Join(filepath.Dir(f), DefaultDir), false)
	}
	for _, d := range extra {
		add(d, true)
	}
	for _, d := range filepath.SplitList(os.Getenv(EnvVar)) {
		if d != "" {
			add(d, false)
		}
	}
	add(DefaultDir, false)
	for _, f := range files {
		ancestors := ancestorPluginDirs(f)
		for _, name := range declaredNames(f) {
			for _, d := range ancestors {
				pd := filepath.Join(d, name)
				_, err := os.Stat(filepath.Join(pd, "plugin.lua"))
				has := err == nil
				if seen[sameFolder(d)] {
					if has {
						break // that plugins/ folder is on the path whole, NAME in it
					}
					continue // on the path, without NAME: a farther one may have it
				}
				if has {
					add(pd, true)
					break // the nearest copy; farther ones would be shadowed
				}
				if key := sameFolder(pd); !seen[key] {
					seen[key] = true
					visit(pd, false)
				}
			}
		}
	}
}

// ancestorPluginDirs are the plugins/ folders above a ruleset file's own
// folder, nearest first, up to the repository root (the first folder
// holding .git, its plugins/ included) or the filesystem root.
func ancestorPluginDirs(file string) []string {
	dir, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return nil
	}
	var out []string
	for {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			break // the repository root: its own plugins/ was the last
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
		out = append(out, filepath.Join(dir, DefaultDir))
	}
	return out
}

// declaredNames are the plugin names a ruleset file declares, each a
// valid plugin name (so none can name a path outside plugins/). A file
// that cannot be read or decoded declares none here; loading it reports
// why.
func declaredNames(file string) []string {
	data, err := jsonin.ReadFile(file)
	if err != nil {
		return nil
	}
	v, err := jsonin.Decode(data)
	if err != nil {
		return nil
	}
	m, _ := v.(map[string]any)
	arr, _ := m["plugins"].([]any)
	var out []string
	for _, e := range arr {
		o, _ := e.(map[string]any)
		if name, ok := o["name"].(string); ok && ruleset.ValidPluginName(name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

func isDir(d string) bool {
	st, err := os.Stat(d)
	return err == nil && st.IsDir()
}

// sameFolder is a key equal for two names of one folder (relative and
// absolute, through a symbolic link).
func sameFolder(d string) string {
	if abs, err := filepath.Abs(d); err == nil {
		d = abs
	}
	if real, err := filepath.EvalSymlinks(d); err == nil {
		d = real
	}
	return d
}

// pluginPath is what a load found on dirs, for the ruleset validator
// (ruleset.Options.Plugins): every plugin in path order, the loaded ones
// with their manifest's version, the others with why they were left out.
func pluginPath(dirs []string, loaded []plugin.Manifest, loadedDirs []string, errs []error) *ruleset.PluginPath {
	pp := &ruleset.PluginPath{Folders: append([]string(nil), dirs...)}
	for i, m := range loaded {
		pp.Found = append(pp.Found, ruleset.FoundPlugin{Name: m.Name, Version: m.Version, Dir: loadedDirs[i]})
	}
	for _, err := range errs {
		var le *plugin.LoadError
		if !errors.As(err, &le) {
			continue
		}
		f := ruleset.FoundPlugin{Name: le.Plugin, Version: le.Version, Dir: le.Dir}
		if !le.Shadowed {
			f.Err = err.Error()
		}
		pp.Found = append(pp.Found, f)
	}
	slices.SortStableFunc(pp.Found, func(a, b ruleset.FoundPlugin) int {
		return pathOrder(dirs, a.Dir) - pathOrder(dirs, b.Dir)
	})
	return pp
}

// pathOrder is where a plugin's folder sits on the path: the index of
// the path folder that is it or holds it, times a large step, plus its
// rank in that folder (PluginDirs sorts a folder's plugins by name).
func pathOrder(dirs []string, pluginDir string) int {
	const step = 1 << 20
	for i, d := range dirs {
		if filepath.Clean(d) == filepath.Clean(pluginDir) {
			return i * step
		}
		if filepath.Clean(d) == filepath.Dir(filepath.Clean(pluginDir)) {
			pds, _ := plugin.PluginDirs(d)
			return i*step + 1 + max(0, slices.Index(pds, filepath.Join(d, filepath.Base(pluginDir))))
		}
	}
	return len(dirs) * step
}
