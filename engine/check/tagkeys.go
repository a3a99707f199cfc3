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
// loop or a search: a hash of the key's length and its first and last
// letters (lower case) is different for each of tagKeys
// (TestTagKeysCoverTheKinds holds it), so slotByHash gives the only
// candidate, and one comparison of the key's bytes, a word at a time,
// confirms it.
func keySlot(key string) int {
	n := len(key)
	if n < 2 || n > 16 {
		return -1
	}
	slot := int(slotByHash[keyHash(n, key[0], key[n-1])])
	if slot < 0 || len(tagKeys[slot]) != n {
		return -1
	}
	a, b := keyWords(key)
	w := &tagKeyWords[slot]
	if a|w.fold != w.a || b|w.fold != w.b {
		return -1
	}
	return slot
}

// keyHash mixes a key's length with its first and last bytes, lower
// case for letters, into 0..63. (A byte that is not a letter may come
// out as another byte; such a key matches no candidate in keySlot's
// comparison, so its hash does not matter.)
func keyHash(n int, first, last byte) int {
	return (int(first|0x20) + 2*int(last|0x20) + 7*n) & 63
}

// slotByHash maps each of tagKeys' hashes to its slot, -1 for none.
var slotByHash = func() (t [64]int8) {
	for i := range t {
		t[i] = -1
	}
	for slot, k := range tagKeys {
		t[keyHash(len(k), k[0], k[len(k)-1])] = int8(slot)
	}
	return t
}()

// tagKeyWords are tagKeys in lower case as keyWords reads them, with the
// bit that folds a letter to lower case set in each of their bytes.
//
// The keys are ASCII letters only. A lower-case letter l has bit 0x20
// set, so x|0x20 == l exactly when x is l or l without that bit, which
// is l's upper case: a key's words with that bit set in every byte equal
// the lower-case name's exactly when the key equals the name ignoring
// case, as strings.EqualFold decides for ASCII (TestEqualLetters tries
// every byte in every position).
var tagKeyWords = func() (t [len(tagKeys)]struct{ a, b, fold uint64 }) {
	for i, k := range tagKeys {
		lower := strings.ToLower(k)
		t[i].a, t[i].b = keyWords(lower)
		t[i].fold, _ = keyWords(strings.Repeat("\x20", len(k)))
	}
	return t
}()

// keyWords are the bytes of s (2 to 16 of them) as two little-endian
// words that cover it whole, the first from its start and the second
// ending at its end (overlapping unless the length is 4, 8 or 16):
// 16-bit words for 2 or 3 bytes, 32-bit for 4 to 7, 64-bit for 8 to 16.
// Two keys of the same length are equal exactly when their words are.
func keyWords(s string) (a, b uint64) {
	n := len(s)
	switch {
	case n >= 8:
		return le64(s[:8]), le64(s[n-8:])
	case n >= 4:
		return le32(s[:4]), le32(s[n-4:])
	default:
		return le16(s[:2]), le16(s[n-2:])
	}
}

// le64, le32 and le16 read a string's first bytes as a little-endian
// word (the compiler makes each one load).
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func le32(s string) uint64 {
	_ = s[3]
	return uint64(uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24)
}

func le16(s string) uint64 {
	_ = s[1]
	return uint64(uint16(s[0]) | uint16(s[1])<<8)
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
