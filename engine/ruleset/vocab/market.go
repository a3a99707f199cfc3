package vocab

// marketVocabulary is items.market and the keys of fakes (spec/items.md
// "Markets", "A market day", "Honest and dishonest sellers", "Identifying
// fakes"), read by engine/ruleset/items/market.go.
func marketVocabulary() []Section {
	return []Section{
		{ID: "items.market", Pointer: "/items/market", Title: "market (needs 1.65)", Meaning: "What a place sells and at what price.", Keys: []Key{
			k("prices", "array:object:items.market.prices", "", "required; 1 to 8; exactly one default", "the price levels"),
			k("places", "array:object:items.market.places", "", "required; 1 to 12, smallest first", "the place sizes"),
			k("sold", "array:object:items.market.sold", "", "up to 100", "the smallest place that sells what a filter picks, and daily limits"),
			k("sellers", "array:object:items.market.sellers", "", "1 to 48", "kinds of seller (without it, anyone sells)"),
			k("unsold", "array:object:items.filter", "", "needs 1.813; 1 to 24 filters", "what no seller has among their wares"),
			k("buyBack", "number", "", "needs 1.69; above 0, at most 1", "the fraction of the default price a seller pays"),
		}},
		{ID: "items.market.prices", Pointer: "/items/market/prices/*", Title: "Price levels", Meaning: "A multiplier on an item's cost.", Keys: []Key{
			idKey("price level"), labelKey("price level"),
			k("times", "number", "", "required; above 0", "the multiplier"),
			k("default", "boolean", "false", "exactly one level", "the level without level="),
		}},
		{ID: "items.market.places", Pointer: "/items/market/places/*", Title: "Place sizes", Meaning: "A size of place, smallest first.", Keys: []Key{
			idKey("place size"), labelKey("place size"),
			k("purse", "object:items.market.purse", "", "needs 1.69", "the most its sellers pay in a day, all together"),
		}},
		{ID: "items.market.purse", Pointer: "/items/market/places/*/purse", Title: "purse", Meaning: "A day's till in one coin.", Keys: []Key{
			k("amount", "integer", "", "required; 1 to 999999", "how many coins"),
			k("unit", "string", "", "required; a coin's id", "the coin"),
		}},
		{ID: "items.market.sold", Pointer: "/items/market/sold/*", Title: "sold rules", Meaning: "Where what a filter picks is sold, and how many a day.", Keys: []Key{
			k("filter", "object:items.filter", "", "required", "which items the rule is about"),
			k("place", "string", "", "a place size's id", "the smallest place that sells them"),
			k("limited", "integer,string", "", "needs 1.69; a number or dice", "how many a place keeps available in a day"),
		}},
		{ID: "items.market.sellers", Pointer: "/items/market/sellers/*", Title: "Sellers", Meaning: "A kind of seller.", Keys: []Key{
			idKey("seller"), labelKey("seller"),
			k("sells", "array:object:items.filter", "", "required; 1 to 24 filters, any of which picks", "what it sells"),
			k("place", "string", "", "a place size's id", "the smallest place that has one"),
			k("only", "object:items.market.only", "", "", "whom it sells to"),
			k("stock", "object:items.market.stock", "", "needs 1.69", "its odd lot, rolled once a day"),
			k("honest", "boolean", "true", "needs 1.79", "false: it passes fakes off as the real item"),
			k("manner", "object:items.tell", "", "needs 1.802; a dishonest seller's", "a check that gives the seller away"),
		}},
		{ID: "items.market.only", Pointer: "/items/market/sellers/*/only", Title: "only", Meaning: "A buyer's sheet value a seller asks for.", Keys: []Key{
			k("value", refType, "", "required", "the value read (with live state)"),
			k("atLeast", "number", "", "required", "the least it must be"),
			k("label", "string", "", "required", "who that is, told to the Game Master"),
		}},
		{ID: "items.market.stock", Pointer: "/items/market/sellers/*/stock", Title: "stock", Meaning: "A seller's odd lot.", Keys: []Key{
			k("table", "string", "", "required; a loot table's id", "the table rolled once a day"),
		}},
		{ID: "items.tell", Pointer: "/catalogs/*/entries/*/item/tells/*", Title: "Tells (needs 1.802)", Meaning: "A check that gives a fake (or a dishonest seller's manner) away.", Keys: []Key{
			k("check", "object:items.use.gate.check", "", "required", "a skill, an ability or a sheet value"),
			k("dc", "integer", "", "required; 1 to 100", "its difficulty"),
			k("says", "string", "", "required; 1 to 300 characters", "what a success notices"),
			k("needs", "array:object:items.tell.line", "", "1 to 8", "what the sheet must meet to make the check"),
			k("needsAny", "array:object:items.tell.line", "", "1 to 8", "any one of these is enough"),
			k("carries", "object:items.tell.carries", "", "", "an item whoever checks has in their own bag"),
			k("advantageIf", "array:object:items.tell.line", "", "1 to 8", "any met: rolled with advantage"),
			k("disadvantageIf", "array:object:items.tell.line", "", "1 to 8", "any met: rolled with disadvantage"),
		}},
		{ID: "items.tell.line", Pointer: "/catalogs/*/entries/*/item/tells/*/needs/*", Title: "Tell lines", Meaning: "A sheet value a tell reads.", Keys: []Key{
			k("value", refType, "", "required", "the value read"),
			k("atLeast", "number", "", "required", "the least it must be"),
		}},
		{ID: "items.tell.carries", Pointer: "/catalogs/*/entries/*/item/tells/*/carries", Title: "carries", Meaning: "Items one of which the checker carries.", Keys: []Key{
			k("anyOf", "array:string", "", "required; 1 to 8 items as catalog/entry", "the items"),
		}},
		{ID: "items.revealsFakes", Pointer: "/items/revealsFakes/*", Title: "revealsFakes (needs 1.802)", Meaning: "A means of unmasking fakes (a spell, a ritual).", Keys: []Key{
			idKey("means"), labelKey("means"),
			k("tags", "array:string", "", "tag ids", "it detects only fakes with these tags"),
			k("items", "array:string", "", "fakes as catalog/entry", "it detects only these fakes"),
		}},
	}
}
