// Package ruleset loads a ruleset file and validates it at import: every
// rule, limit and refusal of spec/checks.md and spec/items.md that can be
// decided from the file alone is decided here, and all problems are
// reported at once with their JSON pointers (see package validate).
//
// Loading is two passes over the same bytes: a validation pass over the
// generic JSON tree (which knows where every value sits), then a typed
// decode of the parts the engine reads at play time. The typed decode only
// runs on a file that validated, so play-time code can trust its input.
//
// This package is the core: the top level and the vocabulary every other
// part names (abilities, skills, saves, derived values, fields,
// conditions, levels, live pools and tracks, rests, catalogs of choices,
// sheet lists), the validation of value references, the resolution and
// its five native kinds (kind_*.go), outcomes, overrides, spend and
// charms, the capability table, import warnings, and the generators of
// docs/ruleset.md, docs/capability.md and the JSON Schemas. Three
// sections are packages of their own, which it calls where the file puts
// them (sections.go): effects on checks and typed defenses in
// engine/ruleset/effect (package effectrules), the items block and every
// catalog item in engine/ruleset/items (itemrules), the combat block and
// the bestiary in engine/ruleset/fight (fightrules). They ask the core
// back only through small interfaces it implements, so Load still
// validates the whole file at once, in the same order.
//
// It imports engine/validate, engine/jsonin and the packages under it
// (vocab, the key table; valueref, the value reference type;
// effectrules; itemrules; fightrules), never a package above it.
package ruleset

import (
	"encoding/json"
	"fmt"
	"github.com/rulehost/rulehost/engine/jsonin"
	"path/filepath"
	"strings"

	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/validate"
)

// Ruleset is a validated ruleset.
type Ruleset struct {
	File string `json:"-"`

	ID            string `json:"id"`
	Name          string `json:"name"`
	CapabilityAPI string `json:"capabilityApi"`
	// Plugins are the plugins the ruleset declares it needs (plugins.go).
	Plugins []PluginNeed `json:"plugins,omitempty"`

	Abilities  []Ability             `json:"abilities"`
	Skills     []Skill               `json:"skills"`
	Saves      []Skill               `json:"saves"`
	Derived    []Derived             `json:"derived"`
	Fields     []Field               `json:"fields"`
	Live       Live                  `json:"live"`
	Rests      []Rest                `json:"rests,omitempty"`
	Conditions []Condition           `json:"conditions"`
	Levels     []Level               `json:"levels"`
	Catalogs   []Catalog             `json:"catalogs"`
	Resolution *Resolution           `json:"-"`
	Items      *itemrules.ItemsBlock `json:"-"`
	Combat     *json.RawMessage      `json:"combat"`
	// Lists are the sheet lists' columns (lists.go); Defenses is the
	// typed view of combat's defenses (engine/ruleset/fight/defenses.go).
	Lists    []List                     `json:"lists,omitempty"`
	Defenses *fightrules.CombatDefenses `json:"-"`
	// CombatItems are the combat keys weapons and armor read
	// (engine/ruleset/fight/items.go).
	CombatItems *fightrules.CombatItems `json:"-"`
	// Bestiary is every creature of the catalogs that hold creatures
	// (engine/ruleset/fight/bestiary.go, docs/fight.md).
	Bestiary []*fightrules.Creature `json:"-"`
	// Fight is the fight's own combat keys (engine/ruleset/fight/fight.go); nil
	// without a combat block.
	Fight *fightrules.CombatFight `json:"-"`

	// Raw is the decoded file, for plugins that read keys the engine does not model.
	Raw map[string]any `json:"-"`

	// Warnings are what the file declares that is legal but does nothing
	// (see docs/kinds.md "Import warnings"); they never refuse it.
	Warnings []validate.Problem `json:"-"`
}

