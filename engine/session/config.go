package session

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/jsonin"
)

// Config is what a session folder was started with (its session.json).
// Paths are relative to the session folder, so a session moved together
// with its ruleset, party and plugins (or copied to another machine in the
// same layout) opens as it was; an absolute path is kept as written. The
// hashes say what the files held when the session started: a ruleset,
// party or plugin that changed since is refused by name, since the fold
// of the same log over other rules is another story.
type Config struct {
	Format      int         `json:"format"`
	Ruleset     string      `json:"ruleset"`
	RulesetHash string      `json:"rulesetHash,omitempty"`
	Party       string      `json:"party"`
	PartyHash   string      `json:"partyHash,omitempty"`
	Plugins     []PluginRef `json:"plugins,omitempty"`
	Seed        uint64      `json:"seed"`
	// Answers is the engine's answering version (AnswerVersion) that
	// answered the log; 0 for a session written before it was recorded.
	Answers int `json:"answers,omitempty"`
}

// PluginRef is one plugin folder a session was started with. A ref with
// a Name pins one plugin the ruleset declares ("plugins"): its own
// folder, its manifest's name and version, and its hash; the plugin is
// loaded from the folder refs (the plugin path the session started
// with), the pin says which one answered and in what version.
//
// A ref with a Name and no Dir pins a plugin by name alone: a session the
// service stored (service/serve), whose plugins are the service's, wherever
// they are on its machine. Whoever opens it checks the plugin of that name
// it loaded against the pin's hash (CheckNamePins).
type PluginRef struct {
	Dir     string `json:"dir"`
	Hash    string `json:"hash"`
	Name    string `json:"name,omitempty"`
	Version string `json:"version,omitempty"`
}

// PluginPin is a plugin as the host loaded it, for Config.Pin and for
// Options.Plugins: its manifest's name and version, and its folder.
type PluginPin struct {
	Name, Version, Dir string
}

// what names a ref in a message: a pinned plugin by name and version.
func (r PluginRef) what() string {
	if r.Name == "" {
		return "plugin"
	}
	return fmt.Sprintf("plugin %s %s", r.Name, r.Version)
}

// Pin records each plugin the ruleset declares, as loaded, with the hash
// of its folder: a session whose plugin changed is refused naming it
// (Verify). dir is the session folder the plugin's folder is made
// relative to.
func (c *Config) Pin(dir string, pins []PluginPin) error {
	for _, p := range pins {
		ref := PluginRef{Name: p.Name, Version: p.Version}
		var err error
		if ref.Dir, err = relTo(dir, p.Dir); err != nil {
			return err
		}
		if ref.Hash, err = HashDir(p.Dir, ""); err != nil {
			return err
		}
		c.Plugins = append(c.Plugins, ref)
	}
	return nil
}

// NamePins are the plugins pinned by name alone (a stored session's).
func (c Config) NamePins() []PluginRef {
	var out []PluginRef
	for _, p := range c.Plugins {
		if p.Name != "" && p.Dir == "" {
			out = append(out, p)
		}
	}
	return out
}

// Pins are the config's pinned plugins (the refs with a name).
func (c Config) Pins() []PluginRef {
	var out []PluginRef
	for _, p := range c.Plugins {
		if p.Name != "" {
			out = append(out, p)
		}
	}
	return out
}

// NewConfig describes a session about to be started in dir: the paths of
// the ruleset file, the party folder and each plugin folder (as given on
// the command line) made relative to dir, and the content hash of each.
func NewConfig(dir, rulesetFile, partyDir string, pluginDirs []string, seed uint64) (Config, error) {
	cfg := Config{Format: CurrentFormat, Seed: seed, Answers: AnswerVersion}
	var err error
	if cfg.Ruleset, err = relTo(dir, rulesetFile); err != nil {
		return cfg, err
	}
	if cfg.RulesetHash, err = HashFile(rulesetFile); err != nil {
		return cfg, err
	}
	if cfg.Party, err = relTo(dir, partyDir); err != nil {
		return cfg, err
	}
	if cfg.PartyHash, err = HashDir(partyDir, "*.json"); err != nil {
		return cfg, err
	}
	for _, p := range pluginDirs {
		ref := PluginRef{}
		if ref.Dir, err = relTo(dir, p); err != nil {
			return cfg, err
		}
		if ref.Hash, err = HashDir(p, ""); err != nil {
			return cfg, err
		}
		cfg.Plugins = append(cfg.Plugins, ref)
	}
	return cfg, nil
}

// relTo is path relative to dir, as a slash path.
func relTo(dir, path string) (string, error) {
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("session: %w", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("session: %w", err)
	}
	rel, err := filepath.Rel(absDir, abs)
	if err != nil {
		return filepath.ToSlash(abs), nil
	}
	return filepath.ToSlash(rel), nil
}

