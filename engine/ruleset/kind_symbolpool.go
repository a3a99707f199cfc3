package ruleset

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// SymbolPool is the symbol-pool kind (Genesys): narrative dice whose faces
// carry named symbols that count toward and cancel one another.
type SymbolPool struct {
	Symbols []Symbol
	Dice    []SymbolDie
	// Success is the index of the success symbol; Needed how many of it
	// the check needs after cancellation.
	Success int
	Needed  int
	// Build is "larger-upgraded" or "sum".
	Build string
	// Pool, Difficulty, Boost and Setback are die indexes; Upgrade -1 when
	// none is declared. Boost and Setback are nil when not declared.
	Pool       SymbolRole
	Difficulty SymbolRole
	Boost      *SymbolRole
	Setback    *SymbolRole
	// CriticalSuccess and CriticalFailure are symbol indexes, -1 when absent.
	CriticalSuccess int
	CriticalFailure int
	AllowOwnUpgrade bool
	Ladder          []Rung
}

// Symbol is a named symbol. CountsIdx is the symbol it also adds one of
// before cancellation, Partner the symbol it cancels one for one with
// (either side's declaration); both are -1 when absent.
type Symbol struct {
	ID, Label, Text string
	CountsIdx       int
	Partner         int
	// EncLabel is Label escaped for the record's symbolDetails.
	EncLabel string
}

// SymbolDie is a named die; each face lists symbol indexes (a repeat
// counts twice; an empty face is blank).
type SymbolDie struct {
	ID, Label string
	Faces     [][]int
	EncLabel  string
}

// SymbolRole is the die a part of the pool throws, its upgraded die
// (-1 for none) and how many dice it may hold.
type SymbolRole struct {
	Die, Upgrade, Max int
}

// FindDie returns the index of the die whose id or label is name (any case).
func (sp *SymbolPool) FindDie(name string) int {
	for i, d := range sp.Dice {
		if strings.EqualFold(d.ID, name) || strings.EqualFold(d.Label, name) {
			return i
		}
	}
	return -1
}

// Limits of the symbol-pool kind (spec/checks.md).
const (
	MaxSymbolPool       = 12 // pool.max ceiling
	MaxSymbolDifficulty = 12 // difficulty.max ceiling
	MaxSymbolExtra      = 6  // boost.max and setback.max ceiling
)

type symbolPoolKind struct{}

func (symbolPoolKind) Keys() []string {
	return vocab.Keys("resolution.symbol-pool")
}

// Locked: an override may change the rules, never the symbols or the dice.
func (symbolPoolKind) Locked() []string { return []string{"symbols", "dice"} }

func (symbolPoolKind) Validate(v *Validator, o validate.Obj, res *Resolution) {
	sp := &SymbolPool{Success: -1, Needed: 1, Build: "larger-upgraded", CriticalSuccess: -1, CriticalFailure: -1}
	res.SymbolPool = sp
	x := symbolIndex{sp: sp}
	x.symbols = v.symbols(o, sp)
	x.dice = v.symbolDice(o, sp, x.symbols)
	if !o.Require("success") {
		return
	}
	if s, ok := o.Object("success"); ok {
		s.Known(vocab.Keys("symbol-pool.success")...)
		if s.Require("symbol") {
			sp.Success = x.symbol(s, "symbol")
		}
		sp.Needed, _ = s.Int("needed", 1, 50, 1)
	}
	x.pool(o)
	x.difficulty(o)
	sp.Boost = x.extra(o, "boost")
	sp.Setback = x.extra(o, "setback")
	if o.Has("criticalSuccess") {
		sp.CriticalSuccess = x.symbol(o, "criticalSuccess")
	}
	if o.Has("criticalFailure") {
		sp.CriticalFailure = x.symbol(o, "criticalFailure")
	}
	sp.AllowOwnUpgrade, _ = o.Bool("allowOwnUpgrade", false)
	if sp.AllowOwnUpgrade && sp.Pool.Upgrade < 0 && o.Has("pool") {
		o.Addf("allowOwnUpgrade", `upgradeOwn upgrades the character's dice to pool.upgrade; declare "upgrade" in pool, or remove allowOwnUpgrade`)
	}
	sp.Ladder = v.dcLadder(o, 0, sp.Difficulty.Max, 0)
	v.Spends(o, res, SpendBuys{Dice: true})
	res.Outcomes = v.Outcomes(o, OutcomeRules{By: []string{"margin", "total"}})
}

// symbolIndex maps the declared symbol and die ids to their indexes, so
// the rest of a symbol pool can name them. A nil map means the
// declarations were refused already: a name is then not refused again.
type symbolIndex struct {
	sp            *SymbolPool
	symbols, dice map[string]int
}

