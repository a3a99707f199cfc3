// Package apikey is the service's API keys (docs/http.md "Keys and
// tenants"): bearer tokens a client sends as "Authorization: Bearer KEY",
// kept hashed in a keys file (`rulehost serve keys add|list|revoke`) or
// given in the environment.
//
// A key is 32 random bytes (256 bits), so its SHA-256 is all that is
// stored: with that much entropy nobody can find a key from its hash by
// guessing, and a slow password hash (bcrypt, argon2) would buy nothing
// but a cost on every request. The hash is also the lookup: a map keyed
// by it, so no key is compared byte by byte against a token.
package apikey

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/rulehost/rulehost/internal/lazy"
)

// Prefix starts every key this package makes, so a leaked one is
// recognisable (and greppable) as a rulehost key.
const Prefix = "rh_"

// Key is one key as stored: never the token, only its hash.
type Key struct {
	// Name is the operator's label ("discord-bot").
	Name string
	// Hash is the SHA-256 of the token.
	Hash [32]byte
	// Created is when `keys add` made it (zero for a key from the
	// environment).
	Created time.Time
}

// Owner is the key's tenant id, stored with every session it creates: a
// short prefix of its hash (naming the key without revealing it; the
// same key always owns the same sessions, whatever its name).
func (k Key) Owner() string { return "k" + hex.EncodeToString(k.Hash[:8]) }

// HashToken is the SHA-256 of a token.
func HashToken(token string) [32]byte { return sha256.Sum256([]byte(token)) }

// New makes a new random token.
func New() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("api key: %w", err)
	}
	return Prefix + base64.RawURLEncoding.EncodeToString(b[:]), nil
}

var namePattern = lazy.Regexp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// Parse reads a keys file: one key a line, "NAME sha256:HEX CREATED"
// (CREATED in RFC 3339), # comments and blank lines allowed. Every
// departure is refused with its line number.
func Parse(data []byte) ([]Key, error) {
	var out []Key
	names := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: want NAME sha256:HEX CREATED, found %d fields", n, len(f))
		}
		if !namePattern().MatchString(f[0]) {
			return nil, fmt.Errorf("line %d: name %q: 1 to 64 letters, digits, . _ and -", n, f[0])
		}
		if names[f[0]] {
			return nil, fmt.Errorf("line %d: a second key named %q", n, f[0])
		}
		names[f[0]] = true
		hx, ok := strings.CutPrefix(f[1], "sha256:")
		raw, err := hex.DecodeString(hx)
		if !ok || err != nil || len(raw) != 32 {
			return nil, fmt.Errorf("line %d: hash %q: want sha256: and 64 hex digits", n, f[1])
		}
		created, err := time.Parse(time.RFC3339, f[2])
		if err != nil {
			return nil, fmt.Errorf("line %d: created %q: want an RFC 3339 time", n, f[2])
		}
		k := Key{Name: f[0], Created: created}
		copy(k.Hash[:], raw)
		out = append(out, k)
	}
	return out, sc.Err()
}

func format(keys []Key) []byte {
	var b bytes.Buffer
	b.WriteString("# rulehost API keys: NAME sha256:HASH CREATED (the keys themselves are not kept)\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "%s sha256:%s %s\n", k.Name, hex.EncodeToString(k.Hash[:]), k.Created.UTC().Format(time.RFC3339))
	}
	return b.Bytes()
}

// ReadFile reads a keys file; a missing file holds no keys.
func ReadFile(path string) ([]Key, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("keys file: %w", err)
	}
	keys, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("keys file %s: %w", path, err)
	}
	return keys, nil
}

// writeFile replaces the keys file atomically (a reader sees the old or
// the new file, never half of one), readable by its owner only.
func writeFile(path string, keys []Key) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".keys-*")
	if err != nil {
		return fmt.Errorf("keys file: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(format(keys))
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o600)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("keys file: %w", err)
	}
	return nil
}

// Add makes a key named name, stores its hash in the keys file and
// returns the token: the only time it is seen.
func Add(path, name string, now time.Time) (string, error) {
	if !namePattern().MatchString(name) {
		return "", fmt.Errorf("key name %q: 1 to 64 letters, digits, . _ and -", name)
	}
	keys, err := ReadFile(path)
	if err != nil {
		return "", err
	}
	for _, k := range keys {
		if k.Name == name {
			return "", fmt.Errorf("a key named %q exists; revoke it first or choose another name", name)
		}
	}
	token, err := New()
	if err != nil {
		return "", err
	}
	keys = append(keys, Key{Name: name, Hash: HashToken(token), Created: now.UTC().Truncate(time.Second)})
	return token, writeFile(path, keys)
}

