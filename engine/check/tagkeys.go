package check

import (
	"strings"

	"github.com/rulehost/rulehost/engine/tag"
)

// tagKeys are the skill_check attributes the native kinds read, each with
// a slot: a check finds every one of them in its tag in one pass
// (indexKeys), and each read after that is a lookup rather than a scan
// of the tag comparing keys without case (a pool check reads a dozen).
var tagKeys = [...]string{
	"skill", "save", "ability", "who", "with", "dc", "difficulty",
	"mode", "threshold", "bonus", "explode", "double", "reroll", "spend", "use",
	"dark", "upgrade", "setback", "upgradeOwn",
}

// tagKey is a slot of tagKeys: the engine reads the attributes of a
// check by slot (Check.get), so a read is an index into the check's key
// index, not a search by name.
type tagKey int

// The slots, in the order of tagKeys.
const (
	keySkill tagKey = iota
	keySave
	keyAbility
	keyWho
	keyWith
	keyDc
	keyDifficulty
	keyMode
	keyThreshold
	keyBonus
	keyExplode
	keyDouble
	keyReroll
	keySpend
	keyUse
	keyDark
	keyUpgrade
	keySetback
	keyUpgradeOwn
)

// name is the key as the record's ignored= spells it.
func (k tagKey) name() string { return tagKeys[k] }

// keySlot is the slot of an ASCII key (any case) among tagKeys, -1 for
// one the native kinds do not read.
//
// Every check looks up a dozen keys, so the slot is found without a
// loop: the key's length with its first and last letters (lower case)
// is different for each of tagKeys (TestTagKeysCoverTheKinds holds it),
// so one switch on them picks the only candidate, and one comparison
// confirms it.
func keySlot(key string) int {
	n := len(key)
	if n < 2 || n > 10 {
		return -1
	}
	slot := slotByShape(shapeOf(n, key[0], key[n-1]))
	if slot < 0 {
		return -1
	}
	if equalLetters(tagKeysLower[slot], key) { // same length: the shape says so
		return slot
	}
	return -1
}

// tagKeysLower are tagKeys in lower case, for equalLetters.
var tagKeysLower = func() (l [len(tagKeys)]string) {
	for i, k := range tagKeys {
		l[i] = strings.ToLower(k)
	}
	return l
}()

