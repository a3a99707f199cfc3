package record

func init() {
	RegisterTag("item", "one stack of a bag as formatters read it (the inventory block, item lines); not an answer to a tag")
	RegisterKeys(
		Key{Name: "name", Type: Text, Doc: "On an item record: the GM-facing line of the item (Hand axe [Weapon, Common, Thrown; Damage 1d6, Reach close]), or the plain item's name."},
		Key{Name: "equipped", Type: Bool, Doc: `On an item record: "true" when the stack is equipped in slots. Absent otherwise.`},
		Key{Name: "worn", Type: Bool, Doc: `On an item record: "true" when the stack is worn (equipped, and bound when it binds). Absent otherwise.`},
	)
}
