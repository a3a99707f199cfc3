package ruleset

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	"github.com/rulehost/rulehost/engine/validate"
)

// EngineCapabilityAPI is the Capability API level this engine implements:
// the highest level of any feature in the capability table. A ruleset that
// declares no capabilityApi is read at this level, so every feature the
// engine knows is open to it (spec/checks.md: "an imported community
// ruleset is validated by the Engine that reads it").
const EngineCapabilityAPI = "1.813"

// Capability is one row of the capability table: a feature a ruleset can
// declare, where it sits and the Capability API level it needs. The table
// is data, so that a documentation or JSON Schema generator can read the
// same rows the validator enforces.
type Capability struct {
	// Feature names the feature in the spec's words.
	Feature string `json:"feature"`
	// Pointer is a JSON pointer pattern: "*" matches any one key or
	// index, "**" any run of them (none included). A pattern under
	// /resolution/ also matches the same keys in an override's set.
	Pointer string `json:"pointer"`
	// Values, when set, limits the row to a string value at Pointer that
	// is one of them (a kind's name, a modifier's target).
	Values []string `json:"values,omitempty"`
	// Test, when set, names a further condition on the value at Pointer
	// (see capabilityTests): "not-number", "lacks:KEY", "not-one-of:A,B".
	Test string `json:"test,omitempty"`
	// Level is the Capability API level the feature needs.
	Level string `json:"level"`
	// Spec says where the level is written.
	Spec string `json:"spec"`
}

const (
	itemAt     = "/catalogs/*/entries/*/item"
	resolution = "/resolution"
)

// checkEffects are the effects a check reads; the others are a fight's.
const checkEffects = "not-one-of:" + effectrules.OwnChecksAdvantage + "," + effectrules.OwnChecksDisadvantage + "," + effectrules.OwnSavesAdvantage + "," + effectrules.OwnSavesDisadvantage

