package use

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
)

// This file is spec/items.md "Using items in a fight" as an API the fight
// calls: what a member can use now (Offered), and one use against the
// targets the fight chose (InFight). It does not import the fight: the
// fight hands in its board (Board) for what only it knows (attack rolls
// against its defenses, a creature's saves, damage through resistances,
// conditions that last some rounds), and gets back what happened and the
// log's lines. The party's own state (bags, health, pools, temporary
// points) is changed here, so the inventory is saved at each step.
//
// Dice are drawn from the stream in a fixed order, part of the contract:
// the gate's check; then for each target in the order given: the attack
// roll (Board), the save (Board), the amount, each plus clause's dice and
// its save, the temporary points, the restore; last the breaksOn die.

// Target is one combatant a use in a fight reaches, as the fight names it.
type Target struct {
	// Name is how the log names it ("Ada", "Grave wight 2").
	Name string `json:"name,omitempty"`
	// Member is the party member's index, -1 for a creature: a creature
	// has health only, no sheet and no pools.
	Member int `json:"member"`
	// Enemy is true for the other side.
	Enemy bool `json:"enemy,omitempty"`
	// Types and Tags are a creature's types and tags, which a plus
	// clause's targetIs reads.
	Types []string `json:"types,omitempty"`
	Tags  []string `json:"tags,omitempty"`
	// Ref is the fight's own handle for it, handed back to the Board.
	Ref int `json:"ref,omitempty"`
}

// IsCreature is true for a target that is not a party member.
func (t Target) IsCreature() bool { return t.Member < 0 }

// Roll is how a roll the fight made went, with the log's words for it.
type Roll struct {
	Success  bool
	Critical bool
	Line     string
}

// Landed is what an amount did on the board: how much it changed, and the
// log's words for it.
type Landed struct {
	Amount int
	Line   string
}

// Board is what the fight does for a use, since only the fight knows it:
// the board's combatants, their defenses and how long a condition lasts.
// Each method draws its dice from s, in the order InFight calls it.
type Board interface {
	// AttackRoll rolls member user's attack with the use's toHit, read
	// with the item's own stats as a weapon's is (the zero ToHit adds
	// nothing), against t, with the fight's own dice: a summed roll
	// against the number an attack must beat, or a pool with the toHit's
	// per-die target in a pool fight.
	AttackRoll(user int, toHit items.ToHit, t Target, s dice.Stream) Roll
	// Save has t roll save (a ruleset save id) against difficulty;
	// Success is true when t saves.
	Save(t Target, save string, difficulty int, s dice.Stream) Roll
	// Hurt deals n damage of damageType to t, through its resistances
	// (qualities are the item's tags, which an `except` lets through),
	// and returns what it took.
	Hurt(t Target, n int, damageType string, qualities []string) Landed
	// HealCreature gives a creature back up to n health, never beyond its
	// max. A party member's health is the party's, healed by InFight.
	HealCreature(t Target, n int) Landed
	// Impose puts condition on t for rounds of its turns (0: until
	// something removes it); a member's goes through Party.Impose, so a
	// condition immunity keeps it off. Success is false when it did not
	// take.
	Impose(t Target, condition string, rounds int) Roll
}

// Start is what a fight reads once, when it begins: each member's sheet
// (the number a gate rolls, spec: "the sheet's number read when the fight
// began") and how many of each item each carried (the "of 2" in
// `Poultice: 1 of 2 left.`). Keep it for the whole fight; Begin makes it
// again from the same party, so a fight folded from a log rebuilds it.
type Start struct {
	chars  []*sheet.Character
	counts []map[*itemrules.Item]int
}

// Begin reads the party as the fight begins.
func Begin(p *items.Party) *Start {
	st := &Start{}
	// The characters read a frozen copy of the party: what is worn,
	// carried or imposed later in the fight does not reach them.
	frozen := p.Clone()
	for i, m := range p.Members {
		st.chars = append(st.chars, frozen.Character(i))
		c := map[*itemrules.Item]int{}
		for j := range m.Bag {
			if def := p.Def(&m.Bag[j]); def != nil && def.UseDef != nil {
				c[def] += m.Bag[j].Count
			}
		}
		st.counts = append(st.counts, c)
	}
	return st
}

