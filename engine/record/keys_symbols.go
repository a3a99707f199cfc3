package record

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
)

func init() {
	RegisterTag("roll", `the answer to [roll_dice: dice="..."]: dice rolled outside a check, by notation ("2d6+1") or, with a symbol-pool ruleset, by name ("2 ability 1 proficiency vs 2 difficulty")`)
	RegisterKeys(
		Key{Name: "thrown", Type: Text, Doc: `Which die each face in rolls belongs to, by die id, comma-separated in throw order ("proficiency,ability,difficulty,difficulty"). Present on symbol-pool checks and on roll records that named symbol dice.`},
		Key{Name: "symbols", Type: Text, Doc: `The net symbols after counts and cancellation, in the ruleset's symbol order, as count and id separated by spaces ("2s 1a 1t"); "" when nothing is left (a blank result; summary= says so in words). Present with thrown=.`},
		Key{Name: "summary", Type: Text, Doc: `The net symbols in words with their labels ("2 Success, 1 Advantage, 1 Triumph"), or "blank: no symbols left" for an empty result. Present with symbols=.`},
		Key{Name: "symbolDetails", Type: Text, Doc: `Each thrown die's label and its face's symbols by label, in throw order, then both critical markers with how many times their symbol showed on the faces (before any cancellation): "Proficiency:Triumph|Ability:Success+Advantage|Ability:;criticalSuccess:Triumph=1;criticalFailure:Despair=0". Dice are separated by "|", a die's label from its symbols by ":" (nothing after it for a blank face), symbols by "+"; each marker follows a ";" and is left out when the ruleset names no such symbol. The characters % | : + ; = " \ inside a label are written %XX. Present with symbols=.`},
		Key{Name: "setback", Type: Int, Doc: "The setback dice that setback=N added on a symbol-pool check after the shared setback.max (a negative bonus fills that limit first). Present only when some were added."},
		Key{Name: "upgradeOwn", Type: Int, Doc: "How many more of the roller's dice upgradeOwn=N upgraded on a symbol-pool check (each beyond the last die adding an upgraded die, within pool.max). Present only when some were applied."},
	)
	RegisterInvariant("check", checkSymbols)
	RegisterInvariant("roll", checkSymbols)
	RegisterInvariant("roll", checkRollNotation)
}

// checkSymbols holds thrown= and rolls= to one entry per die and symbols=
// to its "N<id>" form.
func checkSymbols(r Record) error {
	thrown, ok := r.Get("thrown")
	if !ok {
		return nil
	}
	rolls, _ := Ints(r.Value("rolls"))
	n := 0
	if thrown != "" {
		n = strings.Count(thrown, ",") + 1
	}
	if n != len(rolls) {
		return fmt.Errorf("thrown names %d dice but rolls has %d faces", n, len(rolls))
	}
	for _, f := range rolls {
		if f < 1 || f > 20 {
			return fmt.Errorf("face %d: symbol dice have faces 1 to 20", f)
		}
	}
	sym, ok := r.Get("symbols")
	if !ok {
		return fmt.Errorf("thrown= without symbols=")
	}
	for _, part := range strings.Fields(sym) {
		i := 0
		for i < len(part) && part[i] >= '0' && part[i] <= '9' {
			i++
		}
		if i == 0 || i == len(part) || part[0] == '0' {
			return fmt.Errorf("symbols=%q: want count and id, like \"2s 1a\"", sym)
		}
	}
	return nil
}

// checkRollNotation holds a notation roll's faces within its dice and its
// total to the faces plus the modifier.
func checkRollNotation(r Record) error {
	_, sym := r.Get("thrown")
	if _, expr := r.Get("terms"); sym || expr {
		return nil
	}
	count, sides, err := countSides(strings.SplitN(strings.SplitN(r.Value("dice"), "+", 2)[0], "-", 2)[0])
	if err != nil {
		return nil
	}
	rolls, _ := Ints(r.Value("rolls"))
	if len(rolls) != count {
		return fmt.Errorf("%d faces for %s", len(rolls), r.Value("dice"))
	}
	sum, _ := r.Int("modifier")
	for _, f := range rolls {
		if f < 1 || f > sides {
			return fmt.Errorf("roll %d is not a face of a d%d", f, sides)
		}
		sum += f
	}
	if t, ok := r.Int("total"); ok && t != sum {
		return fmt.Errorf("total=%d, but the dice and modifier add up to %d", t, sum)
	}
	return nil
}