// capabilities is the capability table: every "Capability API x.y" of
// spec/checks.md and spec/items.md, one row per place a feature is
// written. Rows are in the order of the pages.
var capabilities = []Capability{
	// checks.md
	{Feature: "dice-pool resolution", Pointer: "/resolution/kind", Values: []string{"dice-pool"}, Level: "1.24", Spec: "checks.md dice-pool"},
	{Feature: "explode.min", Pointer: "/resolution/explode/min", Level: "1.37", Spec: "checks.md dice-pool"},
	{Feature: "double.min", Pointer: "/resolution/double/min", Level: "1.37", Spec: "checks.md dice-pool"},
	{Feature: "pool.abilityPlusAbility", Pointer: "/resolution/pool/abilityPlusAbility", Level: "1.37", Spec: "checks.md dice-pool"},
	{Feature: "botch.rule", Pointer: "/resolution/botch/rule", Level: "1.37", Spec: "checks.md dice-pool"},
	{Feature: "reroll", Pointer: "/resolution/reroll", Level: "1.38", Spec: "checks.md dice-pool"},
	{Feature: "target.from", Pointer: "/resolution/target/from", Level: "1.137", Spec: "checks.md dice-pool"},
	{Feature: "stances", Pointer: "/resolution/stances", Level: "1.137", Spec: "checks.md dice-pool"},
	{Feature: "exact", Pointer: "/resolution/exact", Level: "1.137", Spec: "checks.md dice-pool"},
	{Feature: "dice.faces", Pointer: "/resolution/dice/faces", Level: "1.136", Spec: "checks.md dice-sum"},
	{Feature: "openEnded", Pointer: "/resolution/openEnded", Level: "1.136", Spec: "checks.md dice-sum"},
	{Feature: "unmodified", Pointer: "/resolution/unmodified", Level: "1.136", Spec: "checks.md dice-sum"},
	{Feature: "dice-highest resolution", Pointer: "/resolution/kind", Values: []string{"dice-highest"}, Level: "1.138", Spec: "checks.md dice-highest"},
	{Feature: "dark.outcome", Pointer: "/resolution/dark/outcome", Level: "1.149", Spec: "checks.md dice-highest"},
	{Feature: "roll-against resolution", Pointer: "/resolution/kind", Values: []string{"roll-against"}, Level: "1.139", Spec: "checks.md roll-against"},
	{Feature: "symbol-pool resolution", Pointer: "/resolution/kind", Values: []string{"symbol-pool"}, Level: "1.141", Spec: "checks.md symbol-pool"},
	{Feature: "allowOwnUpgrade", Pointer: "/resolution/allowOwnUpgrade", Level: "1.150", Spec: "checks.md symbol-pool"},
	{Feature: "symbol-pool combat", Pointer: "/combat/kind", Values: []string{"symbol-pool"}, Level: "1.382", Spec: "checks.md symbol-pool"},
	{Feature: "outcome bands", Pointer: "/resolution/outcomes", Level: "1.135", Spec: "checks.md Outcome bands"},
	{Feature: "overrides", Pointer: "/resolution/overrides", Level: "1.140", Spec: "checks.md Checks that roll their own way"},
	{Feature: "a spend that buys a reroll", Pointer: "/resolution/spend/*/reroll", Level: "1.38", Spec: "checks.md Spending to change a roll"},
	{Feature: "a perCheck that is not a number", Pointer: "/resolution/spend/*/perCheck", Test: "not-number", Level: "1.38", Spec: "checks.md Spending to change a roll"},
	{Feature: "more than two spend entries", Pointer: "/resolution/spend/2", Level: "1.38", Spec: "checks.md Spending to change a roll"},
	{Feature: "a charm's explode", Pointer: "/catalogs/*/entries/*/mechanics/check/explode", Level: "1.37", Spec: "checks.md A charm that changes a roll"},
	{Feature: "a charm's double", Pointer: "/catalogs/*/entries/*/mechanics/check/double", Level: "1.37", Spec: "checks.md A charm that changes a roll"},

	// items.md
	{Feature: "items block", Pointer: "/items", Level: "1.49", Spec: "items.md Items"},
	{Feature: "a catalog that holds items", Pointer: "/catalogs/*/holds", Values: []string{"items"}, Level: "1.49", Spec: "items.md Items"},
	{Feature: "rarityCaps", Pointer: "/items/rarityCaps", Level: "1.51", Spec: "items.md Items"},
	{Feature: "propose", Pointer: "/items/propose", Level: "1.51", Spec: "items.md Items"},
	{Feature: "itemStat", Pointer: "**/itemStat", Level: "1.52", Spec: "items.md Items on the sheet"},
	{Feature: "worn", Pointer: itemAt + "/worn", Level: "1.53", Spec: "items.md Checks outside a fight"},
	{Feature: "carried", Pointer: itemAt + "/carried", Level: "1.53", Spec: "items.md Checks outside a fight"},
	{Feature: "rarityCaps bonus", Pointer: "/items/rarityCaps/*/bonus", Level: "1.53", Spec: "items.md The items block"},
	{Feature: "a condition's restriction by skill", Pointer: "/conditions/*/check/skills", Level: "1.53", Spec: "items.md Checks outside a fight"},
	{Feature: "a condition's restriction by save", Pointer: "/conditions/*/check/saves", Level: "1.53", Spec: "items.md Checks outside a fight"},
	{Feature: "a level's restriction by skill", Pointer: "/levels/*/check/skills", Level: "1.53", Spec: "items.md Checks outside a fight"},
	{Feature: "a level's restriction by save", Pointer: "/levels/*/check/saves", Level: "1.53", Spec: "items.md Checks outside a fight"},
	{Feature: "a modifier's own skills", Pointer: "/*/*/check/modifiers/*/skills", Level: "1.53", Spec: "items.md Checks outside a fight"},
	{Feature: "a modifier's own saves", Pointer: "/*/*/check/modifiers/*/saves", Level: "1.53", Spec: "items.md Checks outside a fight"},
	{Feature: "requires", Pointer: itemAt + "/requires", Level: "1.54", Spec: "items.md An item"},
	{Feature: "worn abilities", Pointer: itemAt + "/worn/abilities", Level: "1.54", Spec: "items.md Checks outside a fight"},
	{Feature: "carried abilities", Pointer: itemAt + "/carried/abilities", Level: "1.54", Spec: "items.md Checks outside a fight"},
	{Feature: "attack", Pointer: itemAt + "/attack", Level: "1.55", Spec: "items.md Weapons in a fight"},
	{Feature: "a worn item's fight effects", Pointer: itemAt + "/worn/effects/*", Test: checkEffects, Level: "1.56", Spec: "items.md Armor and worn-item effects in a fight"},
	{Feature: "a carried item's fight effects", Pointer: itemAt + "/carried/effects/*", Test: checkEffects, Level: "1.56", Spec: "items.md Armor and worn-item effects in a fight"},
	{Feature: "a worn item's fight modifiers", Pointer: itemAt + "/worn/modifiers/*/to", Values: []string{"attacks", "defense", "speed"}, Level: "1.56", Spec: "items.md Armor and worn-item effects in a fight"},
	{Feature: "a carried item's fight modifiers", Pointer: itemAt + "/carried/modifiers/*/to", Values: []string{"attacks", "defense", "speed"}, Level: "1.56", Spec: "items.md Armor and worn-item effects in a fight"},
	{Feature: "an item's resist", Pointer: itemAt + "/*/resist", Level: "1.56", Spec: "items.md Armor and worn-item effects in a fight"},
	{Feature: "an item's vulnerable", Pointer: itemAt + "/*/vulnerable", Level: "1.56", Spec: "items.md Armor and worn-item effects in a fight"},
	{Feature: "an item's immune", Pointer: itemAt + "/*/immune", Level: "1.56", Spec: "items.md Armor and worn-item effects in a fight"},
	{Feature: "an item's conditionImmunities", Pointer: itemAt + "/*/conditionImmunities", Level: "1.56", Spec: "items.md Armor and worn-item effects in a fight"},
	{Feature: "combat.pool.hardness", Pointer: "/combat/pool/hardness", Level: "1.56", Spec: "items.md Armor and worn-item effects in a fight"},
	{Feature: "attack.ammo", Pointer: itemAt + "/attack/ammo", Level: "1.57", Spec: "items.md Ammunition and reloading"},
	{Feature: "attack.clip", Pointer: itemAt + "/attack/clip", Level: "1.57", Spec: "items.md Ammunition and reloading"},
	{Feature: "attack.modes", Pointer: itemAt + "/attack/modes", Level: "1.58", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "attack.offHand", Pointer: itemAt + "/attack/offHand", Level: "1.58", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "attack.floor", Pointer: itemAt + "/attack/floor", Level: "1.58", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "attack.onHit", Pointer: itemAt + "/attack/onHit", Level: "1.58", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "combat.offHand", Pointer: "/combat/offHand", Level: "1.58", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "use", Pointer: itemAt + "/use", Level: "1.59", Spec: "items.md Using items in a fight"},
	{Feature: "charges", Pointer: itemAt + "/charges", Level: "1.59", Spec: "items.md Using items in a fight"},
	{Feature: "use.restore", Pointer: itemAt + "/use/restore", Level: "1.60", Spec: "items.md Using items in a fight"},
	{Feature: "charges.recharge", Pointer: itemAt + "/charges/recharge", Level: "1.61", Spec: "items.md Using items in a fight"},
	{Feature: "charges.breaksOn", Pointer: itemAt + "/charges/breaksOn", Level: "1.61", Spec: "items.md Using items in a fight"},
	{Feature: "use.gate", Pointer: itemAt + "/use/gate", Level: "1.62", Spec: "items.md Using items in a fight"},
	{Feature: "lootTables", Pointer: "/items/lootTables", Level: "1.63", Spec: "items.md Loot"},
	{Feature: "a creature's loot", Pointer: "/catalogs/*/entries/*/creature/loot", Level: "1.63", Spec: "items.md Loot"},
	{Feature: "a loot row's coins", Pointer: "/items/lootTables/*/entries/*/coins", Level: "1.64", Spec: "items.md Loot"},
	{Feature: "market", Pointer: "/items/market", Level: "1.65", Spec: "items.md Markets"},
	{Feature: "an item's sold", Pointer: itemAt + "/sold", Level: "1.65", Spec: "items.md An item"},
	{Feature: "service", Pointer: itemAt + "/service", Level: "1.65", Spec: "items.md An item"},
	{Feature: "a place's purse (till)", Pointer: "/items/market/places/*/purse", Level: "1.69", Spec: "items.md A market day"},
	{Feature: "buyBack", Pointer: "/items/market/buyBack", Level: "1.69", Spec: "items.md A market day"},
	{Feature: "a seller's stock", Pointer: "/items/market/sellers/*/stock", Level: "1.69", Spec: "items.md A market day"},
	{Feature: "a market rule's limited", Pointer: "/items/market/sold/*/limited", Level: "1.69", Spec: "items.md A market day"},
	{Feature: "an item's sold.limited", Pointer: itemAt + "/sold/limited", Level: "1.69", Spec: "items.md A market day"},
	{Feature: "a market rule that names no place", Pointer: "/items/market/sold/*", Test: "lacks:place", Level: "1.69", Spec: "items.md A market day"},
	{Feature: "an item's sold that names no place", Pointer: itemAt + "/sold", Test: "lacks:place", Level: "1.69", Spec: "items.md A market day"},
	{Feature: "a worn item's weapons effect", Pointer: itemAt + "/worn/weapons", Level: "1.70", Spec: "items.md Items"},
	{Feature: "a carried item's weapons effect", Pointer: itemAt + "/carried/weapons", Level: "1.70", Spec: "items.md Items"},
	{Feature: "startingGear", Pointer: "/items/startingGear", Level: "1.78", Spec: "items.md Starting gear"},
	{Feature: "risky", Pointer: itemAt + "/risky", Level: "1.79", Spec: "items.md Honest and dishonest sellers"},
	{Feature: "passesFor (a forgery)", Pointer: itemAt + "/passesFor", Level: "1.79", Spec: "items.md Honest and dishonest sellers"},
	{Feature: "a seller's honest", Pointer: "/items/market/sellers/*/honest", Level: "1.79", Spec: "items.md Honest and dishonest sellers"},
	{Feature: "carry.unit", Pointer: "/items/carry/unit", Level: "1.791", Spec: "items.md The items block"},
	{Feature: "tells", Pointer: itemAt + "/tells", Level: "1.802", Spec: "items.md Identifying fakes"},
	{Feature: "foolsReveal", Pointer: itemAt + "/foolsReveal", Level: "1.802", Spec: "items.md Identifying fakes"},
	{Feature: "a seller's manner", Pointer: "/items/market/sellers/*/manner", Level: "1.802", Spec: "items.md Identifying fakes"},
	{Feature: "revealsFakes", Pointer: "/items/revealsFakes", Level: "1.802", Spec: "items.md Identifying fakes"},
	{Feature: "namesItAt", Pointer: "/items/namesItAt", Level: "1.802", Spec: "items.md Identifying fakes"},
	{Feature: "passiveBase", Pointer: "/items/passiveBase", Level: "1.802", Spec: "items.md Identifying fakes"},
	{Feature: "warnBy", Pointer: "/items/warnBy", Level: "1.802", Spec: "items.md Identifying fakes"},
	{Feature: "market.unsold", Pointer: "/items/market/unsold", Level: "1.813", Spec: "items.md Markets"},
	{Feature: "a coin's one", Pointer: "/items/currencies/*/units/*/one", Level: "1.89", Spec: "items.md The items block"},
	{Feature: "toHit.sheetBonus", Pointer: itemAt + "/attack/toHit/sheetBonus", Level: "1.95", Spec: "items.md Weapons in a fight"},
	{Feature: "a use's toHit.sheetBonus", Pointer: itemAt + "/use/toHit/sheetBonus", Level: "1.95", Spec: "items.md Using items in a fight"},
	{Feature: "damage.sheetBonus", Pointer: itemAt + "/attack/damage/sheetBonus", Level: "1.97", Spec: "items.md Weapons in a fight"},
	{Feature: "offHand.fullWhen", Pointer: "/combat/offHand/fullWhen", Level: "1.97", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "damage.rerollUpTo", Pointer: itemAt + "/attack/damage/rerollUpTo", Level: "1.98", Spec: "items.md Weapons in a fight"},
	{Feature: "a spell's qualities", Pointer: "/catalogs/*/entries/*/mechanics/qualities", Level: "1.101", Spec: "items.md Weapons in a fight"},
	{Feature: "a creature action's qualities", Pointer: "/catalogs/*/entries/*/creature/**/damage/qualities", Level: "1.101", Spec: "items.md Weapons in a fight"},
	{Feature: "onHit.save", Pointer: itemAt + "/attack/onHit/*/save", Level: "1.169", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "onHit.saveEnds", Pointer: itemAt + "/attack/onHit/*/saveEnds", Level: "1.169", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "attack.plus", Pointer: itemAt + "/attack/plus", Level: "1.169", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "toggle", Pointer: itemAt + "/toggle", Level: "1.170", Spec: "items.md An item"},
	{Feature: "a plus clause when toggled", Pointer: itemAt + "/attack/plus/*/when", Values: []string{"toggled"}, Level: "1.170", Spec: "items.md Modes, a second weapon, a floor and conditions on a hit"},
	{Feature: "a use's plus clause when toggled", Pointer: itemAt + "/use/plus/*/when", Values: []string{"toggled"}, Level: "1.170", Spec: "items.md Using items in a fight"},
	{Feature: "use.concentration", Pointer: itemAt + "/use/concentration", Level: "1.174", Spec: "items.md Using items in a fight"},
	{Feature: "use.zone", Pointer: itemAt + "/use/zone", Level: "1.174", Spec: "items.md Using items in a fight"},
}

