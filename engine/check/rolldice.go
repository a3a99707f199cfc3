package check

import (
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// MaxRollDice bounds the symbol dice one roll_dice may throw by name.
const MaxRollDice = maxSymbolThrow

// RollDice answers [roll_dice: dice="..."] outside a check.
//
// With a symbol-pool ruleset, dice= may name its dice: "2 ability 1
// proficiency vs 2 difficulty" (each die's id or label, any case; a count
// before a name, 1 when left out; "vs", "and", commas and "+" only
// separate). They are thrown in the order written and their symbols are
// counted and cancelled as a check counts them, without the sheet, the
// upgrades or the difficulty ladder. Any ruleset (or none) also reads plain
// notation: dice="2d6+1".
//
// Draw order: the dice in the order written, one draw each.
func RollDice(rs *ruleset.Ruleset, t tag.Tag, s dice.Stream) record.Record {
	text, ok := t.Get("dice")
	text = strings.TrimSpace(text)
	if !ok || text == "" {
		return record.Refused("roll_dice", "no-dice", "note",
			`name the dice: dice="2d6+1", or a symbol-pool ruleset's dice by name, dice="2 ability 1 proficiency vs 2 difficulty"`)
	}
	var sp *ruleset.SymbolPool
	if rs != nil && rs.Resolution != nil {
		sp = rs.Resolution.SymbolPool
	}
	var symErr error
	if sp != nil {
		var th symbolThrow
		if symErr = parseSymbolDice(sp, text, func(die, n int) { th.throw(s, sp, die, n) }); symErr == nil {
			r := rollHead(t, text)
			r.Add("resolution", "sum")
			th.addThrown(&r, sp)
			net := th.addSymbols(&r, sp)
			r.AddBool("success", net >= sp.Needed)
			addIgnored(&r, t)
			return r
		}
	}
	compact := text
	if strings.ContainsAny(text, " \t\r\n") {
		compact = strings.Join(strings.Fields(text), "")
	}
	if n, ok := dice.ReadNotation(compact); ok {
		return rollPlain(t, n, s) // the common case, without building an expression
	}
	e, err := dice.ParseExpr(compact)
	if err != nil {
		if symErr != nil {
			return record.Refused("roll_dice", "bad-dice", "dice", text, "note", symErr.Error())
		}
		return record.Refused("roll_dice", "bad-dice", "dice", text, "note", err.Error())
	}
	if n, plain := e.Plain(); plain {
		return rollPlain(t, n, s)
	}
	return rollExpr(t, e, s)
}

// rollPlain answers plain NdS+M with the record it always had. The
// record, its texts and the faces are built in one plainRoll, so a plain
// roll allocates once.
func rollPlain(t tag.Tag, n dice.Notation, s dice.Stream) record.Record {
	p := new(plainRoll)
	p.text = p.textArr[:0]
	r := record.Record{Tag: tag.Tag{Name: "roll", Attrs: p.attrs[:0]}}
	if who, ok := t.Get("who"); ok && who != "" {
		r.Add("who", who)
	}
	r.Add("dice", p.add(n.Append))
	faces, total := n.RollInto(s, p.faces[:0])
	r.Add("rolls", p.add(func(b []byte) []byte { return appendInts(b, faces) }))
	if n.Modifier != 0 {
		r.AddInt("modifier", n.Modifier)
	}
	r.AddInt("total", total)
	addIgnored(&r, t)
	return r
}

// plainRoll is the storage of one plain roll's record (see scratch for
// the same idea on a check): attributes, value texts, faces.
type plainRoll struct {
	attrs   [8]tag.Attr
	text    []byte // append-only: handed-out values are never written over
	textArr [96]byte
	faces   [16]int
}

// add appends a value with fill and returns it as a string without a copy.
func (p *plainRoll) add(fill func([]byte) []byte) string {
	start := len(p.text)
	p.text = fill(p.text)
	b := p.text[start:]
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// appendInts appends "8,3,10".
func appendInts(b []byte, vs []int) []byte {
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return b
}

// rollExpr answers an expression that is more than plain NdS+M: every
// face in rolls=, each term's reading in terms=, their sum in total=.
func rollExpr(t tag.Tag, e dice.Expr, s dice.Stream) record.Record {
	r := rollHead(t, e.String())
	results, total := e.Roll(s)
	n := 0
	for _, res := range results {
		n += len(res.Faces)
	}
	// rolls= and terms= are written into one buffer: rolls first, then
	// each term's reading, joined by ";".
	text := make([]byte, 0, 16*len(results)+8*n)
	for _, res := range results {
		if len(text) > 0 && len(res.Faces) > 0 {
			text = append(text, ',')
		}
		text = appendInts(text, res.Faces)
	}
	rolls := len(text)
	for i, res := range results {
		if i > 0 {
			text = append(text, ';')
		}
		text = dice.AppendTerm(text, e.Terms[i], i, res)
	}
	all := string(text)
	r.Add("rolls", all[:rolls])
	r.Add("terms", all[rolls:])
	r.AddInt("total", total)
	addIgnored(&r, t)
	return r
}

func rollHead(t tag.Tag, diceText string) record.Record {
	r := record.New("roll")
	if who, ok := t.Get("who"); ok && who != "" {
		r.Add("who", who)
	}
	r.Add("dice", diceText)
	return r
}

func addIgnored(r *record.Record, t tag.Tag) {
	var ignored []string
	for _, a := range t.Attrs {
		k := strings.ToLower(a.Key)
		if k != "dice" && k != "who" {
			ignored = append(ignored, a.Key)
		}
	}
	if len(ignored) > 0 {
		r.Add("ignored", strings.Join(ignored, ","))
	}
}

// parseSymbolDice reads "2 ability 1 proficiency vs 2 difficulty" and
// calls throw for each group, in order. Nothing is thrown unless the whole
// text reads.
func parseSymbolDice(sp *ruleset.SymbolPool, text string, throw func(die, n int)) error {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == '+' || r == '\n'
	})
	type group struct{ die, n int }
	var groups []group
	count, haveCount, total := 1, false, 0
	longest := 1 // words in the longest die label: labels may have spaces
	for _, d := range sp.Dice {
		longest = max(longest, strings.Count(strings.TrimSpace(d.Label), " ")+1)
	}
	for i := 0; i < len(words); {
		w := words[i]
		if n, err := strconv.Atoi(w); err == nil {
			if haveCount {
				return fmt.Errorf("two counts in a row (%q); write a count, then a die", w)
			}
			if n < 0 || n > MaxRollDice {
				return fmt.Errorf("count %d: allowed 0 to %d", n, MaxRollDice)
			}
			count, haveCount = n, true
			i++
			continue
		}
		switch strings.ToLower(w) {
		case "vs", "vs.", "versus", "against", "and":
			if haveCount {
				return fmt.Errorf("count %d names no die", count)
			}
			i++
			continue
		}
		die, used := -1, 0
		for k := min(longest, len(words)-i); k >= 1 && die < 0; k-- {
			name := strings.Join(words[i:i+k], " ")
			if die = sp.FindDie(name); die < 0 && k == 1 && len(name) > 1 && strings.HasSuffix(strings.ToLower(name), "s") {
				die = sp.FindDie(name[:len(name)-1]) // "2 boosts"
			}
			used = k
		}
		if die < 0 {
			var names []string
			for _, d := range sp.Dice {
				names = append(names, d.ID)
			}
			return fmt.Errorf("no die %q; this ruleset's dice: %s (by id or label)", w, strings.Join(names, ", "))
		}
		total += count
		if total > MaxRollDice {
			return fmt.Errorf("more than %d dice", MaxRollDice)
		}
		groups = append(groups, group{die, count})
		count, haveCount = 1, false
		i += used
	}
	if haveCount {
		return fmt.Errorf("count %d names no die", count)
	}
	if len(groups) == 0 {
		return fmt.Errorf("no dice named")
	}
	for _, g := range groups {
		throw(g.die, g.n)
	}
	return nil
}