// char is member i's character as the fight began (nil: read it now).
func (st *Start) char(i int) *sheet.Character {
	if st == nil || i >= len(st.chars) {
		return nil
	}
	return st.chars[i]
}

// count is how many of def member i carried when the fight began.
func (st *Start) count(i int, def *itemrules.Item) int {
	if st == nil || i >= len(st.counts) {
		return 0
	}
	return st.counts[i][def]
}

// Offer is one entry of the fight menu's Items: the item's name (never
// the stack's), what it spends, how many are left, and what it does.
type Offer struct {
	Item   string `json:"item,omitempty"`
	Budget string `json:"budget,omitempty"`
	Free   bool   `json:"free,omitempty"`
	// Left is how many units (consumed) or uses (charges) remain; Of is
	// the charges' max; both 0 for an item that is not spent.
	Left int `json:"left"`
	Of   int `json:"of,omitempty"`
	// Targets is who it is used on: self, ally, enemy or any (the
	// default for its kind filled in).
	Targets string `json:"targets,omitempty"`
	// Text is what using it does, as the Game Master's line says it.
	Text string `json:"text,omitempty"`
}

// Offered is what member i can use in a fight now, one offer per item in
// the order of the bag: an item that takes slots or binds only while worn
// (and bound), one with charges while a use remains, a gate whose
// difficulty the item gives.
func Offered(p *items.Party, i int) []Offer {
	if i < 0 || i >= len(p.Members) {
		return nil
	}
	m := p.Members[i]
	var out []Offer
	seen := map[*itemrules.Item]bool{}
	for j := range m.Bag {
		s := &m.Bag[j]
		def := p.Def(s)
		if def == nil || def.UseDef == nil || seen[def] {
			continue
		}
		if _, ok := usable(p, m, s); !ok || !gateReady(def) {
			continue
		}
		seen[def] = true
		o := Offer{Item: def.Label, Budget: def.UseDef.Budget, Free: def.UseDef.Free, Targets: TargetsOf(def.UseDef), Text: Describe(p, def)}
		switch {
		case def.UseDef.Consumes:
			o.Left = usableCount(p, m, def)
		case def.UseDef.Charges > 0:
			left, maxN, _ := p.ChargesLeft(s)
			o.Left, o.Of = left/def.UseDef.Charges, maxN
		}
		out = append(out, o)
	}
	return out
}

// usableCount is how many units of def m can use now: an item that is
// worn counts what is worn, never a spare in the bag.
func usableCount(p *items.Party, m *items.Member, def *itemrules.Item) int {
	n := 0
	for j := range m.Bag {
		if s := &m.Bag[j]; p.Def(s) == def {
			if _, ok := usable(p, m, s); ok {
				n += s.Count
			}
		}
	}
	return n
}

// gateReady is false for a gate whose difficulty the item does not give.
func gateReady(def *itemrules.Item) bool {
	if def.UseDef.Gate == nil {
		return true
	}
	_, ok := def.GateDifficulty()
	return ok
}

// TargetsOf is who a use is used on: its targets, or without them an ally
// for a heal or a buff and an enemy for an attack or a debuff.
func TargetsOf(u *itemrules.Use) string {
	if u.Targets != "" {
		return u.Targets
	}
	if u.Kind == "heal" || u.Kind == "buff" {
		return "ally"
	}
	return "enemy"
}

// Worth says whether a party member played by the Engine would use the
// item on t: a heal only on someone wounded, and a use that only
// restores a pool not on someone whose pool is full.
func Worth(p *items.Party, def *itemrules.Item, t Target) bool {
	u := def.UseDef
	if u == nil || t.IsCreature() {
		return u != nil
	}
	if u.Kind == "heal" && u.Amount != nil {
		return wounded(p, t.Member) || (u.Restore != nil && !poolFull(p, t.Member, u.Restore.Pool))
	}
	if u.Restore != nil && u.Amount == nil && len(u.Applies) == 0 && u.Temporary == nil {
		return !poolFull(p, t.Member, u.Restore.Pool)
	}
	return true
}

