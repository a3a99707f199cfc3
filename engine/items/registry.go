package items

import (
	"fmt"
	"github.com/rulehost/rulehost/engine/check"
	"strings"
	"sync"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// Turn is what an action may read beyond the party and its tag: who wrote
// it and the seeded dice of this tag. Outside a session (a bare Answer),
// Dice is a stream seeded from zero, so an action that rolls still
// rolls deterministically.
type Turn struct {
	Actor Actor
	// Dice is this tag's own stream: dice.New(session seed, turn, ordinal).
	Dice dice.Stream
	// Seed is the session's seed and Index the reply's position in the
	// effective log, for what is seeded by something other than the tag
	// (a market day rolls its shelf from the day, not from the tag).
	Seed  uint64
	Index int
	// Kinds resolves a plugin's resolution kind (check.Env.Kinds), so a
	// check an item rolls (a fake's tell) is the ruleset's own, whatever
	// provides its kind.
	Kinds map[string]check.Resolver
}

// ActionFunc answers one tag (an inventory action, or a tag of its own
// such as [loot:]) against the party. It returns the record, and a
// refusal changes nothing.
type ActionFunc func(p *Party, t tag.Tag, turn Turn) record.Record

// The sections of spec/items.md built after the bag core (money, loot,
// gear, use, markets) live in packages of their own, which register the
// inventory actions and tags they answer here instead of growing one
// switch (DESIGN.md "Layout"). The session imports them, so every
// session answers them.
var (
	registryMu sync.RWMutex
	actions    = map[string]ActionFunc{}
	ownTags    = map[string]ActionFunc{}
)

// RegisterAction makes fn answer [inventory: action="name"]. It panics on
// a name registered twice or one the bag core answers itself: both are
// programming errors caught by any test that imports the package.
func RegisterAction(name string, fn ActionFunc) {
	name = strings.ToLower(name)
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := actions[name]; dup || coreActions[name] {
		panic(fmt.Sprintf("items: inventory action %q registered twice", name))
	}
	actions[name] = fn
}

// RegisterTag makes fn answer tags named name ([loot: ...], [place: ...]).
func RegisterTag(name string, fn ActionFunc) {
	name = strings.ToLower(name)
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := ownTags[name]; dup || name == "inventory" {
		panic(fmt.Sprintf("items: tag %q registered twice", name))
	}
	ownTags[name] = fn
}

var early = map[string]bool{}

// RegisterEarly makes a reply answer tags named name (already registered
// with RegisterTag) before its other tags: [place:] sets the place in
// force when the reply ends, which every purchase in it reads.
func RegisterEarly(name string) {
	name = strings.ToLower(name)
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, ok := ownTags[name]; !ok {
		panic(fmt.Sprintf("items: early tag %q is not registered", name))
	}
	early[name] = true
}

// Early reports a tag a reply answers before its others.
func Early(name string) bool {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return len(early) > 0 && early[strings.ToLower(name)]
}

// InspectFunc answers an inspect the bag core hands on (a section that
// knows more about an item, such as a market's fakes); ok false leaves
// it to the bag core.
type InspectFunc func(p *Party, t tag.Tag, turn Turn) (rec record.Record, ok bool)

var inspectHook InspectFunc

// RegisterInspect lets one section see every inspect first. It panics
// when one is registered already.
func RegisterInspect(fn InspectFunc) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if inspectHook != nil {
		panic("items: inspect hook registered twice")
	}
	inspectHook = fn
}

func inspectAnswerer() InspectFunc {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return inspectHook
}

// StackNoteFunc says something a section knows about a stack in member
// i's bag ("Mira thinks it is a fake"), shown beside it; "" for nothing.
type StackNoteFunc func(p *Party, i int, s *Stack) string

var stackNoteHook StackNoteFunc

// RegisterStackNote lets one section annotate stacks in the inventory
// block. It panics when one is registered already.
func RegisterStackNote(fn StackNoteFunc) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if stackNoteHook != nil {
		panic("items: stack note registered twice")
	}
	stackNoteHook = fn
}

func stackNote(p *Party, i int, s *Stack) string {
	registryMu.RLock()
	fn := stackNoteHook
	registryMu.RUnlock()
	if fn == nil {
		return ""
	}
	return fn(p, i, s)
}

// TagAnswerer is the function registered for a tag name, if any.
func TagAnswerer(name string) (ActionFunc, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	fn, ok := ownTags[strings.ToLower(name)]
	return fn, ok
}

func registeredAction(name string) (ActionFunc, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	fn, ok := actions[name]
	return fn, ok
}