// Capabilities returns a copy of the capability table, for documentation
// and schema generators.
func Capabilities() []Capability {
	return append([]Capability(nil), capabilities...)
}

// Version is a Capability API level, compared part by part as numbers:
// 1.137 is above 1.38.
type Version []int

// ParseVersion reads "MAJOR.MINOR" (or more parts): digits separated by
// dots, without signs, spaces or leading zeros (1.050 could mean 1.50 or
// 1.5, so it is refused rather than guessed).
func ParseVersion(s string) (Version, error) {
	parts := strings.Split(s, ".")
	if len(parts) < 2 || len(parts) > 4 {
		return nil, fmt.Errorf("want a version like \"1.150\" (numbers separated by dots), found %q", s)
	}
	v := make(Version, len(parts))
	for i, p := range parts {
		if p == "" || len(p) > 6 || strings.Trim(p, "0123456789") != "" {
			return nil, fmt.Errorf("want a version like \"1.150\" (numbers separated by dots), found %q", s)
		}
		if len(p) > 1 && p[0] == '0' {
			return nil, fmt.Errorf("version %q: part %q has a leading zero; write the number itself (1.50, not 1.050)", s, p)
		}
		v[i], _ = strconv.Atoi(p)
	}
	return v, nil
}

// Compare returns -1, 0 or 1 as v is below, equal to or above w; a
// missing part counts as 0 (1.5 equals 1.5.0).
func (v Version) Compare(w Version) int {
	for i := 0; i < len(v) || i < len(w); i++ {
		a, b := part(v, i), part(w, i)
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
	}
	return 0
}

