package market

import (
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

// Refusal reasons of reveal and inspect (docs/tags.md): NothingToCheck is
// the spec's; the others are the engine's own.
const (
	NothingToCheck = "nothing-to-check" // nothing could give it away, or the character cannot check
	NotAFake       = "not-a-fake"       // reveal of an item that is not a fake still hidden
	AlreadyTried   = "already-tried"    // the character tried this item (or ware, today) before
	UnknownMeans   = "unknown-means"    // with= names none of items.revealsFakes
	NotOnHand      = "not-on-hand"      // the item is in nobody's bag (or not in who's)
)

func init() {
	items.RegisterAction("reveal", AnswerReveal)
	items.RegisterInspect(answerInspect)
	items.RegisterStackNote(suspectNote)
}

// suspectNote is the bag's word on a fake a character found suspect
// and has not identified: "Mira thinks it is a fake".
func suspectNote(p *items.Party, i int, s *items.Stack) string {
	st := view(p)
	if !st.Suspect[strconv.Itoa(i)+"|"+s.Item] {
		return ""
	}
	if d := p.Def(s); d != nil && strings.EqualFold(s.Name, d.Label) {
		return "" // found out since
	}
	return p.Members[i].Name + " thinks it is a fake"
}

// AnswerReveal answers [inventory: action="reveal" item="Bag of Holding"
// who="Ada"]: a fake in the bag is found out and from then on is its
// true item.
func AnswerReveal(p *items.Party, t tag.Tag, _ items.Turn) record.Record {
	name := itemName(t)
	who, named, _ := p.Who(t, "reveal")
	if who < 0 {
		return record.Refused("reveal", "unknown-who", "who", t.Value("who"), "note", "who= names a character of the party")
	}
	for i := range p.Members {
		if named && i != who {
			continue
		}
		if def, shown := hiddenFake(p, i, name); def != nil {
			p.RenameStacks(i, def.Ref(), shown, def.Label)
			rec := record.New("inventory")
			rec.Add("action", "reveal")
			rec.Add("item", shown)
			rec.Add("who", p.Members[i].Name)
			rec.Add("revealed", def.Label)
			return rec
		}
	}
	return record.Refused("reveal", NotAFake, "item", name, "note", "no fake shown as "+name+" in "+bagsOf(p, who, named))
}

// hiddenFake is a fake in member i's bag still shown as the item it
// passes for, called name there.
func hiddenFake(p *items.Party, i int, name string) (*itemrules.Item, string) {
	for si := range p.Members[i].Bag {
		s := &p.Members[i].Bag[si]
		if d := p.Def(s); d != nil && d.IsFake() && strings.EqualFold(s.Name, name) && !strings.EqualFold(s.Name, d.Label) {
			return d, s.Name
		}
	}
	return nil, ""
}

func bagsOf(p *items.Party, who int, named bool) string {
	if named {
		return p.Members[who].Name + "'s bag"
	}
	return "the party's bags"
}

// answerInspect takes the inspections a market knows about: one that
// names a seller's ware (seller=), a means of unmasking (with=), or an
// item in a bag in a ruleset that has fakes. Others are the bag core's.
func answerInspect(p *items.Party, t tag.Tag, turn items.Turn) (record.Record, bool) {
	if p.RS == nil || p.RS.Items == nil || !hasFakes(p.RS.Items) {
		return record.Record{}, false
	}
	_, hasWho := t.Get("who")
	_, hasSeller := t.Get("seller")
	_, hasWith := t.Get("with")
	if !hasWho && !hasSeller && !hasWith {
		return record.Record{}, false
	}
	return inspect(p, t, turn), true
}

// hasFakes reports a ruleset with any fake, or any means to unmask one.
func hasFakes(b *itemrules.ItemsBlock) bool {
	if len(b.RevealsFakes) > 0 {
		return true
	}
	for _, it := range b.Items {
		if it.IsFake() {
			return true
		}
	}
	return false
}

// examined is what an inspection looks at: the item as it really is
// (def), what it is shown as, and where it is (a bag, or a seller's
// ware today).
type examined struct {
	def, shown *itemrules.Item
	name       string
	seller     *itemrules.Seller
	hidden     bool // a fake not yet found out
}

func inspect(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	who, _, _ := p.Who(t, "inspect")
	if who < 0 {
		return record.Refused("inspect", "unknown-who", "who", t.Value("who"), "note", "who= names a character of the party")
	}
	x, ref := examine(p, t, who)
	if ref != nil {
		return ref.record("inspect")
	}
	if w := strings.TrimSpace(t.Value("with")); w != "" {
		return castMeans(p, t, who, x, w)
	}
	clues := cluesOf(p.RS.Items, x.def, x.seller)
	ch := p.Character(who)
	best, bestScore := -1, 0
	for i, c := range clues {
		if !canMake(p, who, ch, c.tell) {
			continue
		}
		if score := number(p.RS, ch, &c.tell.Check) + 5*mode(ch, c.tell) - c.tell.DC; best < 0 || score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return record.Refused("inspect", NothingToCheck, "item", x.name, "who", p.Members[who].Name,
			"note", "nothing could give "+x.name+" away, or "+p.Members[who].Name+" cannot check it in any way; no attempt is spent")
	}
	key := triedKey(p, who, x)
	if view(p).Tried[key] {
		return record.Refused("inspect", AlreadyTried, "item", x.name, "who", p.Members[who].Name, "note", p.Members[who].Name+" has already examined it")
	}
	st := partOf(p)
	if st.Tried == nil {
		st.Tried = map[string]bool{}
	}
	st.Tried[key] = true
	c := clues[best]
	r := roll(p, who, c.tell, turn.Dice)
	rec := record.New("inventory")
	rec.Add("action", "inspect")
	rec.Add("item", x.name)
	rec.Add("who", p.Members[who].Name)
	if x.seller != nil {
		rec.Add("seller", x.seller.Label)
	}
	switch {
	case !r.success:
		rec.Add("verdict", "cannot-tell")
		rec.Add("note", p.Members[who].Name+" cannot tell")
	case !x.hidden:
		rec.Add("verdict", "authentic")
		rec.Add("note", "it seems authentic")
	case !c.manner && p.RS.Items.NamesItAt > 0 && r.margin >= p.RS.Items.NamesItAt:
		rec.Add("verdict", "identified")
		rec.Add("said", said(c, x.seller))
		rec.Add("revealed", x.def.Label)
		if x.seller == nil {
			p.RenameStacks(who, x.def.Ref(), x.name, x.def.Label)
		}
	default:
		rec.Add("verdict", "suspect")
		rec.Add("said", said(c, x.seller))
		rec.Add("suspect", p.Members[who].Name+" thinks it is a fake")
		if x.seller == nil {
			if st.Suspect == nil {
				st.Suspect = map[string]bool{}
			}
			st.Suspect[strconv.Itoa(who)+"|"+x.def.Ref()] = true
		}
	}
	return rec
}

// triedKey is who tried what: a stack in their bag for good, a ware for
// the market day.
func triedKey(p *items.Party, who int, x examined) string {
	if x.seller != nil {
		return "ware|" + strconv.Itoa(view(p).Day) + "|" + strconv.Itoa(who) + "|" + x.seller.ID + "|" + x.def.Ref()
	}
	return "bag|" + strconv.Itoa(who) + "|" + x.def.Ref() + "|" + strings.ToLower(x.name)
}

// examine finds what an inspection looks at: a ware the named seller
// offers here today, or the item in the character's own bag.
func examine(p *items.Party, t tag.Tag, who int) (examined, *refusal) {
	name := itemName(t)
	b := p.RS.Items
	if sn := strings.TrimSpace(t.Value("seller")); sn != "" {
		m := marketOf(p)
		if m == nil {
			return examined{}, refuse(NoMarket, "note", "this ruleset has no market")
		}
		sl := m.Seller(sn)
		if sl == nil {
			return examined{}, refuse(UnknownSeller, "seller", sn, "note", "sellers: "+sellerLabels(m))
		}
		st := view(p)
		if st.Size < 0 {
			return examined{}, refuse(NoPlace, "note", "no place with a market is in force")
		}
		shown := lookup(b, name)
		if shown == nil {
			return examined{}, refuse(UnknownItem, "item", name)
		}
		offers := offersHere(b, m, st, shown, sl)
		if len(offers) == 0 {
			return examined{}, refuse(NoSeller, "item", shown.Label, "seller", sl.Label, "note", "the "+sl.Label+" does not offer "+shown.Label+" here today")
		}
		o := offers[0]
		return examined{def: o.item, shown: shown, name: shown.Label, seller: sl, hidden: o.item.IsFake()}, nil
	}
	for si := range p.Members[who].Bag {
		s := &p.Members[who].Bag[si]
		d := p.Def(s)
		if d == nil || d.Coin != "" || !strings.EqualFold(s.Name, name) {
			continue
		}
		x := examined{def: d, shown: d, name: s.Name}
		if d.IsFake() && !strings.EqualFold(s.Name, d.Label) {
			x.hidden, x.shown = true, b.ItemByRef(d.Market.PassesFor)
		}
		return x, nil
	}
	return examined{}, refuse(NotOnHand, "item", name, "who", p.Members[who].Name, "note", p.Members[who].Name+" has no "+name)
}

// castMeans answers inspect with= one of items.revealsFakes: a fake it
// detects is identified; one that fools it, one it cannot detect or a
// real item reveals nothing ("authentic" from a means that detects any
// fake, otherwise "uncertain"). It spends no attempt.
func castMeans(p *items.Party, t tag.Tag, who int, x examined, with string) record.Record {
	b := p.RS.Items
	means := b.Reveal(with)
	if means == nil {
		return record.Refused("inspect", UnknownMeans, "with", with, "note", "means of unmasking fakes: "+meansLabels(b))
	}
	rec := record.New("inventory")
	rec.Add("action", "inspect")
	rec.Add("item", x.name)
	rec.Add("who", p.Members[who].Name)
	rec.Add("with", means.Label)
	fooled := x.hidden && containsStr(x.def.Market.FoolsReveal, means.ID)
	if x.hidden && !fooled && means.Detects(x.def) {
		rec.Add("verdict", "identified")
		rec.Add("revealed", x.def.Label)
		if x.seller == nil {
			p.RenameStacks(who, x.def.Ref(), x.name, x.def.Label)
		}
		return rec
	}
	if len(means.Tags) == 0 && len(means.Items) == 0 {
		rec.Add("verdict", "authentic")
	} else {
		rec.Add("verdict", "uncertain")
	}
	return rec
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func meansLabels(b *itemrules.ItemsBlock) string {
	out := make([]string, len(b.RevealsFakes))
	for i, m := range b.RevealsFakes {
		out[i] = m.Label
	}
	if len(out) == 0 {
		return "none in this ruleset"
	}
	return strings.Join(out, ", ")
}

// InspectWords is what the inventory's Inspect button says for an item
// shown as name, so that the Game Master writes the inspect tag: "I
// examine my Potion of Healing carefully before trusting it." A ruleset
// offers the button only when its fakes can be detected (a fake with a
// tell, a dishonest seller with a manner, or a means in revealsFakes);
// false otherwise.
func InspectWords(rs *ruleset.Ruleset, name string) (string, bool) {
	if rs == nil || rs.Items == nil || !detectable(rs.Items) {
		return "", false
	}
	return "I examine my " + name + " carefully before trusting it.", true
}

// detectable reports a ruleset whose fakes can be detected.
func detectable(b *itemrules.ItemsBlock) bool {
	if len(b.RevealsFakes) > 0 {
		return true
	}
	for _, it := range b.Items {
		if it.IsFake() && len(it.Market.Tells) > 0 {
			return true
		}
	}
	if b.Market != nil {
		for _, s := range b.Market.Sellers {
			if s.Manner != nil {
				return true
			}
		}
	}
	return false
}