func init() {
	RegisterKeys(Key{Name: "terms", Type: Text, Doc: `Each term of a dice expression that is more than plain NdS+M ("4d6kh3+1d8", "1d6!", "4dF", "10d10>=8f1"), in order, separated by ";": the term as written canonically, its faces in parentheses in throw order with each dropped face marked "~", then "=" and the term's value (the kept dice added up, or the net successes when the term counts them; negative after "-"). A face rerolled away or of a dropped die is marked "~" too. Constants read "+2=2". total= is the sum of the values; in an expression with * or / (dice="(1d6+2)*2") the terms print without signs ("1d6(4)=4;2=2;2=2") and total= is dice='s arithmetic over their values, a quotient rounding down. Present on roll records of such expressions; a plain NdS+M roll keeps rolls= and modifier= alone.`})
	RegisterInvariant("roll", checkRollTerms)
}

// checkRollTerms re-reads every term of terms= with the dice package's own
// reading of faces, so a record cannot claim a value its faces deny.
func checkRollTerms(r Record) error {
	terms, ok := r.Get("terms")
	if !ok {
		return nil
	}
	e, err := dice.ParseExpr(r.Value("dice"))
	if err != nil {
		return fmt.Errorf("terms= with dice=%q: %v", r.Value("dice"), err)
	}
	parts := strings.Split(terms, ";")
	if len(parts) != len(e.Terms) {
		return fmt.Errorf("terms= has %d terms, dice=%q has %d", len(parts), r.Value("dice"), len(e.Terms))
	}
	values := make([]int, len(parts))
	var all []int
	for i, part := range parts {
		_, rest, _ := strings.Cut(part, "(")
		inner, value, ok := strings.Cut(rest, ")=")
		if e.Terms[i].Count == 0 {
			if want := e.FormatTerm(i, e.Terms[i].Read(nil)); part != want {
				return fmt.Errorf("terms= term %d is %q; want %q", i+1, part, want)
			}
			values[i] = e.Terms[i].Read(nil).Value
			continue
		}
		if !ok {
			return fmt.Errorf("terms= term %d %q: want NOTATION(faces)=value", i+1, part)
		}
		faces, err := Ints(strings.ReplaceAll(inner, "~", ""))
		if err != nil {
			return fmt.Errorf("terms= term %d: %v", i+1, err)
		}
		lo, hi := 1, e.Terms[i].Sides
		if e.Terms[i].Fudge {
			lo, hi = -1, 1
		}
		for _, f := range faces {
			if f < lo || f > hi {
				return fmt.Errorf("terms= term %d: face %d is not a face of the die", i+1, f)
			}
		}
		res, err := e.Terms[i].ReadFaces(faces)
		if err != nil {
			return fmt.Errorf("terms= term %d %q: %v", i+1, part, err)
		}
		if got := e.FormatTerm(i, res); got != part {
			return fmt.Errorf("terms= term %d is %q; its faces read %q (value %s claimed)", i+1, part, got, value)
		}
		values[i] = res.Value
		all = append(all, faces...)
	}
	sum := e.Eval(values)
	rolls, _ := Ints(r.Value("rolls"))
	if fmt.Sprint(rolls) != fmt.Sprint(all) {
		return fmt.Errorf("rolls= is not the faces of terms= in order")
	}
	if t, ok := r.Int("total"); !ok || t != sum {
		return fmt.Errorf("total=%s, but the terms add up to %d", r.Value("total"), sum)
	}
	return nil
}
