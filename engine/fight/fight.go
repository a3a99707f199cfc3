// Package fight is a ruleset fight in the session's fold: the smallest
// fight that gives every item rule of spec/items.md's fight sections an
// observable effect (docs/fight.md). The Game Master starts it against
// bestiary creatures and says each step with a [fight:] tag; the engine
// resolves each step with the ruleset's own dice (a summed fight for
// dice-sum, a pool fight for dice-pool, a symbol fight for symbol-pool),
// writes what the step shot,
// loaded, used and dealt to the bags and live state at once, and says it
// in a fight log line in the spec's words.
//
// The fight's own state is a section part of the party (Party.Parts
// ["fight"]), so a regenerated reply, which starts again from the party
// before it, shoots, loads, uses and loots exactly once.
//
// Dice are drawn from the tag's own stream, in an order that is part of
// the contract: for each target in the order named and each strike, the
// attack roll (the resolution's dice in order, a second throw with
// advantage or disadvantage; or the pool and its explosions), then on a
// hit the damage dice (doubled on a critical; then each die at or below
// rerollUpTo again, in order; or a pool's extra dice), each plus clause's
// dice in order and its save, then a saveEnds "damaged" save, then each
// onHit condition's save; a round's end
// rolls each saveEnds save in the order the conditions were imposed; the
// end of a won fight rolls each defeated creature's loot table in the
// order they fell.
package fight

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/use"
)

func init() { items.RegisterTag("fight", Answer) }

// Section is the fight's key in Party.Parts.
const Section = "fight"

// Refusal reasons of [fight:] (docs/tags.md "fight").
const (
	GMOnly      = "gm-only"       // the player wrote it
	UnknownOp   = "unknown-op"    // op= is none of the fight's steps
	NoFightKind = "no-fight-kind" // the ruleset's kind has no fight here
	NoFight     = "no-fight"      // a step with no fight going on
	InFight     = "in-fight"      // a start while a fight goes on
	NoFoes      = "no-foes"       // start without foes=, or with none known
	UnknownFoe  = "unknown-foe"   // a foe the bestiary does not hold
	NoDefense   = "no-defense"    // a summed fight without a defense
	UnknownWho  = "unknown-who"   // who= names no fighter
	Down        = "down"          // who= is out of the fight
	NoWeapon    = "no-weapon"     // the attack names nothing who can attack with
	NotOffered  = "not-offered"   // the option is not offered now (not worn, no shots, ...)
	UnknownMode = "unknown-mode"  // mode= names none of the weapon's modes
	BadTarget   = "bad-target"    // target= names no fighter on the other side, or too many
	BudgetSpent = "budget-spent"  // the budget is spent this round
	NoShots     = "no-shots"      // not enough ammunition carried or loaded
	StackGone   = "stack-gone"    // a stack the step counted on has disappeared
	NotEnough   = "not-enough"    // a stack holds less than the step counted on
	NoClip      = "no-clip"       // reload of a weapon without a clip
	Full        = "full"          // reload of a full clip
	BadOutcome  = "bad-outcome"   // end without won, lost or fled
	UnknownItem = "unknown-item"  // use or toggle of an item who does not have
	TooManyFoes = "too-many-foes" // start asks for more than MaxFoes
	OutOfRange  = "out-of-range"  // distance= beyond what the weapon reaches
	NoStyle     = "no-style"      // style="spend" or "take" where the fight has no hardness
	TooFar      = "too-far"       // a move beyond what is left of who's speed this round
	CannotMove  = "cannot-move"   // a move by someone whose speed is zero
	BadDistance = "bad-distance"  // a move without a distance above 0
)

// MaxFoes bounds one fight's creatures, so a hostile tag cannot grow the
// state without end.
const MaxFoes = 50

// State is the fight going on: nil in the party when there is none.
type State struct {
	// Pool is true in a pool fight, false in a summed one.
	Pool bool `json:"pool,omitempty"`
	// Symbol is true in a symbol fight (symbol-pool).
	Symbol bool   `json:"symbol,omitempty"`
	Round  int    `json:"round"`
	Foes   []*Foe `json:"foes"`
	// Members are the party's fighters, by member index.
	Members []*Fighter `json:"members"`
	// Fallen are the foes' indices in the order they were defeated.
	Fallen []int `json:"fallen,omitempty"`
	// Shots are what each stack shot that recover may bring back.
	Shots []Shot `json:"shots,omitempty"`
	// Timed are the conditions the fight imposed for some rounds or
	// until a save, in the order imposed.
	Timed []Timed `json:"timed,omitempty"`
	// start is what engine/use reads once, as the fight began (the
	// sheets a gate rolls with, the counts `1 of 2 left` reads); the
	// fold rebuilds it when it replays the start.
	start *use.Start
}

// Foe is one creature of the fight.
type Foe struct {
	Name string `json:"name"`
	// Ref is the creature's "catalog/entry".
	Ref        string         `json:"ref"`
	Health     int            `json:"health"`
	Max        int            `json:"max"`
	Conditions []string       `json:"conditions,omitempty"`
	Spent      map[string]int `json:"spent,omitempty"`
	// Number is its number, which attacks move and a strike that spends
	// rolls (docs/fight.md "Hardness and strikes that spend").
	Number int `json:"number,omitempty"`
	// Moved is how far it moved this round (docs/fight.md "Speed").
	Moved float64 `json:"moved,omitempty"`
	// c is the creature and defs its typed defenses, looked up once.
	c    *fightrules.Creature
	defs items.Defenses
}