// Revoke removes the key named name from the keys file.
func Revoke(path, name string) error {
	keys, err := ReadFile(path)
	if err != nil {
		return err
	}
	out := keys[:0]
	for _, k := range keys {
		if k.Name != name {
			out = append(out, k)
		}
	}
	if len(out) == len(keys) {
		return fmt.Errorf("no key named %q in %s", name, path)
	}
	return writeFile(path, out)
}

// Set is the keys a service accepts: those of its keys file (re-read
// when it changes, so a revoked key stops working within a second
// without a restart) and those of the environment.
type Set struct {
	path string
	env  map[[32]byte]Key

	mu      sync.Mutex
	checked time.Time
	sum     [32]byte // the SHA-256 of the file's bytes last parsed
	file    map[[32]byte]Key
}

// EnvVar holds keys given in the environment: tokens separated by commas
// (for a container without a keys file).
const EnvVar = "RULEHOST_API_KEYS"

// Open is the set of a keys file (path may be "") and of env (the value
// of RULEHOST_API_KEYS, may be "").
func Open(path, env string) (*Set, error) {
	s := &Set{path: path, env: map[[32]byte]Key{}}
	for i, tok := range strings.Split(env, ",") {
		if tok = strings.TrimSpace(tok); tok == "" {
			continue
		}
		if len(tok) < 16 {
			return nil, fmt.Errorf("%s: key %d is %d characters; a key is at least 16 (make one with `rulehost serve keys add`)", EnvVar, i+1, len(tok))
		}
		h := HashToken(tok)
		s.env[h] = Key{Name: fmt.Sprintf("env-%d", i+1), Hash: h}
	}
	if path != "" {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("keys file: %w", err)
		}
		if err := s.reload(time.Now()); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Empty: no key is accepted (nor any configured).
func (s *Set) Empty() bool {
	if s == nil {
		return true
	}
	return len(s.env) == 0 && s.path == "" // a keys file, even empty, turns keys on
}

// Lookup is the key a token is, if the set holds it.
func (s *Set) Lookup(token string) (Key, bool) {
	h := HashToken(token)
	if k, ok := s.env[h]; ok {
		return k, true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if now := time.Now(); s.path != "" && now.Sub(s.checked) >= time.Second {
		// A keys file that cannot be read now keeps the keys last read:
		// an operator's half-finished edit locks nobody out.
		_ = s.reloadLocked(now)
	}
	k, ok := s.file[h]
	return k, ok
}

func (s *Set) reload(now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reloadLocked(now)
}

func (s *Set) reloadLocked(now time.Time) error {
	s.checked = now
	// The bytes themselves, not the file's modification time and size,
	// say whether it changed: an edit in place (truncate, then write)
	// read halfway can have the same time and size as the finished file
	// (timestamps move by the clock tick), and that torn read would then
	// stand until the next edit. The file is small; reading it once a
	// second costs nothing.
	data, err := readBounded(s.path)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	if s.file != nil && sum == s.sum {
		return nil
	}
	keys, err := Parse(data)
	if err != nil {
		return fmt.Errorf("keys file %s: %w", s.path, err)
	}
	m := make(map[[32]byte]Key, len(keys))
	for _, k := range keys {
		m[k.Hash] = k
	}
	s.file, s.sum = m, sum
	return nil
}

// MaxFileBytes bounds the keys file (about 40,000 keys): it is read once
// a second under the lock every lookup takes, so a file grown without
// bound would stall every request; past it the keys last read stand.
const MaxFileBytes = 4 << 20

// readBounded reads the keys file, refusing one over MaxFileBytes.
func readBounded(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("keys file: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("keys file: %w", err)
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("keys file %s: over %d bytes; a keys file holds one short line a key", path, MaxFileBytes)
	}
	return data, nil
}

// Names are the keys' names, sorted (for a log line at start).
func (s *Set) Names() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, k := range s.env {
		out = append(out, k.Name)
	}
	for _, k := range s.file {
		out = append(out, k.Name)
	}
	sort.Strings(out)
	return out
}