func part(v Version, i int) int {
	if i < len(v) {
		return v[i]
	}
	return 0
}

func (v Version) String() string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ".")
}

// capabilityAPI reads the declared capabilityApi: a version string. A
// number is refused, since JSON loses what it was written as (1.150 and
// 1.15 are the same number and different levels).
func (v *Validator) capabilityAPI(o validate.Obj, rs *Ruleset) {
	raw, ok := o.M["capabilityApi"]
	if !ok {
		return
	}
	s, isStr := raw.(string)
	if !isStr {
		if n, isNum := raw.(json.Number); isNum {
			o.Addf("capabilityApi", "want a version string like \"1.150\", found the number %s; write it in quotes (as a number 1.150 and 1.15 are the same)", n)
			return
		}
		o.Addf("capabilityApi", "want a version string like \"1.150\", found %s", validate.TypeName(raw))
		return
	}
	ver, err := ParseVersion(s)
	if err != nil {
		o.Addf("capabilityApi", "%v", err)
		return
	}
	rs.CapabilityAPI = s
	v.declared = ver
	if engine, _ := ParseVersion(EngineCapabilityAPI); ver.Compare(engine) > 0 {
		v.warnf(o.Ptr("capabilityApi"), "declares capabilityApi %s, above this engine's %s; features after %s are unknown here", s, EngineCapabilityAPI, EngineCapabilityAPI)
	}
}