// symbol reads key as a symbol id: its index, or -1.
func (x symbolIndex) symbol(obj validate.Obj, key string) int {
	return x.lookup(obj, key, x.symbols, "symbol", symbolIDs)
}

// die reads key as a die id: its index, or -1.
func (x symbolIndex) die(obj validate.Obj, key string) int {
	return x.lookup(obj, key, x.dice, "die", dieIDs)
}

// lookup reads key as an id declared in idx: its index, or -1 when
// unreadable or undeclared (refused, listing the declared ids).
func (x symbolIndex) lookup(obj validate.Obj, key string, idx map[string]int, noun string, declared func(*SymbolPool) string) int {
	id, ok := obj.Str(key, 64, true)
	if !ok {
		return -1
	}
	i, known := idx[id]
	if !known && idx != nil {
		obj.Addf(key, "no %s with id %q; declared: %s", noun, id, declared(x.sp))
		return -1
	}
	return i
}

// role reads the die and, when given, the upgraded die of pool or
// difficulty.
func (x symbolIndex) role(r validate.Obj, role *SymbolRole) {
	if r.Require("die") {
		role.Die = x.die(r, "die")
	}
	if r.Has("upgrade") {
		role.Upgrade = x.die(r, "upgrade")
	}
}

// pool reads pool: the character's dice, how they are built, and their max.
func (x symbolIndex) pool(o validate.Obj) {
	sp := x.sp
	sp.Pool = SymbolRole{Die: -1, Upgrade: -1, Max: 6}
	if !o.Require("pool") {
		return
	}
	if p, ok := o.Object("pool"); ok {
		p.Known(vocab.Keys("symbol-pool.pool")...)
		x.role(p, &sp.Pool)
		sp.Build, _ = p.Enum("build", "larger-upgraded", "larger-upgraded", "sum")
		sp.Pool.Max, _ = p.Int("max", 1, MaxSymbolPool, 6)
	}
}

// difficulty reads difficulty: the opposing dice and their max.
func (x symbolIndex) difficulty(o validate.Obj) {
	sp := x.sp
	sp.Difficulty = SymbolRole{Die: -1, Upgrade: -1, Max: 5}
	if !o.Require("difficulty") {
		return
	}
	if d, ok := o.Object("difficulty"); ok {
		d.Known(vocab.Keys("symbol-pool.difficulty")...)
		x.role(d, &sp.Difficulty)
		sp.Difficulty.Max, _ = d.Int("max", 1, MaxSymbolDifficulty, 5)
	}
}

// extra reads boost or setback: a die and its max, nil when not declared.
func (x symbolIndex) extra(o validate.Obj, key string) *SymbolRole {
	e, ok := o.Object(key)
	if !ok {
		return nil
	}
	e.Known(vocab.Keys("symbol-pool.extra")...)
	r := &SymbolRole{Die: -1, Upgrade: -1, Max: 3}
	if e.Require("die") {
		r.Die = x.die(e, "die")
	}
	r.Max, _ = e.Int("max", 1, MaxSymbolExtra, 3)
	return r
}

// symbols reads resolution.symbols: 2 to 10, counts without chains or
// self-reference, cancels with at most one partner each.
func (v *Validator) symbols(o validate.Obj, sp *SymbolPool) map[string]int {
	if !o.Require("symbols") {
		return nil
	}
	arr, ok := o.Arr("symbols", 2, 10)
	if !ok && arr == nil {
		return nil
	}
	ids := validate.IDs(v.P, o.Ptr("symbols"), arr)
	idx := map[string]int{}
	for i, id := range ids {
		if id != "" {
			idx[id] = i
		}
	}
	sp.Symbols = make([]Symbol, len(arr))
	counts := make([]string, len(arr))
	cancels := make([]string, len(arr))
	for i, raw := range arr {
		sym := &sp.Symbols[i]
		sym.ID, sym.CountsIdx, sym.Partner = ids[i], -1, -1
		s, ok := validate.AsObj(v.P, o.Ptr("symbols", i), raw)
		if !ok {
			continue
		}
		s.Known(vocab.Keys("symbol-pool.symbols")...)
		sym.Label, _ = s.Str("label", 80, false)
		if sym.Label == "" {
			sym.Label = sym.ID
		}
		sym.EncLabel = DetailEscape(sym.Label)
		sym.Text, _ = s.Str("text", 200, false)
		counts[i], _ = s.Str("counts", 64, true)
		cancels[i], _ = s.Str("cancels", 64, true)
	}
	for i := range arr {
		s := validate.Obj{P: v.P, At: o.Ptr("symbols", i)}
		if c := counts[i]; c != "" {
			j, known := idx[c]
			switch {
			case !known:
				s.Addf("counts", "no symbol with id %q; declared: %s", c, symbolIDs(sp))
			case j == i:
				s.Addf("counts", "symbol %q counts itself; counts names another symbol", ids[i])
			case counts[j] != "":
				s.Addf("counts", "symbol %q counts %q, which counts %q in turn; chains are refused: name a symbol without counts of its own", ids[i], c, counts[j])
			default:
				sp.Symbols[i].CountsIdx = j
			}
		}
		if c := cancels[i]; c != "" {
			j, known := idx[c]
			switch {
			case !known:
				s.Addf("cancels", "no symbol with id %q; declared: %s", c, symbolIDs(sp))
			case j == i:
				s.Addf("cancels", "symbol %q cancels itself; cancels names another symbol", ids[i])
			default:
				v.pairSymbols(s, sp, i, j)
			}
		}
	}
	return idx
}

