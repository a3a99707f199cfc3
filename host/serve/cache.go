package serve

import (
	"os"
	"sync"
	"time"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// bundledCache keeps bundled rulesets and sheets loaded, so a request
// naming one does not read and validate the file again: the load is most
// of a check's cost. An entry holds while the file's size and modification
// time are those it was loaded at (a bundled file edited in place is
// loaded again). Loaded rulesets and sheets are only read afterwards, so
// requests share them. The cache is bounded by the bundled folder's files.
type bundledCache struct {
	mu       sync.Mutex
	rulesets map[string]cachedRuleset
	sheets   map[sheetKey]cachedSheet
}

type fileStamp struct {
	size int64
	mod  time.Time
}

type cachedRuleset struct {
	stamp fileStamp
	rs    *ruleset.Ruleset
}

type sheetKey struct {
	path string
	rs   *ruleset.Ruleset
}

type cachedSheet struct {
	stamp fileStamp
	sh    *sheet.Sheet
}

func stamp(path string) (fileStamp, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{}, err
	}
	return fileStamp{fi.Size(), fi.ModTime()}, nil
}

// ruleset loads a bundled ruleset file, or returns it as loaded before.
func (c *bundledCache) ruleset(path string, opts ruleset.Options) (*ruleset.Ruleset, error) {
	st, err := stamp(path)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	e, ok := c.rulesets[path]
	c.mu.Unlock()
	if ok && e.stamp == st {
		return e.rs, nil
	}
	rs, err := ruleset.LoadFile(path, opts)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.rulesets == nil {
		c.rulesets = map[string]cachedRuleset{}
	}
	c.rulesets[path] = cachedRuleset{st, rs}
	c.mu.Unlock()
	return rs, nil
}

// sheet loads a bundled sheet against a (cached) ruleset.
func (c *bundledCache) sheet(path string, rs *ruleset.Ruleset) (*sheet.Sheet, error) {
	st, err := stamp(path)
	if err != nil {
		return nil, err
	}
	k := sheetKey{path, rs}
	c.mu.Lock()
	e, ok := c.sheets[k]
	c.mu.Unlock()
	if ok && e.stamp == st {
		return e.sh, nil
	}
	sh, err := sheet.LoadFile(path, rs)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.sheets == nil {
		c.sheets = map[sheetKey]cachedSheet{}
	}
	for old := range c.sheets { // a sheet of a replaced ruleset is dropped
		if old.path == path && old.rs != rs {
			delete(c.sheets, old)
		}
	}
	c.sheets[k] = cachedSheet{st, sh}
	c.mu.Unlock()
	return sh, nil
}