// checkCapabilities refuses every feature the declared level is below,
// at the feature's own pointer. Without a declared level there is
// nothing to compare: the ruleset is read at EngineCapabilityAPI.
func (v *Validator) checkCapabilities(root any) {
	if v.declared == nil {
		return
	}
	for _, c := range capabilities {
		need, err := ParseVersion(c.Level)
		if err != nil || v.declared.Compare(need) >= 0 {
			continue
		}
		for _, at := range c.matches(root) {
			v.P.Addf(at, "needs capabilityApi %s; this ruleset declares %s (%s, %s)", c.Level, v.rs.CapabilityAPI, c.Feature, c.Spec)
		}
	}
}

// matches lists the pointers in root where the row's feature is written.
func (c Capability) matches(root any) []string {
	var out []string
	for _, pattern := range c.patterns() {
		toks := strings.Split(strings.TrimPrefix(pattern, "/"), "/")
		matchTokens(root, toks, "", func(at string, val any) {
			if c.holds(val) && !slices.Contains(out, at) {
				out = append(out, at)
			}
		})
	}
	return out
}

// patterns is the row's pointer, and for a resolution key the same key in
// every override's set, which replaces the ruleset's own for some checks.
func (c Capability) patterns() []string {
	if rest, ok := strings.CutPrefix(c.Pointer, resolution+"/"); ok && rest != "kind" && rest != "overrides" {
		return []string{c.Pointer, resolution + "/overrides/*/set/" + rest}
	}
	return []string{c.Pointer}
}