func wounded(p *items.Party, i int) bool {
	rs := p.RS
	if id := rs.HealthPool(); id != "" {
		return p.PoolValue(i, id) < p.PoolMax(i, id)
	}
	if tr := rs.HealthTrack(); tr != nil {
		return p.TrackMarks(i, tr.ID) > 0
	}
	return false
}

func poolFull(p *items.Party, i int, id string) bool {
	return p.PoolValue(i, id) >= p.PoolMax(i, id)
}

// Request is one use in a fight: member User uses Item on Targets.
type Request struct {
	Party *items.Party
	// User is the member's index; Item the item's name or the stack's.
	User int
	Item string
	// Targets are who it reaches, as the fight chose them: for an area,
	// whoever is in it (the user's own side only with friendlyFire).
	// Empty for a use on oneself is the user.
	Targets []Target
	Board   Board
	Dice    dice.Stream
	// Start is the party as the fight began (nil: read it now).
	Start *Start
}

// Effect is what a use did to one target.
type Effect struct {
	Target Target `json:"target,omitempty"`
	// Hit is false for a missed attack roll (always true without one).
	Hit      bool `json:"hit"`
	Critical bool `json:"critical,omitempty"`
	// Saved is true when the target's save succeeded.
	Saved bool `json:"saved,omitempty"`
	// Healed, Damage, Temporary and Restored are the amounts that landed.
	Healed    int `json:"healed,omitempty"`
	Damage    int `json:"damage,omitempty"`
	Temporary int `json:"temporary,omitempty"`
	Restored  int `json:"restored,omitempty"`
	// Imposed are the labels of the conditions that took.
	Imposed []string `json:"imposed,omitempty"`
}

// Result is one use in a fight. When Refused is set nothing changed.
type Result struct {
	Refused *record.Record `json:"refused,omitempty"`
	Item    string         `json:"item,omitempty"`
	User    string         `json:"user,omitempty"`
	Budget  string         `json:"budget,omitempty"`
	Free    bool           `json:"free,omitempty"`
	// Gate is how the gate went: "" (none), "skipped", "passed", "failed".
	Gate       string        `json:"gate,omitempty"`
	GateRecord record.Record `json:"gateRecord,omitempty"`
	// Worked is false when a failed gate spent it for nothing.
	Worked  bool     `json:"worked"`
	Effects []Effect `json:"effects,omitempty"`
	// Left and Of: units left of those carried when the fight began
	// (consumed), or charges left of the max; Broke and BreakRoll when
	// the last charge rolled breaksOn.
	Left      int  `json:"left"`
	Of        int  `json:"of,omitempty"`
	Broke     bool `json:"broke,omitempty"`
	BreakRoll int  `json:"breakRoll,omitempty"`
	// Lines are the fight log's lines, in order.
	Lines []string `json:"lines,omitempty"`
}

// fightUse is one use in a fight in progress.
type fightUse struct {
	Request
	m   *items.Member
	si  int
	def *itemrules.Item
	u   *itemrules.Use
	res Result
}

// InFight uses an item in a fight: refusals first (nothing changes), then
// the gate, then what it does to each target, then what it costs.
func InFight(r Request) Result {
	if r.Board == nil || r.Dice == nil {
		rec := record.Refused("use", "no-fight", "note", "a use in a fight needs the fight's board and dice")
		return Result{Refused: &rec}
	}
	if r.Party == nil || r.Party.RS == nil || r.User < 0 || r.User >= len(r.Party.Members) {
		rec := record.Refused("use", "unknown-who", "note", "the user is not a member of the party")
		return Result{Refused: &rec}
	}
	x := &fightUse{Request: r, m: r.Party.Members[r.User]}
	if refusal, ok := x.find(); !ok {
		return Result{Refused: &refusal}
	}
	x.res = Result{Item: x.def.Label, User: x.m.Name, Budget: x.u.Budget, Free: x.u.Free}
	if refusal, ok := x.aim(); !ok {
		return Result{Refused: &refusal}
	}
	s := &x.m.Bag[x.si]
	on := s.On
	if x.gate() {
		x.res.Worked = true
		for _, t := range x.Targets {
			x.reach(t, on)
		}
	}
	x.pay()
	return x.res
}

