package record

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rulehost/rulehost/internal/lazy"
)

// A plugin's own record names and keys.
//
// A plugin declares them in its manifest (name, type, meaning); the host
// registers them here when the plugin loads, and Check then holds the
// plugin's records to them exactly as it holds native records to the
// native schema. They are owned: a plugin's record names are answered
// only by that plugin, and the keys it declares for "check" go only on
// the checks of its own kinds (resolution= one of its kinds). They can
// never collide with the engine's: a native record name or key (in any
// case) is refused at registration, so a plugin cannot redefine what
// success= or an [inventory: ...] record means.

// CheckRecord is the record name under which an extension declares keys
// for the checks of its own kinds.
const CheckRecord = "check"

// Extension is one plugin's record names and keys.
type Extension struct {
	// Owner is the plugin's name.
	Owner string
	// Records maps each record name the plugin answers with to what it
	// answers (for docs and `rulehost plugin info`).
	Records map[string]string
	// Kinds are the plugin's resolution kinds: a check record whose
	// resolution= is one of them may carry the keys declared for "check".
	Kinds []string
	// Keys are the plugin's keys; each Key.Tags names the record names
	// it goes on (the plugin's own records, or "check").
	Keys []Key

	// byRecord indexes Keys: record name -> lower-case key -> Key.
	byRecord map[string]map[string]Key
}

// Limits on what one extension may declare: it is read from a plugin's
// manifest, which is hostile input.
const (
	MaxExtRecords = 16
	MaxExtKeys    = 128
	MaxExtDoc     = 500
)

var (
	extRecordRE = lazy.Regexp(`^[a-z][a-z0-9_]{0,63}$`)
	extKeyRE    = lazy.Regexp(`^[A-Za-z][A-Za-z0-9_]{0,63}$`)

	// extensions by owner; extRecords maps a record name to its owner and
	// extKinds a kind to its owner (both guarded by mu).
	extensions = map[string]*Extension{}
	extRecords = map[string]string{}
	extKinds   = map[string]string{}
)

// ParseType reads a key type as a manifest writes it: the names the docs
// use ("text", "integer", "signed integer", "number", "boolean",
// "integer list"), or the short "signed" and "integers".
func ParseType(s string) (Type, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "text", "string":
		return Text, true
	case "integer", "int":
		return Int, true
	case "signed integer", "signed":
		return Signed, true
	case "number":
		return Number, true
	case "boolean", "bool":
		return Bool, true
	case "integer list", "integers":
		return IntList, true
	}
	return 0, false
}

// RegisterExtension checks an extension against the native schema and
// the other plugins' extensions and, when it fits, makes Check accept its
// records and keys. Registering an owner again replaces its declaration
// (a plugin loaded twice in one process). The error lists every problem,
// each naming the record or key.
func RegisterExtension(e Extension) error {
	mu.Lock()
	defer mu.Unlock()
	if err := e.index(); err != nil {
		return err
	}
	var probs []string
	bad := func(format string, args ...any) { probs = append(probs, fmt.Sprintf(format, args...)) }
	for name := range e.Records {
		if _, native := tagNames[name]; native {
			bad("record %q is a record the engine writes; name yours differently", name)
		} else if o, ok := extRecords[name]; ok && o != e.Owner {
			bad("record %q is already answered by plugin %q", name, o)
		}
	}
	for _, k := range e.Kinds {
		if o, ok := extKinds[k]; ok && o != e.Owner {
			bad("kind %q is already provided by plugin %q", k, o)
		}
	}
	for _, k := range e.Keys {
		if _, native := keys[strings.ToLower(k.Name)]; native {
			bad("key %q is a key the engine writes; name yours differently (keys are compared in any case)", k.Name)
		}
	}
	sort.Strings(probs)
	if len(probs) > 0 {
		return fmt.Errorf("record keys: %s", strings.Join(probs, "; "))
	}
	unregister(e.Owner)
	ext := e
	extensions[e.Owner] = &ext
	for name := range e.Records {
		extRecords[name] = e.Owner
	}
	for _, k := range e.Kinds {
		extKinds[k] = e.Owner
	}
	return nil
}

// UnregisterExtension forgets an owner's records and keys.
func UnregisterExtension(owner string) {
	mu.Lock()
	defer mu.Unlock()
	unregister(owner)
}

