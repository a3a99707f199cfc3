package serve

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"
	"weak"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Loading and validating a ruleset is most of a check's cost (about a
// millisecond for d20-5e against microseconds for the check itself), so
// the service loads each ruleset and sheet once and shares the loaded
// value between requests (they are only read after loading):
//
//   - a bundled file is kept while its size and modification time are
//     those it was loaded at, looked at again at most once a second
//     (restat), so an edit in place is seen within a second without a
//     stat per request;
//   - an inline ruleset or sheet is kept by the SHA-256 of its bytes
//     (contentCache), so a client sending the same ruleset with every
//     request pays for one load; refusals are kept too (the same bytes
//     are refused the same way).

// restat is how long a bundled file's stamp is trusted before it is
// looked at again.
const restat = time.Second

// errNoFile is a bundled file that does not exist.
var errNoFile = errors.New("no such bundled file")

// bundledCache keeps bundled rulesets and sheets loaded. It is bounded by
// the bundled folder's files.
type bundledCache struct {
	mu       sync.Mutex
	rulesets map[string]*cachedRuleset
	sheets   map[sheetKey]*cachedSheet
}

type fileStamp struct {
	size int64
	mod  time.Time
}

type cachedRuleset struct {
	stamp   fileStamp
	checked time.Time // when stamp was last compared with the file
	rs      *ruleset.Ruleset
}

type sheetKey struct {
	path string
	rs   *ruleset.Ruleset
}

type cachedSheet struct {
	stamp   fileStamp
	checked time.Time
	sh      *sheet.Sheet
}

func stamp(path string) (fileStamp, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !fi.Mode().IsRegular()) {
		return fileStamp{}, errNoFile
	}
	if err != nil {
		return fileStamp{}, err
	}
	return fileStamp{fi.Size(), fi.ModTime()}, nil
}

// fresh says whether an entry stamped st, last checked at checked, still
// holds: without a stat within restat of the last one.
func fresh(path string, st fileStamp, checked *time.Time, now time.Time) (bool, error) {
	if now.Sub(*checked) < restat {
		return true, nil
	}
	cur, err := stamp(path)
	if err != nil {
		return false, err
	}
	if cur != st {
		return false, nil
	}
	*checked = now
	return true, nil
}

// ruleset loads a bundled ruleset file, or returns it as loaded before;
// errNoFile when there is no such file.
func (c *bundledCache) ruleset(path string, opts ruleset.Options) (*ruleset.Ruleset, error) {
	now := time.Now()
	c.mu.Lock()
	if e := c.rulesets[path]; e != nil {
		ok, err := fresh(path, e.stamp, &e.checked, now)
		if ok || err != nil {
			c.mu.Unlock()
			if err != nil {
				return nil, err
			}
			return e.rs, nil
		}
	}
	c.mu.Unlock()
	st, err := stamp(path)
	if err != nil {
		return nil, err
	}
	rs, err := ruleset.LoadFile(path, opts)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.rulesets == nil {
		c.rulesets = map[string]*cachedRuleset{}
	}
	c.rulesets[path] = &cachedRuleset{stamp: st, checked: now, rs: rs}
	c.mu.Unlock()
	return rs, nil
}

// sheet loads a bundled sheet against a (cached) ruleset; errNoFile when
// there is no such file.
func (c *bundledCache) sheet(path string, rs *ruleset.Ruleset) (*sheet.Sheet, error) {
	now := time.Now()
	k := sheetKey{path, rs}
	c.mu.Lock()
	if e := c.sheets[k]; e != nil {
		ok, err := fresh(path, e.stamp, &e.checked, now)
		if ok || err != nil {
			c.mu.Unlock()
			if err != nil {
				return nil, err
			}
			return e.sh, nil
		}
	}
	c.mu.Unlock()
	st, err := stamp(path)
	if err != nil {
		return nil, err
	}
	sh, err := sheet.LoadFile(path, rs)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.sheets == nil {
		c.sheets = map[sheetKey]*cachedSheet{}
	}
	for old := range c.sheets { // a sheet of a replaced ruleset is dropped
		if old.path == path && old.rs != rs {
			delete(c.sheets, old)
		}
	}
	c.sheets[k] = &cachedSheet{stamp: st, checked: now, sh: sh}
	c.mu.Unlock()
	return sh, nil
}