// find picks the user's stack: the first that can be used now.
func (x *fightUse) find() (record.Record, bool) {
	_, si, refusal, ok := pick(x.Party, x.User, true, strings.TrimSpace(x.Item))
	if !ok {
		return refusal, false
	}
	x.si = si
	x.def = x.Party.Def(&x.m.Bag[si])
	if x.def == nil || x.def.UseDef == nil {
		return record.Refused("use", "no-use", "item", x.m.Bag[si].Name, "who", x.m.Name,
			"note", "it has no use in the rules: a fight does not offer it"), false
	}
	x.u = x.def.UseDef
	if !gateReady(x.def) {
		return record.Refused("use", "no-difficulty", "item", x.def.Label, "who", x.m.Name, "note",
			fmt.Sprintf("%s cannot be used: its gate reads its difficulty from stat %q, which this item does not give", x.def.Label, x.u.Gate.DifficultyStat)), false
	}
	return record.Record{}, true
}

// aim holds the targets to the use: oneself only for a use on oneself,
// the right side, no more than targetCount without an area, and an area
// on the user's own side only with friendlyFire.
func (x *fightUse) aim() (record.Record, bool) {
	want := TargetsOf(x.u)
	if len(x.Targets) == 0 && want == "self" {
		x.Targets = []Target{{Name: x.m.Name, Member: x.User}}
	}
	bad := func(note string) (record.Record, bool) {
		return record.Refused("use", "bad-target", "item", x.def.Label, "who", x.m.Name, "note", note), false
	}
	if len(x.Targets) == 0 {
		return bad("choose whom it is used on")
	}
	limit := max(1, x.u.TargetCount)
	if x.u.Area == nil && len(x.Targets) > limit {
		return bad(fmt.Sprintf("%s reaches %s", x.def.Label, plural(limit, "target")))
	}
	var kept []Target
	for _, t := range x.Targets {
		if !t.IsCreature() && (t.Member >= len(x.Party.Members)) {
			return bad(fmt.Sprintf("%s is not a member of the party", t.Name))
		}
		switch {
		case want == "self" && t.Member != x.User:
			return bad(fmt.Sprintf("%s is used on oneself only", x.def.Label))
		case want == "ally" && t.Enemy:
			return bad(fmt.Sprintf("%s is used on an ally, and %s is an enemy", x.def.Label, t.Name))
		case want == "enemy" && !t.Enemy && x.u.Area == nil:
			return bad(fmt.Sprintf("%s is used on an enemy, and %s is not one", x.def.Label, t.Name))
		case want == "enemy" && !t.Enemy && !x.u.FriendlyFire:
			continue // an area aimed at the other side spares one's own
		}
		kept = append(kept, t)
	}
	if len(kept) == 0 {
		return bad("nobody the area reaches is on the other side")
	}
	x.Targets = kept
	return record.Record{}, true
}

