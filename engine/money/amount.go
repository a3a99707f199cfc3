// Package money is spec/items.md "Money": coins are items in the bags
// (the bag core stacks, weighs and places them, engine/items), and this
// package reads amounts, pays with change and earns, answering
// [inventory: action="pay"] and [inventory: action="earn"].
//
// Pay is the API later sections build on (a market's buy is a payment
// followed by an addition): it takes an amount out of one bag by the
// spec's rule and says what was paid and what came back.
package money

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/validate"
)

// Amount is a whole quantity of one coin of a family.
type Amount struct {
	N      int
	Coin   *itemrules.Coin
	Family *itemrules.Currency
}

// Worth is the amount counted in the family's smallest coin.
func (a Amount) Worth() int { return a.N * a.Coin.Value }

// String names the amount as a price does: "3 shillings", "1 penny".
func (a Amount) String() string { return strconv.Itoa(a.N) + " " + a.Coin.Name(a.N) }

// Refusal reasons of money (spec/items.md "Money"); BadAmount is the
// engine's own code for an amount= it cannot read (docs/tags.md).
const (
	NoCurrencies = "no-currencies"
	UnknownCoin  = "unknown-coin"
	CannotAfford = "cannot-afford"
	BadAmount    = "bad-amount"
	// BagFull is the engine's code for change the payer's bag has no
	// stack left to hold.
	BagFull = "bag-full"
)

// Error is a refused amount or payment: the spec's reason code and what
// to do about it, in words.
type Error struct {
	Reason string
	Note   string
}

func (e *Error) Error() string { return e.Reason + ": " + e.Note }

// MaxQuantity bounds an amount's quantity like an item count, so that a
// typo cannot fill a bag with a million stacks of change.
const MaxQuantity = itemrules.MaxStack

// ParseAmount reads "3 shillings", "1 penny", "12 PENNIES": a whole
// quantity from 1 to MaxQuantity, then a coin by id, label or one, in
// any case, with any spaces between. b may be nil (no coins).
func ParseAmount(b *itemrules.ItemsBlock, s string) (Amount, error) {
	if b == nil || len(b.Currencies) == 0 {
		return Amount{}, &Error{NoCurrencies, "this ruleset has no coins"}
	}
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i > 7 || (i < len(s) && !startsWord(s[i:])) {
		return Amount{}, &Error{BadAmount, badAmountNote}
	}
	n := 0
	for _, c := range s[:i] {
		n = n*10 + int(c-'0')
	}
	word := strings.Join(strings.Fields(s[i:]), " ")
	if n < 1 || n > MaxQuantity || word == "" {
		return Amount{}, &Error{BadAmount, badAmountNote}
	}
	coin, fam := b.CoinByName(word)
	if coin == nil {
		return Amount{}, &Error{UnknownCoin, "no coin " + quote(word) + " in this ruleset; its coins: " + coinNames(b) + validate.DidYouMean(word, coinWords(b))}
	}
	return Amount{N: n, Coin: coin, Family: fam}, nil
}

// startsWord reports text that goes on as a coin's name: a space or a
// letter, never "1.5" or "3,000".
func startsWord(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r) || unicode.IsLetter(r)
}

const badAmountNote = `amount= is a whole quantity from 1 to 999999 and a coin: amount="3 shillings"`

func coinNames(b *itemrules.ItemsBlock) string {
	var out []string
	for _, fam := range b.Currencies {
		for _, c := range fam.Units {
			out = append(out, c.Label)
		}
	}
	return strings.Join(out, ", ")
}

// coinWords are the names a coin answers to that a typo may be near:
// each coin's label and id.
func coinWords(b *itemrules.ItemsBlock) []string {
	var out []string
	for _, fam := range b.Currencies {
		for _, c := range fam.Units {
			out = append(out, c.Label)
			if !strings.EqualFold(c.ID, c.Label) {
				out = append(out, c.ID)
			}
		}
	}
	return out
}

func quote(s string) string { return `"` + s + `"` }
