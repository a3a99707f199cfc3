package record

// Keys of markets, market days and fakes (spec/items.md "Markets", "A
// market day", "Honest and dishonest sellers", "Identifying fakes").
func init() {
	RegisterTag("place", `the answer to [place: name=... size=...]: the place in force and its market day`)
	RegisterKeys(
		Key{Name: "size", Type: Text, Doc: `The place's size by its label ("market town"), or "none" for a place without a market. Present on place and on an unknown-size refusal.`, Tags: []string{"place", "refused"}},
		Key{Name: "day", Type: Text, Doc: `On place: which market day this is, counted from the start of the session ("1", "2"); on a bad-day refusal, day= as written.`, Tags: []string{"place", "refused"}},
		Key{Name: "price", Type: Text, Doc: `What a purchase cost or a sale fetched, all units together, in the spec's coin: "12 shillings". Present on buy and sell and on some of their refusals.`},
		Key{Name: "level", Type: Text, Doc: `The price level a purchase was made at, by its label ("dear"); on an unknown-level refusal, level= as written.`},
		Key{Name: "seller", Type: Text, Doc: `The seller who sold or bought, by its label ("smith"). Present on buy and sell in a market with sellers, and on refusals that name one.`},
		Key{Name: "coins", Type: Text, Doc: `The coins a sale put in the bag, largest first: "shillings ×4". Present on sell.`},
		Key{Name: "revealed", Type: Text, Doc: `What a fake really was, by its label, once found out: by reveal, an inspection that identifies it, binding it, using it, or an honest buyer (who pays its own cost, or refuses it when it has none: then on the not-for-sale refusal). Present only then.`},
		Key{Name: "unmasked", Type: Text, Doc: `Fakes an inventory change gave away because the sheet now shows a number or a check bonus the item they pass for would not: "Ring of Protection: really Ring of Clumsiness", several joined by "; ". Present on any answer that changed a bag, only then.`},
		Key{Name: "noticed", Type: Text, Doc: `On a held purchase: who noticed what, "Mira: a faint bitterness under the sweetness".`},
		Key{Name: "remaining", Type: Int, Doc: "On a sold-out or none-on-hand refusal: how many are left today, or on hand."},
		Key{Name: "verdict", Type: Text, Doc: `What an inspection found: "suspect" (the character thinks it is a fake), "identified", "authentic", "uncertain" or "cannot-tell". Present on inspect of a fake, a ware or with=.`},
		Key{Name: "suspect", Type: Text, Doc: `On an inspection that made an item suspect: who thinks it is a fake, "Mira thinks it is a fake".`},
	)
}
