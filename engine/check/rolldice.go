package check

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

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
	st := rollStores.Get().(*rollStore)
	r := st.rollDice(rs, t, s)
	r.Attrs = slices.Clone(r.Attrs) // the storage stays; the record leaves with its own list
	st.rec = record.Record{}
	clear(st.attrs[:])
	rollStores.Put(st)
	return r
}

// rollStores are RollDice's storage, kept between calls (see stores).
var rollStores = sync.Pool{New: func() any { return new(rollStore) }}

// rollDice is RollDice in st's storage.
func (st *rollStore) rollDice(rs *ruleset.Ruleset, t tag.Tag, s dice.Stream) record.Record {
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
		th := &st.symbols
		*th = symbolThrow{}
		if symErr = parseSymbolDice(sp, text, func(die, n int) { th.throw(s, sp, die, n) }); symErr == nil {
			st.begin(t)
			st.rec.Add("dice", text)
			st.rec.Add("resolution", "sum")
			th.addThrown(&st.rec, &st.x, sp)
			net := th.addSymbols(&st.rec, &st.x, sp)
			st.rec.AddBool("success", net >= sp.Needed)
			return st.finish(t)
		}
	}
	compact := text
	if hasSpace(text) {
		compact = strings.Join(strings.Fields(text), "")
	}
	if n, ok := dice.ReadNotation(compact); ok {
		return st.rollPlain(t, n, s, compact) // the common case, without building an expression
	}
	if err := dice.ParseExprInto(&st.expr, compact); err != nil {
		if symErr != nil {
			return record.Refused("roll_dice", "bad-dice", "dice", text, "note", symErr.Error())
		}
		return record.Refused("roll_dice", "bad-dice", "dice", text, "note", err.Error())
	}
	if n, plain := st.expr.Plain(); plain {
		return st.rollPlain(t, n, s, compact)
	}
	return st.rollExpr(t, st.expr, s, compact)
}

// rollStore is the storage a roll_dice record is built in, kept by a
// Checker from roll to roll (see scratch for the same on a check): the
// attributes, the value texts (in a chunk shared with the records before
// and after, see texts), the faces and an expression's terms.
type rollStore struct {
	attrs   [16]tag.Attr // a symbol roll's record has about fourteen
	x       texts
	pendArr [16]pending
	faces   [16]int
	expr    dice.Expr
	bufs    dice.RollBuffers
	symbols symbolThrow
	rec     record.Record
}

// begin starts the roll record in the storage.
func (st *rollStore) begin(t tag.Tag) {
	st.x.begin(st.pendArr[:0])
	st.rec = record.Record{Tag: tag.Tag{Name: "roll", Attrs: st.attrs[:0]}}
	if who, ok := t.Get("who"); ok && who != "" {
		st.rec.Add("who", who)
	}
}

// addCanonical adds key with the canonical text b appended to the texts'
// buffer; when the tag wrote exactly that (dice="1d20+4", as GMs mostly
// do), the value is the tag's own text and the buffer is left as it was.
func (st *rollStore) addCanonical(key string, b []byte, written string) {
	start := len(st.x.buf)
	if string(b[start:]) == written { // compared without a copy
		st.rec.Add(key, written)
		return
	}
	st.x.put(&st.rec, key, b, start)
}

// addInt adds an integer: 0 to 99 are strconv's constant strings.
func (st *rollStore) addInt(key string, n int) {
	if s, ok := record.SmallInt(n); ok {
		st.rec.Add(key, s)
		return
	}
	start := len(st.x.buf)
	st.x.put(&st.rec, key, strconv.AppendInt(st.x.buf, int64(n), 10), start)
}

// finish gives the pending values their strings (texts.fill) and
// returns the record.
func (st *rollStore) finish(t tag.Tag) record.Record {
	addIgnored(&st.rec, t)
	st.x.fill(st.rec.Attrs)
	return st.rec
}

// rollPlain answers plain NdS+M with the record it always had.
func (st *rollStore) rollPlain(t tag.Tag, n dice.Notation, s dice.Stream, written string) record.Record {
	st.begin(t)
	x := &st.x
	st.addCanonical("dice", n.Append(x.buf), written)
	faces, total := n.RollInto(s, st.faces[:0])
	if len(faces) == 1 {
		st.addInt("rolls", faces[0]) // one face prints as the number
	} else {
		start := len(x.buf)
		x.put(&st.rec, "rolls", appendInts(x.buf, faces), start)
	}
	if n.Modifier != 0 {
		st.addInt("modifier", n.Modifier)
	}
	st.addInt("total", total)
	return st.finish(t)
}