// gate rolls the item's gate, with the fight's dice and the sheet's
// number as the fight began, counting what the user's conditions and worn
// items add now; true when the item works.
func (x *fightUse) gate() bool {
	g := x.u.Gate
	if g == nil {
		return true
	}
	p := x.Party
	ch, effects := p.CheckEnv(x.User)
	if st := x.Start.char(x.User); st != nil {
		ch = st
	}
	if g.Unless != nil && ch.Value(g.Unless.Value) >= g.Unless.AtLeast {
		x.res.Gate = "skipped"
		return true
	}
	diff, _ := x.def.GateDifficulty()
	gr := rollGate(p, ch, effects, g, diff, x.Dice)
	x.res.GateRecord = gr.Record
	if gr.Record.Name != "check" {
		x.res.Gate = "failed"
		x.res.Lines = append(x.res.Lines, fmt.Sprintf("%s cannot roll %s to use %s (%s), and it does nothing.", x.m.Name, gr.Label, x.def.Label, gr.Record.Value("reason")))
		return false
	}
	line := fmt.Sprintf("%s rolls %s to use %s: %s", x.m.Name, gr.Label, x.def.Label, gateWords(gr, diff))
	if gr.Passed {
		x.res.Gate = "passed"
		x.res.Lines = append(x.res.Lines, line+", a success.")
		return true
	}
	x.res.Gate = "failed"
	x.res.Lines = append(x.res.Lines, line+", a failure, and "+x.forNothing()+".")
	return false
}

// forNothing says what a failed gate costs.
func (x *fightUse) forNothing() string {
	switch {
	case x.u.Consumes:
		return "it is used up for nothing"
	case x.u.Charges > 0:
		return "its charges are spent for nothing"
	}
	return "it does nothing"
}

// gateWords says a gate's roll in the fight's own dice: a pool's
// successes (`2 successes from 2 dice at 7 or more (8, 9), needing 2
// successes`), a sum's total (`9 (4, 3, +2), needing 8`), or the number
// against the difficulty.
func gateWords(gr GateResult, diff int) string {
	r := gr.Record
	rolls := strings.ReplaceAll(r.Value("rolls"), ",", ", ")
	switch r.Value("resolution") {
	case "pool":
		n, _ := r.Int("dice")
		return fmt.Sprintf("%s from %s at %s or more (%s), needing %s",
			counted(gr.Number, "success", "successes"), counted(n, "die", "dice"), r.Value("target"), rolls, counted(diff, "success", "successes"))
	case "sum":
		parts := rolls
		if mod, ok := r.Int("modifier"); ok && mod != 0 {
			parts += ", " + signedText(mod)
		}
		return fmt.Sprintf("%d (%s), needing %d", gr.Number, parts, diff)
	}
	return fmt.Sprintf("%d against %d", gr.Number, diff)
}

// reach does what the use does to one target, in the spec's order: the
// attack roll, the save, the amount, the plus clauses, the temporary
// points, the restore and the conditions.
func (x *fightUse) reach(t Target, on bool) {
	e := Effect{Target: t, Hit: true}
	u := x.u
	if u.AttackRoll {
		th, _ := x.Party.UseToHit(x.def)
		r := x.Board.AttackRoll(x.User, th, t, x.Dice)
		x.line(r.Line)
		e.Hit, e.Critical = r.Success, r.Success && r.Critical
		if !e.Hit {
			x.res.Effects = append(x.res.Effects, e)
			return
		}
	}
	half := false
	if u.Save != nil {
		r := x.Board.Save(t, u.Save.Save, x.saveDC(0), x.Dice)
		x.line(r.Line)
		e.Saved = r.Success
		if e.Saved {
			switch u.Save.OnSuccess {
			case "negates", "":
				x.res.Effects = append(x.res.Effects, e)
				return
			case "half":
				half = true
			}
		}
	}
	if u.Amount != nil {
		n := rollAmount(x.Dice, *u.Amount, e.Critical)
		if half {
			n /= 2
		}
		switch u.Kind {
		case "heal":
			e.Healed = x.healTarget(t, n)
		case "attack", "debuff":
			l := x.Board.Hurt(t, n, u.DamageType, x.def.Tags)
			x.line(l.Line)
			e.Damage += l.Amount
		}
	}
	for _, c := range u.Plus {
		e.Damage += x.plus(t, c, e.Critical, on)
	}
	if u.Temporary != nil {
		e.Temporary = x.temporary(t, rollAmount(x.Dice, *u.Temporary, false))
	}
	if u.Restore != nil {
		e.Restored = x.restore(t, rollAmount(x.Dice, u.Restore.Amount, false))
	}
	if !half {
		for _, a := range u.Applies {
			r := x.Board.Impose(t, a.Condition, a.Rounds)
			x.line(r.Line)
			if r.Success {
				e.Imposed = append(e.Imposed, x.Party.ConditionLabel(a.Condition))
			}
		}
	}
	x.res.Effects = append(x.res.Effects, e)
}