// maxContent bounds the inline rulesets (and, separately, sheets) kept
// loaded, and maxContentBytes the bytes they were loaded from; past
// either the entries used longest ago go. The count alone let 256 bodies
// of the largest size stay loaded, over a gigabyte of source.
const (
	maxContent      = 256
	maxContentBytes = 64 << 20
)

// contentKey is what an inline ruleset or sheet is kept by: the SHA-256 of
// its bytes, and for a sheet the ruleset it was loaded against (the same
// sheet reads differently under another ruleset). The ruleset is held
// weakly: a sheet kept does not keep a ruleset the ruleset cache let go,
// or 256 sheets could keep 256 of the largest rulesets loaded.
type contentKey struct {
	sum [sha256.Size]byte
	rs  weak.Pointer[ruleset.Ruleset]
}

type contentEntry struct {
	v    any // *ruleset.Ruleset or *sheet.Sheet
	err  error
	used uint64
	size int // the bytes it was loaded from
}

// contentCache keeps loaded inline content by hash, bounded.
type contentCache struct {
	mu      sync.Mutex
	entries map[contentKey]*contentEntry
	tick    uint64
	size    int // the bytes the entries were loaded from
	// maxBytes bounds size; maxContentBytes when 0.
	maxBytes int
}

// get returns the value loaded from data under the name its problems'
// pointers start with (and rs, for a sheet), loading it with load the
// first time.
func (c *contentCache) get(name string, data []byte, rs *ruleset.Ruleset, load func() (any, error)) (any, error) {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(data)
	k := contentKey{rs: weak.Make(rs)}
	h.Sum(k.sum[:0])
	c.mu.Lock()
	c.tick++
	if e := c.entries[k]; e != nil {
		e.used = c.tick
		c.mu.Unlock()
		return e.v, e.err
	}
	c.mu.Unlock()
	v, err := load()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[contentKey]*contentEntry{}
	}
	if old := c.entries[k]; old != nil { // loaded meanwhile by another request
		return old.v, old.err
	}
	limit := c.maxBytes
	if limit <= 0 {
		limit = maxContentBytes
	}
	if len(data) > limit {
		return v, err // kept by nobody: it would push out everything else
	}
	for len(c.entries) > 0 && (len(c.entries) >= maxContent || c.size+len(data) > limit) {
		c.evict()
	}
	c.entries[k] = &contentEntry{v: v, err: err, used: c.tick, size: len(data)}
	c.size += len(data)
	return v, err
}

// evict drops the entry used longest ago (under mu).
func (c *contentCache) evict() {
	var oldest contentKey
	at := ^uint64(0)
	for k, e := range c.entries {
		if e.used < at {
			oldest, at = k, e.used
		}
	}
	c.size -= c.entries[oldest].size
	delete(c.entries, oldest)
}

// inlineRuleset loads an inline ruleset, once per content.
func (s *Server) inlineRuleset(name string, data []byte) (*ruleset.Ruleset, error) {
	v, err := s.inline.get(name, data, nil, func() (any, error) { return ruleset.Load(name, data, s.rulesetOptions()) })
	if err != nil {
		return nil, err
	}
	return v.(*ruleset.Ruleset), nil
}

// inlineSheet loads an inline sheet against rs, once per content.
func (s *Server) inlineSheet(name string, data []byte, rs *ruleset.Ruleset) (*sheet.Sheet, error) {
	v, err := s.inlineSheets.get(name, data, rs, func() (any, error) { return sheet.Load(name, data, rs) })
	if err != nil {
		return nil, err
	}
	sh, ok := v.(*sheet.Sheet)
	if !ok {
		return nil, fmt.Errorf("sheet cache: %T", v)
	}
	return sh, nil
}