// pairSymbols records i and j as cancelling partners, refusing a second
// partner for either.
func (v *Validator) pairSymbols(s validate.Obj, sp *SymbolPool, i, j int) {
	a, b := &sp.Symbols[i], &sp.Symbols[j]
	if a.Partner == j && b.Partner == i {
		return // the reverse declaration, which is optional
	}
	if a.Partner >= 0 {
		s.Addf("cancels", "symbol %q already cancels with %q; a symbol has at most one partner", a.ID, sp.Symbols[a.Partner].ID)
		return
	}
	if b.Partner >= 0 {
		s.Addf("cancels", "symbol %q already cancels with %q; a symbol has at most one partner", b.ID, sp.Symbols[b.Partner].ID)
		return
	}
	a.Partner, b.Partner = j, i
}

// symbolDice reads resolution.dice: 2 to 8 dice of 2 to 20 faces, each
// face at most three existing symbol ids.
func (v *Validator) symbolDice(o validate.Obj, sp *SymbolPool, symIdx map[string]int) map[string]int {
	if !o.Require("dice") {
		return nil
	}
	arr, ok := o.Arr("dice", 2, 8)
	if !ok && arr == nil {
		return nil
	}
	ids := validate.IDs(v.P, o.Ptr("dice"), arr)
	idx := map[string]int{}
	for i, raw := range arr {
		d, ok := validate.AsObj(v.P, o.Ptr("dice", i), raw)
		die := SymbolDie{ID: ids[i]}
		if ok {
			d.Known(vocab.Keys("symbol-pool.dice")...)
			die.Label, _ = d.Str("label", 80, false)
			if d.Require("faces") {
				faces, _ := d.Arr("faces", 2, 20)
				for fi, fraw := range faces {
					syms, ok := validate.ArrAt(v.P, d.Ptr("faces", fi), fraw, 0, 3)
					var face []int
					for si, sraw := range syms {
						id, isStr := sraw.(string)
						j, known := symIdx[id]
						switch {
						case !isStr:
							v.P.Addf(d.Ptr("faces", fi, si), "want a symbol id (a string), found %s", validate.TypeName(sraw))
						case !known && symIdx != nil:
							v.P.Addf(d.Ptr("faces", fi, si), "no symbol with id %q; declared: %s", id, symbolIDs(sp))
						default:
							face = append(face, j)
						}
					}
					if ok || syms != nil {
						die.Faces = append(die.Faces, face)
					}
				}
			}
		}
		if die.Label == "" {
			die.Label = die.ID
		}
		die.EncLabel = DetailEscape(die.Label)
		if ids[i] != "" {
			idx[ids[i]] = len(sp.Dice)
		}
		sp.Dice = append(sp.Dice, die)
	}
	return idx
}

func symbolIDs(sp *SymbolPool) string {
	var ids []string
	for _, s := range sp.Symbols {
		if s.ID != "" {
			ids = append(ids, s.ID)
		}
	}
	return strings.Join(ids, ", ")
}

func dieIDs(sp *SymbolPool) string {
	var ids []string
	for _, d := range sp.Dice {
		if d.ID != "" {
			ids = append(ids, d.ID)
		}
	}
	return strings.Join(ids, ", ")
}

// DetailEscape escapes a label for the record's symbolDetails: the
// characters that encoding uses as separators (| : + ; =), the percent
// sign, quotes and backslashes become %XX, so any label survives a round
// trip and the value never needs the tag grammar's escapes.
func DetailEscape(label string) string {
	if !strings.ContainsAny(label, detailReserved) {
		return label
	}
	var b strings.Builder
	for i := 0; i < len(label); i++ {
		c := label[i]
		if strings.IndexByte(detailReserved, c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

const detailReserved = "%|:+;=\"\\"