// Ability is a sheet score.
type Ability struct {
	ID      string `json:"id"`
	Label   string `json:"label"`
	Min     int    `json:"min"`
	Max     int    `json:"max"`
	Default int    `json:"default"`
}

// Skill is a skill or a save: trained by tier, rolled with an ability.
type Skill struct {
	ID      string `json:"id"`
	Label   string `json:"label"`
	Ability string `json:"ability"`
}

// Derived is a value computed from others with an op.
type Derived struct {
	ID    string         `json:"id"`
	Label string         `json:"label"`
	Op    string         `json:"op"`
	Of    []valueref.Ref `json:"of"`
}

// Field is a free number on the sheet (a choice made once, a flag).
type Field struct {
	ID      string  `json:"id"`
	Label   string  `json:"label"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Default float64 `json:"default"`
}

// Live holds what changes in play.
type Live struct {
	Pools []Pool `json:"pools"`
	// Tracks and Health are read in live.go.
	Tracks []Track `json:"tracks,omitempty"`
	Health *Health `json:"health,omitempty"`
}

// Pool is a live pool (willpower, blood, resolve).
type Pool struct {
	ID    string        `json:"id"`
	Label string        `json:"label"`
	Max   valueref.Ref  `json:"max"`
	Start *valueref.Ref `json:"start"`
}

// Condition is a named state a character can be in; what it does to
// checks is written in the same vocabulary as an item's worn effect.
type Condition struct {
	ID    string          `json:"id"`
	Label string          `json:"label"`
	Check json.RawMessage `json:"check,omitempty"`
}

// Level is a threshold a character can reach.
type Level struct {
	ID    string          `json:"id"`
	Label string          `json:"label"`
	Check json.RawMessage `json:"check,omitempty"`
}

// Catalog is a list of entries a character can choose or carry.
type Catalog struct {
	ID      string            `json:"id"`
	Label   string            `json:"label"`
	Holds   string            `json:"holds"`
	Entries []json.RawMessage `json:"entries"`
}

// Ability returns the ability with this id.
func (r *Ruleset) Ability(id string) (*Ability, bool) {
	for i := range r.Abilities {
		if r.Abilities[i].ID == id {
			return &r.Abilities[i], true
		}
	}
	return nil, false
}

// Options adjust loading.
type Options struct {
	// Kinds adds resolution kinds (from plugins) to the native five.
	Kinds map[string]Kind
	// Plugins is what the host found on its plugin path; each plugin the
	// ruleset declares ("plugins") must be there in a version it allows.
	// Nil: nobody looked, and only the declarations' shape is checked.
	Plugins *PluginPath
}

// LoadFile reads and validates a ruleset file.
func LoadFile(path string, opts Options) (*Ruleset, error) {
	data, err := jsonin.ReadFile(path) // bounded: a huge file is refused unread
	if err != nil {
		return nil, fmt.Errorf("ruleset: %w", err)
	}
	return Load(filepath.Base(path), data, opts)
}

// Load validates a ruleset from bytes. name is the file name used in messages.
// On any problem it returns a *validate.Error listing all of them.
func Load(name string, data []byte, opts Options) (*Ruleset, error) {
	p := &validate.Problems{File: name}
	root, ok := validate.Decode(p, data)
	if !ok {
		return nil, p.Err()
	}
	v := newValidator(p, opts)
	rs := v.ruleset(root)
	if err := p.Err(); err != nil {
		return nil, err
	}
	rs.File = name
	p.Locate()
	rs.Warnings = p.Warnings
	return rs, nil
}

// Creature finds a bestiary creature by "catalog/entry", entry id or
// label, compared without case; nil when there is none.
func (r *Ruleset) Creature(name string) *fightrules.Creature {
	name = strings.TrimSpace(name)
	for _, c := range r.Bestiary {
		if strings.EqualFold(c.Ref(), name) || strings.EqualFold(c.ID, name) || strings.EqualFold(c.Label, name) {
			return c
		}
	}
	return nil
}
