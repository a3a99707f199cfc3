package record

func init() {
	RegisterTag("item_used", "the answer to the player's own Use (an [inventory: action=\"use\"] they wrote): the same outcome as the Game Master's use, sent to the Game Master as an [item_used] block")
	RegisterTag("sheet", "the answer to [sheet: op=...]: a rest, a condition imposed or removed, a live pool or track changed")
	RegisterKeys(
		Key{Name: "said", Type: Text, Doc: "The outcome of a use in one line, in the spec's words: `Juno uses Poultice: heals 4 (Grit 6/11). 1 left.`; for an item without a use, what the player says (`I use my rope.`). Present on every use and item_used record."},
		Key{Name: "gate", Type: Text, Doc: "The check a gated item called for first: `Ward 1 against 2, failed`, `Ward 3 against 2, passed`, or `skipped` when its unless held. Present on a use of an item with a gate."},
		Key{Name: "heals", Type: Int, Doc: "What a heal gave back: points on a health pool, marks cleared on a plain track, 1 for a wound mark cleared. Present on a use that heals."},
		Key{Name: "health", Type: Text, Doc: "Health after the change: `Grit 6/11` (a pool, with `, 3 temporary`), `Harm 2 of 6 marked` (a plain track) or `Wounds: Hurt` (a wound track)."},
		Key{Name: "restored", Type: Text, Doc: "What a restore gave back and where the pool stands: `1 Resolve (3/4)`. Present on a use with restore."},
		Key{Name: "temporary", Type: Int, Doc: "Temporary points a use gave to the health pool (they do not add up: the larger stays). Present on a use with temporary."},
		Key{Name: "imposed", Type: Text, Doc: "Conditions a use or [sheet: op=\"condition\"] imposed, by label, comma-separated; on [sheet:], the condition imposed."},
		Key{Name: "lifted", Type: Text, Doc: "The condition [sheet: op=\"condition\" remove=...] removed, or conditions an immunity ended, by label with the character (\"Frightened (Bram the Quiet)\"): on the first record that concerns that character (its who=, to= or target=), so one in force when the session began is not reported on an unrelated first tag."},
		Key{Name: "remaining", Type: Int, Doc: "How many of a consumed item the user still carries after the use."},
		Key{Name: "charges", Type: Text, Doc: "An item's charges after a use or a rest, `2 of 3`; on an item record, the charges it has left."},
		Key{Name: "broke", Type: Bool, Doc: `"true" when the last charge spent broke the item (its breaksOn die came up at or below atMost) and it left the bag; "false" when it held.`},
		Key{Name: "breakRoll", Type: Int, Doc: "The breaksOn die rolled when a use spent an item's last charge."},
		Key{Name: "op", Type: Text, Doc: `What a [sheet:] tag did: "rest", "condition", "pool" or "track".`},
		Key{Name: "rest", Type: Text, Doc: "The rest taken, by label. Present on [sheet: op=\"rest\"]."},
		Key{Name: "recharged", Type: Text, Doc: "What a rest brought back, comma-separated: `Dawn bell 3/3 charges`; `nothing` when nothing came back."},
		Key{Name: "refilled", Type: Text, Doc: "The live pools a rest filled and the tracks it cleared, by label."},
		Key{Name: "pool", Type: Text, Doc: "The live pool a [sheet: op=\"pool\"] changed, by label."},
		Key{Name: "track", Type: Text, Doc: "The live track a [sheet: op=\"track\"] marked or cleared, by label."},
		Key{Name: "condition", Type: Text, Doc: "The condition a [sheet: op=\"condition\"] named, by label."},
		Key{Name: "delta", Type: Signed, Doc: "How far a [sheet:] change moved a pool or a track, after its bounds: `-3`, `+2`."},
		Key{Name: "state", Type: Text, Doc: "Where a pool or track stands after a [sheet:] change: `Resolve 1/4`, `Harm 3 of 6 marked`, `Wounds: Hurt`."},
		Key{Name: "on", Type: Bool, Doc: "An item's on/off switch after a toggle; on an item record, present when it is on."},
		Key{Name: "sheetValue", Type: Text, Doc: "The sheet value a gate's check rolled with (a gate whose check is `{ \"value\": ... }`), by what it reads."},
	)
}
