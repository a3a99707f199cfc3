package fight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/use"
)

// start answers [fight: op="start" foes="2 Grave wight, Marsh hound"]: a
// fight against creatures of the bestiary, several of one kind numbered
// (`Grave wight 1`, `Grave wight 2`). What the fight reads from each
// member's sheet (defense, soak) is read now, once.
func start(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	pool, symbol, refusal, ok := kindOf(p.RS)
	if !ok {
		return refusal
	}
	if Of(p) != nil {
		return record.Refused("fight", InFight, "op", "start", "note", `a fight is going on: end it first with [fight: op="end" outcome="won"]`)
	}
	kinds, refusal, ok := readFoes(p.RS, t.Value("foes"))
	if !ok {
		return refusal
	}
	if !pool {
		if refusal, ok := summedDefenses(p.RS, kinds); !ok {
			return refusal
		}
	}
	st := &State{Pool: pool, Symbol: symbol, Round: 1, start: use.Begin(p)}
	for _, k := range kinds {
		for n := 1; n <= k.count; n++ {
			name := k.c.Label
			if k.count > 1 {
				name += " " + strconv.Itoa(n)
			}
			st.Foes = append(st.Foes, &Foe{Name: name, Ref: k.c.Ref(), Health: k.c.Health, Max: k.c.Health, Number: k.c.Initiative})
		}
	}
	for i := range p.Members {
		st.Members = append(st.Members, readFighter(p, i))
	}
	p.SetPart(Section, st)
	rec := head("start")
	rec.Add("foes", foeList(st))
	rec.AddInt("round", 1)
	f := &fight{p: p, st: st, turn: turn}
	f.say(fmt.Sprintf("The fight begins: %s against %s.", memberNames(p), foeList(st)))
	return f.finish(rec)
}

// kindOf says which fight the ruleset's kind rolls: a pool fight for
// dice-pool, a summed fight for dice-sum, and none for the others here.
func kindOf(rs *ruleset.Ruleset) (pool, symbol bool, refusal record.Record, ok bool) {
	if rs == nil || rs.Resolution == nil {
		return false, false, record.Refused("fight", NoFightKind, "op", "start", "note", "no ruleset: a fight rolls the ruleset's dice"), false
	}
	switch {
	case rs.Resolution.Kind == "dice-sum" && rs.Resolution.DiceSum != nil:
		return false, false, record.Record{}, true
	case rs.Resolution.Kind == "dice-pool" && rs.Resolution.DicePool != nil:
		return true, false, record.Record{}, true
	case rs.Resolution.Kind == "symbol-pool" && rs.Resolution.SymbolPool != nil:
		return false, true, record.Record{}, true
	}
	return false, false, record.Refused("fight", NoFightKind, "op", "start", "note",
		fmt.Sprintf("a %s ruleset has no fight the engine resolves (docs/fight.md: a summed fight for dice-sum, a pool fight for dice-pool, a symbol fight for symbol-pool)", rs.Resolution.Kind)), false
}

type foeKind struct {
	c     *fightrules.Creature
	count int
}

// readFoes reads foes=: comma-separated creatures, each with an optional
// count before it ("2 Grave wight").
func readFoes(rs *ruleset.Ruleset, v string) ([]foeKind, record.Record, bool) {
	if len(rs.Bestiary) == 0 {
		return nil, record.Refused("fight", NoFoes, "op", "start", "note", `this ruleset's bestiary is empty: a catalog with holds "creatures" lists the foes`), false
	}
	var out []foeKind
	total := 0
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		n := 1
		if sp := strings.IndexByte(part, ' '); sp > 0 {
			if k, err := strconv.Atoi(part[:sp]); err == nil {
				n, part = k, strings.TrimSpace(part[sp+1:])
			}
		}
		c := rs.Creature(part)
		if c == nil {
			return nil, record.Refused("fight", UnknownFoe, "op", "start", "foe", part, "note", "the bestiary holds: "+bestiaryNames(rs)), false
		}
		// n > MaxFoes-total, not total+n > MaxFoes: a count near the
		// largest int would wrap the sum below the bound.
		if n < 1 || n > MaxFoes-total {
			return nil, record.Refused("fight", TooManyFoes, "op", "start", "note", fmt.Sprintf("from 1 to %d foes in a fight", MaxFoes)), false
		}
		total += n
		out = addFoes(out, c, n)
	}
	if len(out) == 0 {
		return nil, record.Refused("fight", NoFoes, "op", "start", "note", `name the foes: foes="2 `+rs.Bestiary[0].Label+`"; the bestiary holds: `+bestiaryNames(rs)), false
	}
	return out, record.Record{}, true
}

// addFoes adds n of creature c: a creature named twice ("Grave wight,
// Grave wight") is one kind counted twice, so its foes are numbered
// apart and each can be named as a target.
func addFoes(out []foeKind, c *fightrules.Creature, n int) []foeKind {
	for i := range out {
		if out[i].c == c {
			out[i].count += n
			return out
		}
	}
	return append(out, foeKind{c: c, count: n})
}

// summedDefenses refuses a summed fight without the number an attack
// must beat: combat.defense for the party, defense for each creature.
func summedDefenses(rs *ruleset.Ruleset, kinds []foeKind) (record.Record, bool) {
	if rs.Fight == nil || rs.Fight.Defense == nil {
		return record.Refused("fight", NoDefense, "op", "start", "note", "a summed or symbol fight needs combat.defense, the number an attack must meet or beat (the difficulty dice in a symbol fight)"), false
	}
	for _, k := range kinds {
		if !k.c.HasDefense {
			return record.Refused("fight", NoDefense, "op", "start", "foe", k.c.Label, "note", k.c.Label+" states no defense, which a summed or symbol fight needs"), false
		}
	}
	return record.Record{}, true
}

// readFighter reads what the fight takes from member i's sheet once, as
// it begins: defense (summed) or soak (pool), through itemStat for armor.
func readFighter(p *items.Party, i int) *Fighter {
	fr := &Fighter{}
	f := p.RS.Fight
	if f == nil {
		return fr
	}
	ch := p.Character(i)
	if f.Defense != nil {
		fr.Defense = int(ch.Value(*f.Defense))
	}
	if f.Speed != nil {
		fr.Speed, fr.HasSpeed = max(0, ch.Value(*f.Speed)), true
	}
	if f.Soak != nil {
		fr.Soak = max(0, int(ch.Value(*f.Soak)))
	}
	if f.Initiative != nil {
		fr.Base = max(0, int(ch.Value(*f.Initiative)))
		fr.Number = fr.Base
	}
	if ci := p.RS.CombatItems; ci != nil && ci.Hardness != nil {
		fr.Hardness = max(0, int(ch.Value(*ci.Hardness)))
	}
	return fr
}

func bestiaryNames(rs *ruleset.Ruleset) string {
	names := make([]string, len(rs.Bestiary))
	for i, c := range rs.Bestiary {
		names[i] = c.Label
	}
	return strings.Join(names, ", ")
}

func memberNames(p *items.Party) string {
	names := make([]string, len(p.Members))
	for i, m := range p.Members {
		names[i] = m.Name
	}
	return strings.Join(names, ", ")
}

// foeList names the foes with their health: `Grave wight 1 (6 health)`.
func foeList(st *State) string {
	parts := make([]string, len(st.Foes))
	for i, f := range st.Foes {
		parts[i] = fmt.Sprintf("%s (%d health)", f.Name, f.Health)
	}
	return strings.Join(parts, ", ")
}