// equalLetters reports whether key equals lower, a word of lower-case
// ASCII letters of the same length, ignoring case: what equalFoldASCII
// decides, with one operation a byte. A lower-case letter l has bit 0x20
// set, so x|0x20 == l exactly when x is l or l without that bit, which
// is l's upper case (TestEqualLetters tries every byte).
func equalLetters(lower, key string) bool {
	key = key[:len(lower)] // the caller's lengths are equal; no bounds checks below
	for i := 0; i < len(lower); i++ {
		if key[i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}

// shapeOf packs a key's length and its first and last bytes, lower case
// for letters. (A byte that is not a letter may come out as another
// byte; a key with one there matches no candidate in keySlot's full
// comparison, so its shape does not matter.)
func shapeOf(n int, first, last byte) uint32 {
	return uint32(n)<<16 | uint32(first|0x20)<<8 | uint32(last|0x20)
}

// slotByShape maps each of tagKeys' shapes to its slot, -1 for no key.
func slotByShape(shape uint32) int {
	switch shape {
	case 5<<16 | 's'<<8 | 'l':
		return 0 // skill
	case 4<<16 | 's'<<8 | 'e':
		return 1 // save
	case 7<<16 | 'a'<<8 | 'y':
		return 2 // ability
	case 3<<16 | 'w'<<8 | 'o':
		return 3 // who
	case 4<<16 | 'w'<<8 | 'h':
		return 4 // with
	case 2<<16 | 'd'<<8 | 'c':
		return 5 // dc
	case 10<<16 | 'd'<<8 | 'y':
		return 6 // difficulty
	case 4<<16 | 'm'<<8 | 'e':
		return 7 // mode
	case 9<<16 | 't'<<8 | 'd':
		return 8 // threshold
	case 5<<16 | 'b'<<8 | 's':
		return 9 // bonus
	case 7<<16 | 'e'<<8 | 'e':
		return 10 // explode
	case 6<<16 | 'd'<<8 | 'e':
		return 11 // double
	case 6<<16 | 'r'<<8 | 'l':
		return 12 // reroll
	case 5<<16 | 's'<<8 | 'd':
		return 13 // spend
	case 3<<16 | 'u'<<8 | 'e':
		return 14 // use
	case 4<<16 | 'd'<<8 | 'k':
		return 15 // dark
	case 7<<16 | 'u'<<8 | 'e':
		return 16 // upgrade
	case 7<<16 | 's'<<8 | 'k':
		return 17 // setback
	case 10<<16 | 'u'<<8 | 'n':
		return 18 // upgradeOwn
	}
	return -1
}

// slotMask is the set of slots of the keys given.
func slotMask(keys ...string) uint32 {
	var m uint32
	for _, k := range keys {
		if i := keySlot(k); i >= 0 {
			m |= 1 << i
		}
	}
	return m
}

// kindReadsMask is, for each native kind, the slots of every attribute
// it reads (the common ones and its own, ignored.go).
var kindReadsMask = func() map[string]uint32 {
	m := map[string]uint32{}
	for kind, own := range kindTagKeys {
		m[kind] = slotMask(commonTagKeys...) | slotMask(own...)
	}
	return m
}()

// keyIndex is where a check's tag gives each of tagKeys: at[slot] is the
// attribute's index plus one (0: not given). given is the set of slots
// the tag gives and other is set when it gives a key no kind reads, so a
// check sees at once whether any attribute goes to ignored=
// (ignoreUnreadBy). ok is false when a key is not ASCII: at was then
// filled the way Tag.Get reads (folding case as strings.EqualFold does)
// and given and other are unused. of and n identify the attribute list
// indexed (its first element and length), so a Check a host built itself
// is indexed on first use and again if the host gives it another tag
// (see Check.index).
type keyIndex struct {
	ok    bool
	other bool
	at    [len(tagKeys)]uint16
	given uint32
	of    *tag.Attr
	n     int
}

// isFor reports whether x indexes exactly attrs (the same storage and
// length; an empty list is indexed by any index that was built).
func (x *keyIndex) isFor(attrs []tag.Attr) bool {
	if len(attrs) == 0 {
		return x.n == 0 && (x.ok || x.of != nil)
	}
	return x.n == len(attrs) && x.of == &attrs[0]
}

// indexKeys reads where t gives each known key, keeping the first of a
// key given twice (as Tag.Get does).
func (x *keyIndex) indexKeys(t tag.Tag) {
	*x = keyIndex{ok: true, n: len(t.Attrs)}
	if len(t.Attrs) > 0 {
		x.of = &t.Attrs[0]
	}
	for i := range t.Attrs {
		key := t.Attrs[i].Key
		slot := keySlot(key)
		if slot < 0 {
			// A key keySlot matched equals an ASCII name byte for byte
			// but for case, so only the others need looking at for
			// other bytes.
			if !isASCII(key) {
				x.indexFolding(t)
				return
			}
			x.other = true
			continue
		}
		x.given |= 1 << slot
		if x.at[slot] == 0 {
			x.at[slot] = uint16(i + 1)
		}
	}
}

// indexFolding fills at as Tag.Get reads each of tagKeys, for a tag
// with a key that is not ASCII (rare: the keys the kinds read are ASCII,
// but a Unicode key may fold to one of them).
func (x *keyIndex) indexFolding(t tag.Tag) {
	x.ok = false
	x.at = [len(tagKeys)]uint16{}
	for slot, k := range tagKeys {
		for i, a := range t.Attrs {
			if tag.EqualKey(a.Key, k) {
				x.at[slot] = uint16(i + 1)
				break
			}
		}
	}
}