// Fighter is a party member's fight: what the fight read from the sheet
// when it began and the budgets spent this round.
type Fighter struct {
	Defense  int `json:"defense,omitempty"`
	Soak     int `json:"soak,omitempty"`
	Hardness int `json:"hardness,omitempty"`
	// Base and Number: the number's base read at the start, and where it
	// stands (docs/fight.md "Hardness and strikes that spend").
	Base   int            `json:"base,omitempty"`
	Number int            `json:"number,omitempty"`
	Spent  map[string]int `json:"spent,omitempty"`
	// OffHandFrom is set once they attacked this round with a weapon
	// marked offHand: each other such weapon then offers a second attack.
	// OffHandFrom is that weapon's stack index plus one (0: none yet).
	OffHandFrom int  `json:"offHandFrom,omitempty"`
	OffHandDone bool `json:"offHandDone,omitempty"`
	// Speed is combat.speed read at the start (HasSpeed when the ruleset
	// has it); Moved how far they moved this round.
	Speed    float64 `json:"speed,omitempty"`
	HasSpeed bool    `json:"hasSpeed,omitempty"`
	Moved    float64 `json:"moved,omitempty"`
}

// Shot is what one stack shot in this fight, times its weapon's recover.
type Shot struct {
	Member int     `json:"member"`
	Item   string  `json:"item"`
	Name   string  `json:"name"`
	Count  int     `json:"count"`
	Back   float64 `json:"back"`
}

// Timed is a condition that lasts some rounds or until a save.
type Timed struct {
	// Foe is the foe's index, or -1 for Member.
	Foe       int    `json:"foe"`
	Member    int    `json:"member"`
	Condition string `json:"condition"`
	Rounds    int    `json:"rounds,omitempty"`
	Save      string `json:"save,omitempty"`
	DC        int    `json:"dc,omitempty"`
	At        string `json:"at,omitempty"`
}

// ClonePart copies the fight deeply, so a regenerated reply starts from
// the fight before it.
func (s *State) ClonePart() items.Part {
	if s == nil {
		return (*State)(nil)
	}
	c := &State{Pool: s.Pool, Symbol: s.Symbol, Round: s.Round, Fallen: slices.Clone(s.Fallen), Shots: slices.Clone(s.Shots),
		Timed: slices.Clone(s.Timed), start: s.start}
	for _, f := range s.Foes {
		g := *f
		g.Conditions = slices.Clone(f.Conditions)
		g.Spent = cloneSpent(f.Spent)
		c.Foes = append(c.Foes, &g)
	}
	for _, m := range s.Members {
		g := *m
		g.Spent = cloneSpent(m.Spent)
		c.Members = append(c.Members, &g)
	}
	return c
}

func cloneSpent(m map[string]int) map[string]int {
	if m == nil {
		return nil
	}
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Of is the fight going on in the party, nil when there is none.
func Of(p *items.Party) *State {
	s, _ := p.PartOf(Section).(*State)
	return s
}

// steps are the fight's steps after its start, by op: one table both
// says which ops there are and answers each.
var steps = map[string]func(*fight, tag.Tag) record.Record{
	"attack": (*fight).attack,
	"move":   (*fight).move,
	"reload": (*fight).reload,
	"use":    (*fight).use,
	"toggle": (*fight).toggle,
	"auto":   (*fight).auto,
	"round":  func(f *fight, _ tag.Tag) record.Record { return f.round() },
	"end":    (*fight).end,
}

// Answer answers [fight: op=...]: a Game Master's step of the fight.
func Answer(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	op := strings.ToLower(strings.TrimSpace(t.Value("op")))
	if turn.Actor != items.GM {
		return record.Refused("fight", GMOnly, "op", op, "note", "only the Game Master says what happens in a fight")
	}
	if op == "start" {
		return start(p, t, turn)
	}
	step, ok := steps[op]
	if !ok {
		return record.Refused("fight", UnknownOp, "op", op, "note", "op is one of start, attack, move, reload, use, toggle, auto, round, end")
	}
	st := Of(p)
	if st == nil {
		return record.Refused("fight", NoFight, "op", op, "note", `no fight is going on: start one with [fight: op="start" foes="..."]`)
	}
	f := &fight{p: p, st: st, turn: turn, from: t.Value("from")}
	if n, err := strconv.Atoi(strings.TrimSpace(t.Value("counted"))); err == nil && n > 0 {
		f.fromCount = n
	}
	return step(f, t)
}

// fight is one step in progress.
type fight struct {
	p    *items.Party
	st   *State
	turn items.Turn
	log  []string
	// from names the stack a step draws from first, and fromCount how
	// many it counted on finding there (from= and counted=): a step whose
	// stack has gone, or holds less, is refused.
	from      string
	fromCount int
}

// say adds a line to the step's fight log.
func (f *fight) say(line string) { f.log = append(f.log, line) }

// head starts the step's record.
func head(op string) record.Record {
	rec := record.New("fight")
	rec.Add("op", op)
	return rec
}

// finish adds the log to the record.
func (f *fight) finish(rec record.Record) record.Record {
	if len(f.log) > 0 {
		rec.Add("log", strings.Join(f.log, " "))
	}
	return rec
}
