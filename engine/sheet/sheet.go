// Package sheet reads character sheets against a ruleset's vocabulary and
// computes what checks read from them: ability scores and modifiers, skill
// and save training, derived values and every value reference.
//
// A sheet names things by the ruleset's ids; an id the ruleset does not
// declare is reported with its JSON pointer, never read as zero.
package sheet

import (
	"encoding/json"
	"fmt"
	"github.com/rulehost/rulehost/engine/jsonin"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Sheet is a character sheet as written. A loaded sheet is only read:
// play changes a Character (its scores, pools and items), never its
// Sheet, and what is compiled from a sheet is kept with it (Memo).
type Sheet struct {
	Name       string
	Abilities  map[string]int
	Skills     map[string]Training
	Saves      map[string]Training
	Fields     map[string]float64
	Pools      map[string]int
	Conditions []string
	Levels     []string
	Entries    []string // chosen catalog entries, "catalog/entry"
	Bag        []BagLine
	// Lists are the rows of the ruleset's sheet lists, by list id (lists.go).
	Lists map[string][]ListRow

	// memo is what an engine package compiled from the sheet (memo.go).
	memo memo
}

// Training is a skill's or save's tier and its per-skill bonus.
type Training struct {
	Tier  string
	Bonus int
}

// BagLine is a starting bag stack.
type BagLine struct {
	Item  string `json:"item"`
	Count int    `json:"count"`
}

// LoadFile reads and validates a sheet file against a ruleset.
func LoadFile(path string, rs *ruleset.Ruleset) (*Sheet, error) {
	data, err := jsonin.ReadFile(path) // bounded: a huge file is refused unread
	if err != nil {
		return nil, fmt.Errorf("sheet: %w", err)
	}
	return Load(filepath.Base(path), data, rs)
}

// Blank is the sheet of a character who has none: every ability at its
// default, nothing trained.
func Blank(name string) *Sheet {
	return &Sheet{Name: name, Abilities: map[string]int{}, Skills: map[string]Training{},
		Saves: map[string]Training{}, Fields: map[string]float64{}, Pools: map[string]int{}}
}

var sheetKeys = vocab.Keys("sheet")

// Load validates a sheet from bytes; all problems are reported at once.
func Load(name string, data []byte, rs *ruleset.Ruleset) (*Sheet, error) {
	p := &validate.Problems{File: name}
	root, ok := validate.Decode(p, data)
	if !ok {
		return nil, p.Err()
	}
	s := Blank("")
	o, ok := validate.AsObj(p, "", root)
	if !ok {
		return nil, p.Err()
	}
	o.Known(sheetKeys...)
	if o.Require("name") {
		s.Name, _ = o.Str("name", 120, true)
	}
	readAbilities(o, rs, s.Abilities)
	readTraining(o, "skills", rs, rs.Skills, s.Skills)
	readTraining(o, "saves", rs, rs.Saves, s.Saves)
	readFields(o, rs, s.Fields)
	readPools(o, rs, s.Pools)
	s.Conditions = readIDs(o, "conditions", func(id string) bool { return conditionDeclared(rs, id) }, "condition")
	s.Levels = readIDs(o, "levels", func(id string) bool { return levelDeclared(rs, id) }, "level")
	s.Entries = readIDs(o, "entries", func(ref string) bool {
		cat, entry, ok := strings.Cut(ref, "/")
		return ok && catalogHas(rs, cat, entry)
	}, `catalog entry ("catalog/entry")`)
	s.Bag = readBag(o)
	bagRefsExist(o, rs, s.Bag)
	s.Lists = readLists(o, rs)
	poolsWithinMax(o, rs, s)
	if err := p.Err(); err != nil {
		return nil, err
	}
	return s, nil
}

// readAbilities reads the scores, each within its ability's range.
func readAbilities(o validate.Obj, rs *ruleset.Ruleset, out map[string]int) {
	ab, ok := o.Object("abilities")
	if !ok {
		return
	}
	for _, id := range sortedKeys(ab.M) {
		a, known := rs.Ability(id)
		if !known {
			ab.Addf(id, "no ability %q in the ruleset; declared: %s%s", id, strings.Join(abilityIDs(rs), ", "), validate.DidYouMean(id, abilityIDs(rs)))
			continue
		}
		if n, ok := ab.Int(id, a.Min, a.Max, a.Default); ok {
			out[id] = n
		}
	}
}

// readFields reads the fields' numbers, each within its field's range.
func readFields(o validate.Obj, rs *ruleset.Ruleset, out map[string]float64) {
	f, ok := o.Object("fields")
	if !ok {
		return
	}
	for _, id := range sortedKeys(f.M) {
		fd := field(rs, id)
		if fd == nil {
			f.Addf(id, "no field %q in the ruleset; declared: %s%s", id, strings.Join(fieldIDs(rs), ", "), validate.DidYouMean(id, fieldIDs(rs)))
			continue
		}
		if n, ok := f.Float(id, fd.Min, fd.Max, fd.Default); ok {
			out[id] = n
		}
	}
}

// readPools reads the live pools' current values.
func readPools(o validate.Obj, rs *ruleset.Ruleset, out map[string]int) {
	pl, ok := o.Object("pools")
	if !ok {
		return
	}
	for _, id := range sortedKeys(pl.M) {
		if _, known := rs.PoolDecl(id); !known {
			pl.Addf(id, "no live pool %q in the ruleset; declared: %s%s", id, strings.Join(poolIDs(rs), ", "), validate.DidYouMean(id, poolIDs(rs)))
			continue
		}
		if n, ok := pl.Int(id, 0, 1_000_000, 0); ok {
			out[id] = n
		}
	}
}

// readBag reads the starting bag, { item, count } lines.
func readBag(o validate.Obj) []BagLine {
	raw, ok := o.M["bag"]
	if !ok {
		return nil
	}
	var out []BagLine
	arr, _ := validate.ArrAt(o.P, o.Ptr("bag"), raw, 0, 1000)
	for i, e := range arr {
		bo, ok := validate.AsObj(o.P, o.Ptr("bag", i), e)
		if !ok {
			continue
		}
		bo.Known(vocab.Keys("sheet.bag")...)
		var line BagLine
		if bo.Require("item") {
			line.Item, _ = bo.Str("item", 200, true)
		}
		line.Count, _ = bo.Int("count", 1, 999_999, 1)
		out = append(out, line)
	}
	return out
}

func conditionDeclared(rs *ruleset.Ruleset, id string) bool {
	for _, c := range rs.Conditions {
		if c.ID == id {
			return true
		}
	}
	return false
}

func levelDeclared(rs *ruleset.Ruleset, id string) bool {
	for _, l := range rs.Levels {
		if l.ID == id {
			return true
		}
	}
	return false
}

func readTraining(o validate.Obj, key string, rs *ruleset.Ruleset, decl []ruleset.Skill, out map[string]Training) {
	t, ok := o.Object(key)
	if !ok {
		return
	}
	res := rs.Resolution
	for _, id := range sortedKeys(t.M) {
		if !hasSkill(decl, id) {
			t.Addf(id, "no %s %q in the ruleset; declared: %s%s", strings.TrimSuffix(key, "s"), id, strings.Join(skillIDs(decl), ", "), validate.DidYouMean(id, skillIDs(decl)))
			continue
		}
		var tr Training
		switch val := t.M[id].(type) {
		case string:
			tr.Tier = val
		case map[string]any:
			to, _ := t.Object(id)
			to.Known(vocab.Keys("sheet.training")...)
			tr.Tier, _ = to.Str("tier", 64, true)
			tr.Bonus, _ = to.Int("bonus", res.BonusRange.Min, res.BonusRange.Max, 0)
		default:
			t.Addf(id, `want a tier id, or { "tier": id, "bonus": N }; found %s`, validate.TypeName(val))
			continue
		}
		if tr.Tier == "" && len(res.ProficiencyTiers) > 0 {
			tr.Tier = res.ProficiencyTiers[0].ID
		}
		if _, ok := res.Tier(tr.Tier); !ok {
			t.Addf(id, "no proficiency tier %q; declared: %s", tr.Tier, strings.Join(tierIDs(res), ", "))
			continue
		}
		out[id] = tr
	}
}

func readIDs(o validate.Obj, key string, known func(string) bool, noun string) []string {
	arr, ok := o.Arr(key, 0, 256)
	if !ok {
		return nil
	}
	var out []string
	for i, raw := range arr {
		id, isStr := raw.(string)
		if !isStr {
			o.P.Addf(o.Ptr(key, i), "want a %s id (a string)", noun)
			continue
		}
		if !known(id) {
			o.P.Addf(o.Ptr(key, i), "no %s %q in the ruleset", noun, id)
			continue
		}
		out = append(out, id)
	}
	return out
}

func catalogHas(rs *ruleset.Ruleset, cat, entry string) bool {
	for _, c := range rs.Catalogs {
		if c.ID != cat {
			continue
		}
		for _, e := range c.Entries {
			var head struct {
				ID string `json:"id"`
			}
			if json.Unmarshal(e, &head) == nil && head.ID == entry {
				return true
			}
		}
	}
	return false
}

func hasSkill(decl []ruleset.Skill, id string) bool {
	for _, s := range decl {
		if s.ID == id {
			return true
		}
	}
	return false
}

func field(rs *ruleset.Ruleset, id string) *ruleset.Field {
	for i := range rs.Fields {
		if rs.Fields[i].ID == id {
			return &rs.Fields[i]
		}
	}
	return nil
}

func abilityIDs(rs *ruleset.Ruleset) []string {
	var out []string
	for _, a := range rs.Abilities {
		out = append(out, a.ID)
	}
	return out
}

func tierIDs(res *ruleset.Resolution) []string {
	var out []string
	for _, t := range res.ProficiencyTiers {
		out = append(out, t.ID)
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// floorInt rounds down to an int, saturating.
func floorInt(f float64) int {
	if math.IsNaN(f) {
		return 0
	}
	f = math.Floor(f)
	if f > math.MaxInt32 {
		return math.MaxInt32
	}
	if f < math.MinInt32 {
		return math.MinInt32
	}
	return int(f)
}