// appendIntsPlain appends "8,3,10" one number at a time: the general
// path of appendInts (facetext.go). Faces are almost always below 100,
// and writing their one or two digits directly is several times quicker
// than strconv's general case.
func appendIntsPlain(b []byte, vs []int) []byte {
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		switch {
		case v >= 0 && v < 10:
			b = append(b, byte('0'+v))
		case v >= 10 && v < 100:
			b = append(b, byte('0'+v/10), byte('0'+v%10))
		default:
			b = strconv.AppendInt(b, int64(v), 10)
		}
	}
	return b
}

// rollExpr answers an expression that is more than plain NdS+M: every
// face in rolls=, each term's reading in terms=, their sum in total=.
func (st *rollStore) rollExpr(t tag.Tag, e dice.Expr, s dice.Stream, written string) record.Record {
	st.begin(t)
	x := &st.x
	st.addCanonical("dice", e.Append(x.buf), written)
	results, total := e.RollInto(s, &st.bufs)
	b := x.buf
	start := len(b)
	for _, res := range results {
		if len(b) > start && len(res.Faces) > 0 {
			b = append(b, ',')
		}
		b = appendInts(b, res.Faces)
	}
	x.put(&st.rec, "rolls", b, start)
	b = x.buf
	start = len(b)
	for i, res := range results {
		if i > 0 {
			b = append(b, ';')
		}
		b = e.AppendTerm(b, i, res)
	}
	x.put(&st.rec, "terms", b, start)
	st.addInt("total", total)
	return st.finish(t)
}

// readCount reads w as strconv.Atoi does. Atoi is asked only for what it
// can read, an optional sign then ASCII digits, so it does not build an
// error for every die name.
func readCount(w string) (int, bool) {
	if !isDigits(w) {
		return 0, false
	}
	n, err := strconv.Atoi(w)
	return n, err == nil
}

// isDigits reports whether w is an optional sign then ASCII digits.
func isDigits(w string) bool {
	if w != "" && (w[0] == '+' || w[0] == '-') {
		w = w[1:]
	}
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

// hasSpace reports whether s holds a space, tab or line break (a byte
// loop: strings.ContainsAny costs more on a notation's few bytes).
func hasSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n':
			return true
		}
	}
	return false
}

func addIgnored(r *record.Record, t tag.Tag) {
	var ignored []string
	for _, a := range t.Attrs {
		if !tag.EqualKey(a.Key, "dice") && !tag.EqualKey(a.Key, "who") {
			ignored = append(ignored, a.Key)
		}
	}
	if len(ignored) > 0 {
		r.Add("ignored", strings.Join(ignored, ","))
	}
}

// symbolWords appends to dst the words of a symbol dice text: the runs
// between spaces, tabs, newlines, commas and plus signs. It is
// strings.FieldsFunc with those separators, into storage the caller
// keeps: the separators are ASCII, and no byte of a longer UTF-8
// character is one of them, so reading bytes finds the same words.
func symbolWords(dst []string, text string) []string {
	start := -1
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ' ', '\t', ',', '+', '\n':
			if start >= 0 {
				dst = append(dst, text[start:i])
				start = -1
			}
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		dst = append(dst, text[start:])
	}
	return dst
}

// parseSymbolDice reads "2 ability 1 proficiency vs 2 difficulty" and
// calls throw for each group, in order. Nothing is thrown unless the whole
// text reads.
func parseSymbolDice(sp *ruleset.SymbolPool, text string, throw func(die, n int)) error {
	var wordsArr [16]string
	words := symbolWords(wordsArr[:0], text)
	type group struct{ die, n int }
	var groupsArr [8]group
	groups := groupsArr[:0]
	count, haveCount, total := 1, false, 0
	longest := 1 // words in the longest die label: labels may have spaces
	for _, d := range sp.Dice {
		longest = max(longest, strings.Count(strings.TrimSpace(d.Label), " ")+1)
	}
	for i := 0; i < len(words); {
		w := words[i]
		if n, ok := readCount(w); ok {
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