func (x *fightUse) line(s string) {
	if s != "" {
		x.res.Lines = append(x.res.Lines, s)
	}
}

// saveDC is a save's difficulty: a clause's own, else the use's.
func (x *fightUse) saveDC(own int) int {
	if own > 0 {
		return own
	}
	if x.u.SaveDifficultyStat != "" {
		if f, ok := x.def.Number(x.u.SaveDifficultyStat); ok {
			return max(1, min(int(f), itemrules.MaxDifficulty))
		}
	}
	return x.u.SaveDifficulty
}

// plus deals one plus clause to t: only to a target of its types or tags,
// only on a critical hit or while the switch is on when it says so, with
// its own save (half or none on a success); dice doubled on a critical.
func (x *fightUse) plus(t Target, c itemrules.UsePlus, crit, on bool) int {
	switch {
	case c.When == "critical" && !crit, c.When == "toggled" && !on:
		return 0
	case c.TargetIs != nil && !anyIn(c.TargetIs.Types, t.Types) && !anyIn(c.TargetIs.Tags, t.Tags):
		return 0
	}
	n := rollAmount(x.Dice, itemrules.UseAmount{Dice: c.Dice, Flat: c.Flat}, crit)
	if c.Save != nil {
		r := x.Board.Save(t, c.Save.Save, x.saveDC(c.Save.Difficulty), x.Dice)
		x.line(r.Line)
		if r.Success {
			if c.Save.OnSuccess == "none" {
				return 0
			}
			n /= 2
		}
	}
	typ := c.Type
	if typ == "" {
		typ = x.u.DamageType
	}
	l := x.Board.Hurt(t, n, typ, x.def.Tags)
	x.line(l.Line)
	return l.Amount
}

func anyIn(want, have []string) bool {
	for _, w := range want {
		for _, h := range have {
			if strings.EqualFold(w, h) {
				return true
			}
		}
	}
	return false
}

// rollAmount throws an amount, its dice twice on a critical hit; never
// below 0.
func rollAmount(s dice.Stream, a itemrules.UseAmount, crit bool) int {
	n := a.Flat
	if a.Dice != "" {
		if nt, err := dice.ParseNotation(a.Dice); err == nil {
			if crit {
				nt.Count *= 2
			}
			_, total := nt.Roll(s)
			n += total
		}
	}
	return max(0, n)
}

// healTarget heals a member through the party (`Ada heals 1 (Health
// 6/6).`) and a creature through the board.
func (x *fightUse) healTarget(t Target, n int) int {
	if t.IsCreature() {
		l := x.Board.HealCreature(t, n)
		x.line(l.Line)
		return l.Amount
	}
	got, text := healMember(x.Party, t.Member, n)
	x.line(fmt.Sprintf("%s %s.", t.Name, text))
	return got
}

// temporary gives a member temporary points on a health pool; a creature
// has health only, so it gets none.
func (x *fightUse) temporary(t Target, n int) int {
	switch {
	case t.IsCreature():
		x.line(fmt.Sprintf("%s gets no temporary points: a creature has health only.", t.Name))
		return 0
	case x.Party.RS.HealthPool() == "":
		x.line(fmt.Sprintf("%s gets no temporary points: there is no health pool to hold them.", t.Name))
		return 0
	}
	m := x.Party.Members[t.Member]
	if n > m.Temporary {
		m.Temporary = n
	}
	x.line(fmt.Sprintf("%s gains %d temporary (%s).", t.Name, n, x.Party.HealthLine(t.Member)))
	return n
}

