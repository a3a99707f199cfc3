package fight

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/items"
)

// A session snapshot keeps the fight's part only between fights: a fight
// in progress holds what it read of the creatures and sheets as it began
// (State.start, each Foe's creature), which the fold rebuilds by
// replaying the start, so such a party is not snapshotted. An ended
// fight leaves a nil *State in the party, kept as "null".
func init() {
	items.RegisterPartCodec(Section, items.PartCodec{
		Encode: func(p items.Part) ([]byte, bool) {
			if s, ok := p.(*State); ok && s == nil {
				return []byte("null"), true
			}
			return nil, false
		},
		Decode: func(data []byte) (items.Part, error) {
			if string(data) != "null" {
				return nil, fmt.Errorf("fight part: only an ended fight (null) is kept, not %.20q", data)
			}
			return (*State)(nil), nil
		},
	})
}
