package lua

const defaultArrayCap = 32
const defaultHashCap = 32

// A table made without size hints (the constructor {} and then stores,
// as faces[i] = f) starts its parts this small and lets them grow
// (rulehost patch 12): 32 slots of array part (512 bytes) and a map sized
// for 32 keys were made, and cleared, for every such table however few
// it held.
const (
	lazyArrayCap = 4
	lazyHashCap  = 0
)

type lValueArraySorter struct {
	L      *LState
	Fn     *LFunction
	Values []LValue
}

func (lv lValueArraySorter) Len() int {
	return len(lv.Values)
}

func (lv lValueArraySorter) Swap(i, j int) {
	lv.Values[i], lv.Values[j] = lv.Values[j], lv.Values[i]
}

func (lv lValueArraySorter) Less(i, j int) bool {
	if lv.Fn != nil {
		lv.L.Push(lv.Fn)
		lv.L.Push(lv.Values[i])
		lv.L.Push(lv.Values[j])
		lv.L.Call(2, 1)
		return LVAsBool(lv.L.reg.Pop())
	}
	return lessThan(lv.L, lv.Values[i], lv.Values[j])
}

func newLTable(acap int, hcap int) *LTable {
	if acap < 0 {
		acap = 0
	}
	if hcap < 0 {
		hcap = 0
	}
	tb := &LTable{}
	tb.Metatable = LNil
	if acap != 0 {
		tb.array = make([]LValue, 0, acap)
	}
	if hcap > smallHash {
		tb.strdict = make(map[string]LValue, hcap)
		// rulehost patch 7: the key order is sized with the hash part, so
		// a table built with its size known (a host view, a constructor
		// with named fields) does not grow it key by key.
		tb.keys = make([]LValue, 0, hcap)
		tb.k2i = make(map[LValue]int, hcap)
	} else if hcap != 0 {
		// a small hash part is its key order and the values beside it
		// (rulehost patch 17)
		tb.keys = make([]LValue, 0, hcap)
		tb.kvals = make([]LValue, 0, hcap)
	}
	return tb
}

// smallHash is how many hash keys a table keeps in its key order alone,
// found by a linear look, before it builds its maps (rulehost patch 17):
// a record's {name = ..., attrs = ...} made two maps, their groups and a
// slice, some 600 bytes, for two keys.
const smallHash = 8

// strIndex is the place of string key in the key order of a small table,
// or -1.
func (tb *LTable) strIndex(key string) int {
	for i, k := range tb.keys {
		if s, ok := k.(LString); ok && string(s) == key {
			return i
		}
	}
	return -1
}

// smallGet reads a string key of a small table.
func (tb *LTable) smallGet(key string) LValue {
	if i := tb.strIndex(key); i >= 0 {
		return tb.kvals[i]
	}
	return LNil
}