// Path resolves a path of the config against the session folder.
func Path(dir, p string) string {
	p = filepath.FromSlash(p)
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// Resolved is the config with every path resolved against dir, as the
// Loader receives it.
func (c Config) Resolved(dir string) Config {
	c.Ruleset = Path(dir, c.Ruleset)
	c.Party = Path(dir, c.Party)
	c.Plugins = append([]PluginRef(nil), c.Plugins...)
	for i := range c.Plugins {
		if c.Plugins[i].Dir != "" { // a pin by name alone has no folder
			c.Plugins[i].Dir = Path(dir, c.Plugins[i].Dir)
		}
	}
	return c
}

// PluginDirs are the session's plugin folders, resolved against dir: its
// plugin path, without the pinned plugins (which that path holds).
func (c Config) PluginDirs(dir string) []string {
	var out []string
	for _, p := range c.Plugins {
		if p.Name == "" {
			out = append(out, Path(dir, p.Dir))
		}
	}
	return out
}

// ChangedError names what changed under a session since it started:
// its files (Changes) and what answers its log (Answers: another
// answering version, a format-1 session without hashes).
type ChangedError struct {
	Dir     string
	Changes []string
	Answers []string
}

func (e *ChangedError) Error() string {
	if len(e.Changes) == 0 {
		return fmt.Sprintf("session %s: %s; its log may fold to another state (accept it on purpose with --accept-changed)",
			e.Dir, strings.Join(e.Answers, "; "))
	}
	msg := fmt.Sprintf("session %s: %s since the session started", e.Dir, strings.Join(e.Changes, "; "))
	if len(e.Answers) > 0 {
		msg += "; " + strings.Join(e.Answers, "; ")
	}
	return msg + "; its log would fold to another state (accept the change on purpose with --accept-changed)"
}

// AnsweredBy names an answering version as a message says it: "version
// 2", or, for 0, the engine before versions were recorded.
func AnsweredBy(v int) string {
	if v == 0 {
		return "an engine that recorded no version"
	}
	return fmt.Sprintf("version %d", v)
}

// Verify compares the hashes of the config with the files as they are
// now (dir is the session folder), and its answering version with this
// engine's: a session answered by another version, or a format-1 session
// without hashes (whose files cannot be checked), would fold to another
// state without a word, so each is named.
func (c Config) Verify(dir string) error {
	r := c.Resolved(dir)
	var changes, answers []string
	if c.Answers != AnswerVersion {
		answers = append(answers, fmt.Sprintf("its log was answered by %s and this rulehost answers version %d (rulehost session upgrade %s re-answers it under the current rules)", AnsweredBy(c.Answers), AnswerVersion, dir))
	}
	if c.Format == 1 && c.RulesetHash == "" && c.PartyHash == "" {
		answers = append(answers, "it is a format-1 session without hashes, so the ruleset and party it began with cannot be checked")
	}
	check := func(what, path, want string, hash func() (string, error)) {
		if want == "" {
			return
		}
		got, err := hash()
		switch {
		case err != nil:
			changes = append(changes, fmt.Sprintf("%s %s cannot be read (%v)", what, path, err))
		case got != want:
			changes = append(changes, fmt.Sprintf("%s %s changed (%s, was %s)", what, path, short(got), short(want)))
		}
	}
	check("ruleset", c.Ruleset, c.RulesetHash, func() (string, error) { return HashFile(r.Ruleset) })
	check("party", c.Party, c.PartyHash, func() (string, error) { return HashDir(r.Party, "*.json") })
	pinned := map[string]bool{}
	for _, p := range c.Pins() {
		pinned[p.Dir] = true
	}
	for i, p := range c.Plugins {
		if p.Name == "" && pinned[p.Dir] {
			continue // the pin of the same folder names the change
		}
		if p.Dir == "" {
			continue // pinned by name alone: CheckNamePins, against the plugins loaded
		}
		check(p.what(), p.Dir, p.Hash, func() (string, error) { return HashDir(r.Plugins[i].Dir, "") })
	}
	if len(changes)+len(answers) > 0 {
		return &ChangedError{Dir: dir, Changes: changes, Answers: answers}
	}
	return nil
}

func short(h string) string {
	if len(h) > 19 {
		return h[:19]
	}
	return h
}

// HashFile is "sha256:" and the hex SHA-256 of a file's bytes.
func HashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("session: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("session: %w", err)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// HashDir hashes every regular file under dir whose name matches pattern
// ("" for all), by relative path and content, in path order: a file
// added, removed, renamed or edited changes it.
func HashDir(dir, pattern string) (string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if pattern != "" {
			if ok, _ := filepath.Match(pattern, d.Name()); !ok {
				return nil
			}
		}
		files = append(files, path)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("session: %w", err)
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		data, err := os.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("session: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), len(data))
		h.Write(data)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// formatGiven says whether a config names its format (an absent one is
// format 1).
func formatGiven(b []byte) (bool, error) {
	v, err := jsonin.Decode(b)
	if err != nil {
		return false, err
	}
	obj, _ := v.(map[string]any)
	_, ok := obj["format"]
	return ok, nil
}

// ReadConfig reads a session folder's config strictly (duplicate keys,
// invalid UTF-8 and unknown members refused).
func ReadConfig(dir string) (Config, error) {
	var cfg Config
	b, err := jsonin.ReadFile(filepath.Join(dir, ConfigFile))
	if err != nil {
		return cfg, fmt.Errorf("session: %w", err)
	}
	if err := jsonin.Unmarshal(b, &cfg); err != nil {
		return cfg, fmt.Errorf("session: %s: %w", filepath.Join(dir, ConfigFile), err)
	}
	if cfg.Format < FormatV1 {
		if given, err := formatGiven(b); err != nil || given {
			// Only a config without "format" is format 1; a format of 0 or
			// less is no format at all, and the log is not to blame.
			return cfg, fmt.Errorf("session: %s: format %d: a session's format is %d to %d (or left out, for %d)", filepath.Join(dir, ConfigFile), cfg.Format, FormatV1, CurrentFormat, FormatV1)
		}
		cfg.Format = FormatV1 // written before formats were numbered
	}
	if cfg.Format > CurrentFormat {
		return cfg, fmt.Errorf("session: %s: format %d is newer than this rulehost reads (%d)", filepath.Join(dir, ConfigFile), cfg.Format, CurrentFormat)
	}
	return cfg, nil
}
