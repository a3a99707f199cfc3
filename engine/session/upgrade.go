package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// Upgraded is what Upgrade did: what had changed under the session (its
// answering version, a file's hash, a log without integrity checks) and
// how much of its log was re-answered.
type Upgraded struct {
	Changes []string
	Events  int
	Records int
}

// Upgrade re-answers a session folder's log under the current rules: the
// ruleset, party and plugins as they are now and this engine's answering
// version. It folds the whole log (refusing it as Open would if a line is
// damaged), then records the current hashes and AnswerVersion in
// session.json, rewriting a format-1 log in the current format with its
// integrity checks; each file is replaced atomically. It holds the
// folder's write lock throughout (wait as OpenWith).
func Upgrade(dir string, load Loader, o Options, wait time.Duration) (Upgraded, error) {
	var up Upgraded
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); errors.Is(err, os.ErrNotExist) {
		return up, fmt.Errorf("session: %s %w", dir, ErrNoSession)
	}
	lock, err := lockDir(dir, wait)
	if err != nil {
		return up, err
	}
	defer lock.unlock()
	cfg, err := ReadConfig(dir)
	if err != nil {
		return up, err
	}
	var ce *ChangedError
	if err := cfg.VerifyLoaded(dir, o.Plugins); errors.As(err, &ce) {
		up.Changes = append(append(up.Changes, ce.Changes...), ce.Answers...)
	} else if err != nil {
		return up, err
	}
	if cfg.Format != CurrentFormat {
		up.Changes = append(up.Changes, fmt.Sprintf("its log is in format %d and is rewritten in format %d, with integrity checks", cfg.Format, CurrentFormat))
	}
	rs, sheets, err := load(cfg.Resolved(dir))
	if err != nil {
		return up, err
	}
	events, _, err := readLog(dir, cfg.Format)
	if err != nil {
		return up, err
	}
	s := FoldWith(rs, sheets, cfg.Seed, events, o.Hooks)
	up.Events = len(events)
	for _, r := range s.State().Replies {
		up.Records += len(r.Records)
	}
	if len(up.Changes) == 0 {
		return up, nil // answered by this version, on these files: nothing to do
	}
	now, err := currentConfig(dir, cfg, o.Plugins)
	if err != nil {
		return up, err
	}
	if cfg.Format != CurrentFormat {
		var b []byte
		for i, ev := range events {
			ev.Seq = i + 1
			b = AppendLine(b, ev, false)
		}
		if err := replaceFile(dir, LogFile, b); err != nil {
			return up, err
		}
	}
	b, err := json.MarshalIndent(now, "", "  ")
	if err != nil {
		return up, err
	}
	if err := replaceFile(dir, ConfigFile, append(b, '\n')); err != nil {
		return up, err
	}
	return up, nil
}

// currentConfig is cfg with the hashes of the files as they are now, the
// current format and this engine's answering version.
func currentConfig(dir string, cfg Config, loaded []PluginPin) (Config, error) {
	r := cfg.Resolved(dir)
	out := cfg
	out.Format, out.Answers = CurrentFormat, AnswerVersion
	var err error
	if out.RulesetHash, err = HashFile(r.Ruleset); err != nil {
		return out, err
	}
	if out.PartyHash, err = HashDir(r.Party, "*.json"); err != nil {
		return out, err
	}
	out.Plugins = nil
	var named []PluginPin // the plugins loaded now of the pins by name
	for _, p := range cfg.NamePins() {
		if i := slices.IndexFunc(loaded, func(l PluginPin) bool { return l.Name == p.Name }); i >= 0 {
			named = append(named, loaded[i])
		} // a pinned plugin not loaded now did not answer the refold: its pin goes
	}
	for _, p := range cfg.Plugins {
		if p.Dir != "" {
			out.Plugins = append(out.Plugins, p)
		}
	}
	for i := range out.Plugins {
		if out.Plugins[i].Hash, err = HashDir(Path(dir, out.Plugins[i].Dir), ""); err != nil {
			return out, err
		}
		// a pinned plugin takes the version it has now, as loaded (the
		// first of a name is the one loaded)
		if name := out.Plugins[i].Name; name != "" {
			if j := slices.IndexFunc(loaded, func(l PluginPin) bool { return l.Name == name }); j >= 0 {
				out.Plugins[i].Version = loaded[j].Version
			}
		}
	}
	pins, err := PinByName(named)
	if err != nil {
		return out, err
	}
	out.Plugins = append(out.Plugins, pins...)
	return out, nil
}

// replaceFile writes name in dir through a temporary file renamed over
// it, synced, so a crash leaves the old file or the new one whole.
func replaceFile(dir, name string, data []byte) error {
	tmp, err := os.CreateTemp(dir, "."+name+".*")
	if err != nil {
		return fmt.Errorf("session: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("session: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("session: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("session: %w", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("session: %w", err)
	}
	return syncDir(dir)
}