// matchTokens walks node along the pattern tokens, calling found with the
// pointer and value of every match. The path is kept as tokens and made a
// pointer only for a match, since "**" visits every node of the file.
func matchTokens(node any, toks []string, at string, found func(string, any)) {
	var path []string
	if at != "" {
		path = []string{at}
	}
	walkTokens(node, toks, path, func(path []string, val any) {
		ptr := ""
		for _, p := range path {
			ptr = validate.Ptr(ptr, p)
		}
		found(ptr, val)
	})
}

func walkTokens(node any, toks, path []string, found func([]string, any)) {
	if len(toks) == 0 {
		found(path, node)
		return
	}
	tok, rest := toks[0], toks[1:]
	switch tok {
	case "**":
		walkTokens(node, rest, path, found)
		eachChild(node, func(key string, child any) { walkTokens(child, toks, append(path, key), found) })
	case "*":
		eachChild(node, func(key string, child any) { walkTokens(child, rest, append(path, key), found) })
	default:
		if child, ok := childAt(node, tok); ok {
			walkTokens(child, rest, append(path, tok), found)
		}
	}
}

// childAt is an object's member or an array's element named by a literal
// pattern token.
func childAt(node any, tok string) (any, bool) {
	switch n := node.(type) {
	case map[string]any:
		child, ok := n[tok]
		return child, ok
	case []any:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(n) || strconv.Itoa(i) != tok {
			return nil, false
		}
		return n[i], true
	}
	return nil, false
}

// eachChild visits an object's members in sorted key order, or an array's
// elements by index, so that problems come out in the same order.
func eachChild(node any, visit func(key string, child any)) {
	switch n := node.(type) {
	case map[string]any:
		keys := make([]string, 0, len(n))
		for k := range n {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			visit(k, n[k])
		}
	case []any:
		for i, child := range n {
			visit(strconv.Itoa(i), child)
		}
	}
}

// holds applies the row's Values and Test to the value found.
func (c Capability) holds(val any) bool {
	if len(c.Values) > 0 {
		s, ok := val.(string)
		if !ok || !slices.Contains(c.Values, s) {
			return false
		}
	}
	return capabilityTest(c.Test, val)
}

// capabilityTest applies a named test (see Capability.Test).
func capabilityTest(test string, val any) bool {
	name, arg, _ := strings.Cut(test, ":")
	switch name {
	case "":
		return true
	case "not-number":
		_, isNum := val.(json.Number)
		return !isNum
	case "lacks":
		m, ok := val.(map[string]any)
		_, has := m[arg]
		return ok && !has
	case "not-one-of":
		s, ok := val.(string)
		return ok && !slices.Contains(strings.Split(arg, ","), s)
	}
	return false
}

// CapabilityUse is a feature found in a ruleset and where.
type CapabilityUse struct {
	Capability
	At string
}

// UsedCapabilities lists every feature of the table that a decoded
// ruleset (Ruleset.Raw) writes, and NeededCapabilityAPI the lowest level
// that accepts them all ("" when it uses none): what a packaged ruleset
// should declare.
func UsedCapabilities(raw map[string]any) []CapabilityUse {
	var out []CapabilityUse
	for _, c := range capabilities {
		for _, at := range c.matches(raw) {
			out = append(out, CapabilityUse{Capability: c, At: at})
		}
	}
	return out
}

// NeededCapabilityAPI is the highest level among the features raw uses.
func NeededCapabilityAPI(raw map[string]any) string {
	var best Version
	need := ""
	for _, u := range UsedCapabilities(raw) {
		if ver, err := ParseVersion(u.Level); err == nil && (best == nil || ver.Compare(best) > 0) {
			best, need = ver, u.Level
		}
	}
	return need
}

// AtLeast reports whether the ruleset is read at level or above: its
// declared capabilityApi, or the engine's own when it declares none. A
// play-time feature with a level of its own (setback= on a symbol pool,
// 1.150) asks this.
func (r *Ruleset) AtLeast(level string) bool {
	declared := r.CapabilityAPI
	if declared == "" {
		declared = EngineCapabilityAPI
	}
	have, err1 := ParseVersion(declared)
	need, err2 := ParseVersion(level)
	return err1 == nil && err2 == nil && have.Compare(need) >= 0
}