// restore gives a member back part of a live pool (`Ada gets back 1
// Resolve, and is on 3 of 4.`); a creature has no pools, so it gets
// nothing.
func (x *fightUse) restore(t Target, n int) int {
	id := x.u.Restore.Pool
	label := poolLabel(x.Party.RS, id)
	if t.IsCreature() {
		x.line(fmt.Sprintf("%s gets no %s back: a creature has no pools.", t.Name, label))
		return 0
	}
	before := x.Party.PoolValue(t.Member, id)
	x.Party.SetPool(t.Member, id, before+n)
	now := x.Party.PoolValue(t.Member, id)
	x.line(fmt.Sprintf("%s gets back %d %s, and is on %d of %d.", t.Name, now-before, label, now, x.Party.PoolMax(t.Member, id)))
	return now - before
}

// pay takes one from the stack or spends the charges, and says what is
// left (`Poultice: 1 of 2 left.`, `Dawn bell: 2 of 3 left.`); the last
// charge spent rolls breaksOn (`Dawn bell breaks (a 1 on its die).`).
func (x *fightUse) pay() {
	label := x.def.Label
	before := 0
	if x.u.Consumes {
		before = usableCount(x.Party, x.m, x.def)
	}
	sp := Spend(x.Party, x.m, x.si, x.def, x.Dice)
	switch {
	case x.u.Consumes:
		x.res.Left = before - 1
		x.res.Of = max(before, x.Start.count(x.User, x.def))
		x.res.Lines = append(x.res.Lines, fmt.Sprintf("%s: %d of %d left.", label, x.res.Left, x.res.Of))
	case x.u.Charges > 0:
		x.res.Left, x.res.Of = sp.Left, sp.Of
		x.res.Lines = append(x.res.Lines, fmt.Sprintf("%s: %d of %d left.", label, sp.Left, sp.Of))
		if sp.Rolled {
			x.res.BreakRoll = sp.BreakRoll
			x.res.Broke = sp.Broke
			if sp.Broke {
				x.res.Lines = append(x.res.Lines, fmt.Sprintf("%s breaks (a %d on its die).", label, sp.BreakRoll))
			}
		}
	}
}

// healMember gives member i back health: points on a health pool or a
// plain track, one mark cleared on a wound track; it returns what came
// back and the words for it (`heals 4 (Grit 6/11)`).
func healMember(p *items.Party, i, n int) (int, string) {
	rs := p.RS
	switch {
	case rs.HealthPool() != "":
		id := rs.HealthPool()
		before := p.PoolValue(i, id)
		p.SetPool(i, id, before+n)
		got := p.PoolValue(i, id) - before
		return got, fmt.Sprintf("heals %d (%s)", got, p.HealthLine(i))
	case rs.HealthTrack() != nil:
		t := rs.HealthTrack()
		before := p.TrackMarks(i, t.ID)
		clear := n
		if t.IsWounds() {
			clear = 1
		}
		p.SetMarks(i, t, before-clear)
		got := before - p.TrackMarks(i, t.ID)
		if t.IsWounds() {
			return got, fmt.Sprintf("clears %s (%s)", plural(got, "wound mark"), p.HealthLine(i))
		}
		return got, fmt.Sprintf("heals %d (%s)", got, p.HealthLine(i))
	}
	return 0, "heals nothing (this ruleset keeps no health)"
}

// counted is "1 die", "2 dice".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Usable says whether a stack can be used now, and why not: an item that
// takes slots or binds only while worn (and bound), one with charges only
// while its use can spend them, one with a gate only when the item gives
// its difficulty.
func Usable(p *items.Party, m *items.Member, s *items.Stack) (record.Record, bool) {
	if r, ok := usable(p, m, s); !ok {
		return r, false
	}
	if def := p.Def(s); def != nil && def.UseDef != nil && !gateReady(def) {
		return record.Refused("use", "no-difficulty", "item", def.Label, "who", m.Name, "note",
			fmt.Sprintf("%s cannot be used: its gate reads its difficulty from stat %q, which this item does not give", def.Label, def.UseDef.Gate.DifficultyStat)), false
	}
	return record.Record{}, true
}