func unregister(owner string) {
	old, ok := extensions[owner]
	if !ok {
		return
	}
	for name := range old.Records {
		if extRecords[name] == owner {
			delete(extRecords, name)
		}
	}
	for _, k := range old.Kinds {
		if extKinds[k] == owner {
			delete(extKinds, k)
		}
	}
	delete(extensions, owner)
}

// ExtensionOf returns the registered extension of an owner.
func ExtensionOf(owner string) (Extension, bool) {
	mu.RLock()
	defer mu.RUnlock()
	e, ok := extensions[owner]
	if !ok {
		return Extension{}, false
	}
	return *e, true
}

// OwnerOf returns the plugin that declared a record name ("" for a native
// record or an unknown name).
func OwnerOf(recordName string) string {
	mu.RLock()
	defer mu.RUnlock()
	return extRecords[recordName]
}

// IsNativeKey reports whether the engine's schema has this key (any case).
func IsNativeKey(name string) bool {
	mu.RLock()
	defer mu.RUnlock()
	_, ok := keys[strings.ToLower(name)]
	return ok
}

// IsNativeRecord reports whether the engine writes records of this name.
func IsNativeRecord(name string) bool {
	mu.RLock()
	defer mu.RUnlock()
	_, ok := tagNames[name]
	return ok
}

// index checks the extension's own shape and builds byRecord.
func (e *Extension) index() error {
	var probs []string
	bad := func(format string, args ...any) { probs = append(probs, fmt.Sprintf(format, args...)) }
	if e.Owner == "" {
		bad("an extension names its owner")
	}
	if len(e.Records) > MaxExtRecords {
		bad("%d record names; at most %d", len(e.Records), MaxExtRecords)
	}
	if len(e.Keys) > MaxExtKeys {
		bad("%d keys; at most %d", len(e.Keys), MaxExtKeys)
	}
	for name, doc := range e.Records {
		if !extRecordRE().MatchString(name) || name == CheckRecord {
			bad("record name %q: use lower-case letters, digits and underscores (and not %q)", name, CheckRecord)
		}
		if len(doc) > MaxExtDoc {
			bad("record %q: a meaning of %d bytes; at most %d", name, len(doc), MaxExtDoc)
		}
	}
	e.byRecord = map[string]map[string]Key{}
	for _, k := range e.Keys {
		if !extKeyRE().MatchString(k.Name) {
			bad("key %q: use letters, digits and underscores, starting with a letter", k.Name)
			continue
		}
		if k.Doc == "" || len(k.Doc) > MaxExtDoc {
			bad("key %q: give its meaning in 1 to %d bytes", k.Name, MaxExtDoc)
		}
		if k.Type < Text || k.Type > Signed {
			bad("key %q: unknown type", k.Name)
		}
		if len(k.Tags) != 1 {
			bad("key %q: declare it on exactly one record", k.Name)
			continue
		}
		on := k.Tags[0]
		if _, own := e.Records[on]; !own && on != CheckRecord {
			bad("key %q: record %q is not one of this plugin's records", k.Name, on)
			continue
		}
		if on == CheckRecord && len(e.Kinds) == 0 {
			bad("key %q: keys on %q go on the checks of the plugin's kinds, and it provides none", k.Name, CheckRecord)
			continue
		}
		m := e.byRecord[on]
		if m == nil {
			m = map[string]Key{}
			e.byRecord[on] = m
		}
		lk := strings.ToLower(k.Name)
		if _, dup := m[lk]; dup {
			bad("key %q is declared twice on %q", k.Name, on)
		}
		m[lk] = k
	}
	sort.Strings(probs)
	if len(probs) > 0 {
		return fmt.Errorf("record keys: %s", strings.Join(probs, "; "))
	}
	return nil
}

// extKeysFor returns the plugin keys a record may carry and whether the
// record name itself is a plugin's; mu must be held.
func extKeysFor(r Record) (map[string]Key, bool) {
	if owner, ok := extRecords[r.Name]; ok {
		return extensions[owner].byRecord[r.Name], true
	}
	if r.Name != CheckRecord || len(extKinds) == 0 {
		return nil, false
	}
	res, ok := r.Get("resolution")
	if !ok {
		return nil, false
	}
	owner, ok := extKinds[res]
	if !ok {
		return nil, false
	}
	return extensions[owner].byRecord[CheckRecord], false
}