// keyIndex is the place of key in the key order, or -1.
func (tb *LTable) keyIndex(key LValue) int {
	if tb.k2i != nil {
		if i, ok := tb.k2i[key]; ok {
			return i
		}
		return -1
	}
	for i, k := range tb.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// toMaps turns a small table's hash part into the maps (strdict, k2i),
// when a key past smallHash arrives.
func (tb *LTable) toMaps() {
	n := len(tb.keys) + 1
	tb.strdict = make(map[string]LValue, n)
	tb.k2i = make(map[LValue]int, n)
	for i, k := range tb.keys {
		tb.k2i[k] = i
		if s, ok := k.(LString); ok && tb.kvals[i] != LNil {
			tb.strdict[string(s)] = tb.kvals[i]
		}
	}
	tb.kvals = nil
}

// hasStrings reports whether a string key holds a value.
func (tb *LTable) hasStrings() bool {
	if tb.strdict != nil {
		return len(tb.strdict) > 0
	}
	for i, k := range tb.keys {
		if _, ok := k.(LString); ok && tb.kvals[i] != LNil {
			return true
		}
	}
	return false
}

// Len returns length of this LTable without using __len.
func (tb *LTable) Len() int {
	if tb.array == nil {
		return 0
	}
	var prev LValue = LNil
	for i := len(tb.array) - 1; i >= 0; i-- {
		v := tb.array[i]
		if prev == LNil && v != LNil {
			return i + 1
		}
		prev = v
	}
	return 0
}

// Wrote reports whether anything was stored into the table (a key set,
// changed or removed, an element inserted, removed or sorted) since it was
// made or since the last ClearWrote (rulehost patch 10): a host that
// verifies a table against a snapshot skips the walk of one never written.
// The metatable is a field of its own; it is not tracked.
func (tb *LTable) Wrote() bool { return tb.wrote }

// ClearWrote resets Wrote.
func (tb *LTable) ClearWrote() { tb.wrote = false }

// Append appends a given LValue to this LTable.
func (tb *LTable) Append(value LValue) {
	if value == LNil {
		return
	}
	tb.wrote = true
	if tb.array == nil {
		tb.array = make([]LValue, 0, lazyArrayCap)
	}
	if len(tb.array) == 0 || tb.array[len(tb.array)-1] != LNil {
		tb.takeHashInt(len(tb.array) + 1)
		tb.array = append(tb.array, value)
		tb.adoptHashInts()
	} else {
		i := len(tb.array) - 2
		for ; i >= 0; i-- {
			if tb.array[i] != LNil {
				break
			}
		}
		tb.array[i+1] = value
	}
}

// Insert inserts a given LValue at position `i` in this table.
func (tb *LTable) Insert(i int, value LValue) {
	tb.wrote = true
	if tb.array == nil {
		tb.array = make([]LValue, 0, lazyArrayCap)
	}
	if i > len(tb.array) {
		tb.RawSetInt(i, value)
		return
	}
	if i <= 0 {
		tb.RawSet(LNumber(i), value)
		return
	}
	i -= 1
	tb.array = append(tb.array, LNil)
	copy(tb.array[i+1:], tb.array[i:])
	tb.array[i] = value
	tb.adoptHashInts()
}

// MaxN returns a maximum number key that nil value does not exist before it.
func (tb *LTable) MaxN() int {
	if tb.array == nil {
		return 0
	}
	for i := len(tb.array) - 1; i >= 0; i-- {
		if tb.array[i] != LNil {
			return i + 1
		}
	}
	return 0
}

// Remove removes from this table the element at a given position.
func (tb *LTable) Remove(pos int) LValue {
	tb.wrote = true
	if tb.array == nil {
		return LNil
	}
	larray := len(tb.array)
	if larray == 0 {
		return LNil
	}
	i := pos - 1
	oldval := LNil
	switch {
	case i >= larray:
		// nothing to do
	case i == larray-1 || i < 0:
		oldval = tb.array[larray-1]
		tb.array = tb.array[:larray-1]
	default:
		oldval = tb.array[i]
		copy(tb.array[i:], tb.array[i+1:])
		tb.array[larray-1] = nil
		tb.array = tb.array[:larray-1]
	}
	return oldval
}

// RawSet sets a given LValue to a given index without the __newindex metamethod.
// It is recommended to use `RawSetString` or `RawSetInt` for performance
// if you already know the given LValue is a string or number.
func (tb *LTable) RawSet(key LValue, value LValue) {
	switch v := key.(type) {
	case LNumber:
		if isArrayKey(v) {
			if tb.array == nil {
				tb.array = make([]LValue, 0, lazyArrayCap)
			}
			tb.setArrayKey(int(v), value)
			return
		}
	case LString:
		tb.RawSetString(string(v), value)
		return
	}

	tb.RawSetH(key, value)
}

// RawSetInt sets a given LValue at a position `key` without the __newindex metamethod.
func (tb *LTable) RawSetInt(key int, value LValue) {
	if key < 1 || key >= MaxArrayIndex {
		tb.RawSetH(LNumber(key), value)
		return
	}
	tb.setArrayKey(key, value)
}

// MaxArrayGap bounds how many nils a store may add to the array part
// (rulehost patch 1, see PATCHES.md): an integer key further than this past
// the end of the array part is kept in the hash part instead, as Lua's own
// tables do, so t[16777216] = true costs one hash entry, not 16M nils.
var MaxArrayGap = 1024

// setArrayKey stores value at the integer key (1 <= key < MaxArrayIndex).
// Invariant: the hash part never holds an integer key in 1..len(array)+1;
// keys the array part grows over are moved into it.
func (tb *LTable) setArrayKey(key int, value LValue) {
	tb.wrote = true
	index := key - 1
	alen := len(tb.array)
	switch {
	case index < alen:
		tb.array[index] = value
		return
	case index-alen > MaxArrayGap:
		tb.RawSetH(LNumber(key), value)
		return
	}
	if tb.array == nil {
		tb.array = make([]LValue, 0, lazyArrayCap)
	}
	hashed := tb.dict != nil && len(tb.dict) > 0
	for i := alen; i < index; i++ {
		v := LValue(LNil)
		if hashed {
			v = tb.takeHashInt(i + 1)
		}
		tb.array = append(tb.array, v)
	}
	if hashed {
		tb.takeHashInt(key)
	}
	tb.array = append(tb.array, value)
	tb.adoptHashInts()
}

// takeHashInt removes the integer key from the hash part and returns its
// value (LNil when absent).
func (tb *LTable) takeHashInt(key int) LValue {
	k := LNumber(key)
	v, ok := tb.dict[k]
	if !ok {
		return LNil
	}
	delete(tb.dict, k)
	return v
}

// adoptHashInts moves the keys that follow the array part from the hash
// part into it (len(array)+1, +2, ... while present).
func (tb *LTable) adoptHashInts() {
	if tb.dict == nil || len(tb.dict) == 0 {
		return
	}
	for {
		v := tb.takeHashInt(len(tb.array) + 1)
		if v == LNil {
			return
		}
		tb.array = append(tb.array, v)
	}
}

// hashInt reads an integer key past the array part from the hash part.
func (tb *LTable) hashInt(key int) LValue {
	if tb.dict == nil {
		return LNil
	}
	if v, ok := tb.dict[LNumber(key)]; ok {
		return v
	}
	return LNil
}

// RawSetString sets a given LValue to a given string index without the __newindex metamethod.
func (tb *LTable) RawSetString(key string, value LValue) {
	tb.wrote = true
	if key == "__index" {
		// a metatable's __index, read without a map lookup (patch 14)
		tb.metaIndex = value
		if value == LNil {
			tb.metaIndex = nil
		}
	}
	if tb.strdict == nil {
		// a small hash part (patch 17): a deleted key keeps its place
		// with LNil, as it keeps its place in the maps' order
		if i := tb.strIndex(key); i >= 0 {
			tb.kvals[i] = value
			return
		}
		if value == LNil {
			return
		}
		if len(tb.keys) < smallHash {
			var lkey LValue = LString(key)
			tb.keys = append(tb.keys, lkey)
			tb.kvals = append(tb.kvals, value)
			return
		}
		tb.toMaps()
	}

	if value == LNil {
		// TODO tb.keys and tb.k2i should also be removed
		delete(tb.strdict, key)
		return
	}
	if _, had := tb.strdict[key]; had {
		// a key in strdict is in the order already (rulehost patch
		// 13): storing over it boxed the key for the order's lookup,
		// an allocation per store
		tb.strdict[key] = value
		return
	}
	tb.strdict[key] = value
	// a key deleted earlier stays in the order: looked up with a box
	// that does not escape, and boxed once to be kept (rulehost patch
	// 13; one interface value for the order's map and list, patch 7)
	if _, ok := tb.k2i[LString(key)]; !ok {
		var lkey LValue = LString(key)
		tb.k2i[lkey] = len(tb.keys)
		tb.keys = append(tb.keys, lkey)
	}
}

// RawSetH sets a given LValue to a given index without the __newindex metamethod.
func (tb *LTable) RawSetH(key LValue, value LValue) {
	tb.wrote = true
	if s, ok := key.(LString); ok {
		tb.RawSetString(string(s), value)
		return
	}
	if tb.dict == nil {
		tb.dict = make(map[LValue]LValue, len(tb.strdict))
	}

	if value == LNil {
		// TODO tb.keys and tb.k2i should also be removed
		delete(tb.dict, key)
		return
	}
	tb.dict[key] = value
	if tb.keyIndex(key) >= 0 {
		return
	}
	if tb.strdict == nil {
		if len(tb.keys) < smallHash {
			tb.keys = append(tb.keys, key)
			tb.kvals = append(tb.kvals, LNil)
			return
		}
		tb.toMaps()
	}
	tb.k2i[key] = len(tb.keys)
	tb.keys = append(tb.keys, key)
}

// RawGet returns an LValue associated with a given key without __index metamethod.
func (tb *LTable) RawGet(key LValue) LValue {
	switch v := key.(type) {
	case LNumber:
		if isArrayKey(v) {
			index := int(v) - 1
			if index >= len(tb.array) {
				return tb.hashInt(int(v))
			}
			return tb.array[index]
		}
	case LString:
		if tb.strdict == nil {
			return tb.smallGet(string(v))
		}
		if ret, ok := tb.strdict[string(v)]; ok {
			return ret
		}
		return LNil
	}
	if tb.dict == nil {
		return LNil
	}
	if v, ok := tb.dict[key]; ok {
		return v
	}
	return LNil
}

// RawGetInt returns an LValue at position `key` without __index metamethod.
func (tb *LTable) RawGetInt(key int) LValue {
	index := int(key) - 1
	if index >= len(tb.array) || index < 0 {
		return tb.hashInt(key)
	}
	return tb.array[index]
}

// RawGet returns an LValue associated with a given key without __index metamethod.
func (tb *LTable) RawGetH(key LValue) LValue {
	if s, sok := key.(LString); sok {
		if tb.strdict == nil {
			return tb.smallGet(string(s))
		}
		if v, vok := tb.strdict[string(s)]; vok {
			return v
		}
		return LNil
	}
	if tb.dict == nil {
		return LNil
	}
	if v, ok := tb.dict[key]; ok {
		return v
	}
	return LNil
}

// RawGetString returns an LValue associated with a given key without __index metamethod.
func (tb *LTable) RawGetString(key string) LValue {
	if tb.strdict == nil {
		return tb.smallGet(key)
	}
	if v, vok := tb.strdict[string(key)]; vok {
		return v
	}
	return LNil
}

// ForEach iterates over this table of elements, yielding each in turn to a given function.
func (tb *LTable) ForEach(cb func(LValue, LValue)) {
	if tb.array != nil {
		for i, v := range tb.array {
			if v != LNil {
				cb(LNumber(i+1), v)
			}
		}
	}
	if tb.strdict != nil {
		for k, v := range tb.strdict {
			if v != LNil {
				cb(LString(k), v)
			}
		}
	} else {
		for i, k := range tb.keys {
			if _, ok := k.(LString); ok && tb.kvals[i] != LNil {
				cb(k, tb.kvals[i])
			}
		}
	}
	if tb.dict != nil {
		for k, v := range tb.dict {
			if v != LNil {
				cb(k, v)
			}
		}
	}
}

// Walk calls cb with each non-nil entry in the order Next visits them
// and stops when cb returns false (rulehost patch 8: the host compares a
// table with its snapshot after every call; Next looked each key's place
// up again and boxed each array index). An entry of the array part comes
// with its index (1, 2, ...) and a nil key, so nothing is boxed; an entry
// of the hash part with index 0 and its key.
func (tb *LTable) Walk(cb func(index int, k, v LValue) bool) {
	for i, v := range tb.array {
		if v != LNil && !cb(i+1, nil, v) {
			return
		}
	}
	for _, k := range tb.keys {
		if v := tb.RawGetH(k); v != LNil && !cb(0, k, v) {
			return
		}
	}
}

// This function is equivalent to lua_next ( http://www.lua.org/manual/5.1/manual.html#lua_next ).
func (tb *LTable) Next(key LValue) (LValue, LValue) {
	init := false
	if key == LNil {
		key = LNumber(0)
		init = true
	}

	if init || key != LNumber(0) {
		// An integer key past the array part is in the hash part (rulehost
		// patch 1): continue the walk there, not at the start of the array.
		if kv, ok := key.(LNumber); ok && isInteger(kv) && int(kv) >= 0 && kv < LNumber(MaxArrayIndex) && (init || int(kv) <= len(tb.array)) {
			index := int(kv)
			if tb.array != nil {
				for ; index < len(tb.array); index++ {
					if v := tb.array[index]; v != LNil {
						return LNumber(index + 1), v
					}
				}
			}
			if tb.array == nil || index == len(tb.array) {
				if (tb.dict == nil || len(tb.dict) == 0) && !tb.hasStrings() {
					return LNil, LNil
				}
				key = tb.keys[0]
				if v := tb.RawGetH(key); v != LNil {
					return key, v
				}
			}
		}
	}

	at := tb.keyIndex(key)
	if at < 0 {
		at = 0 // as the map's zero value was: the walk goes on after the first key
	}
	for i := at + 1; i < len(tb.keys); i++ {
		key := tb.keys[i]
		if v := tb.RawGetH(key); v != LNil {
			return key, v
		}
	}
	return LNil, LNil
}
