package check

import (
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// Checker answers skill_check and roll_dice tags one after another in
// storage it keeps, for a caller that prints (or copies) each record
// before it answers the next: a server loop, a --repeat, a benchmark. A
// check then allocates nothing, but for a chunk of text storage every few
// dozen checks (texts); Resolve and RollDice copy the attribute list of
// every record instead, so their records are the caller's to keep.
//
// The record a Checker returns is valid until its next call: its
// attribute list is the Checker's and is written over. The values are
// ordinary strings and stay valid; record.Record.Clone (or Append and
// String) keeps a record for longer. A Checker is not safe for concurrent
// use; its zero value is ready. It must not be copied once used (go vet
// says so): a copy would write the same chunk of text storage as the
// original, over bytes that the values of the original's records are.
type Checker struct {
	_    noCopy
	st   store
	roll rollStore
}

// noCopy makes go vet's copylocks check refuse a copy of the struct that
// holds it; it has no state and costs nothing.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// Resolve answers a skill_check tag, as check.Resolve does.
func (k *Checker) Resolve(env *Env, t tag.Tag) Result {
	return k.st.resolve(env, t)
}

// RollDice answers a roll_dice tag, as check.RollDice does.
func (k *Checker) RollDice(rs *ruleset.Ruleset, t tag.Tag, s dice.Stream) record.Record {
	return k.roll.rollDice(rs, t, s)
}
