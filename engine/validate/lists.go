package validate

// This file holds the loops every list of a ruleset file is read with,
// shared by the core validator and the items and fight sections
// (engine/ruleset and its subpackages).

// EachIDObject visits the entries of a list of declarations, each an
// object with a unique id. An entry that is not an object or has no
// usable id is skipped: that is already reported, and reading it further
// would only repeat it. Every list of declarations reads its entries so.
func EachIDObject(p *Problems, at string, arr []any, visit func(o Obj, id string)) {
	ids := IDs(p, at, arr)
	for i, raw := range arr {
		o, ok := AsObj(p, Ptr(at, i), raw)
		if !ok || ids[i] == "" {
			continue
		}
		visit(o, ids[i])
	}
}

// EntryLabel reads a declaration's optional label; without one, the id
// is what people see.
func EntryLabel(o Obj, id string) string {
	label, _ := o.Str("label", 80, false)
	if label == "" {
		return id
	}
	return label
}

// ReadObjects reads arr, the elements of o's key, as objects: an element
// that is not an object is reported at its own pointer and skipped, and
// read's refusal (false) leaves its element out. It is the loop every
// array of clauses shares (onHit, plus, applies, a worn weapons
// effect's modifiers, loot lines, a creature's actions), so that each
// reader is only about its clause.
func ReadObjects[T any](p *Problems, o Obj, key string, arr []any, read func(Obj) (T, bool)) []T {
	var out []T
	for i, raw := range arr {
		eo, ok := AsObj(p, o.Ptr(key, i), raw)
		if !ok {
			continue
		}
		if t, ok := read(eo); ok {
			out = append(out, t)
		}
	}
	return out
}
