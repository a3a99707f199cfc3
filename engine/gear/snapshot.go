package gear

import (
	"encoding/json"
	"fmt"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/jsonin"
)

// The groups taken are plain data, so a session snapshot keeps them as
// their JSON.
func init() {
	items.RegisterPartCodec("gear", items.PartCodec{
		Encode: func(p items.Part) ([]byte, bool) {
			g, ok := p.(*Part)
			if !ok || g == nil {
				return nil, false
			}
			b, err := json.Marshal(g)
			return b, err == nil
		},
		Decode: func(data []byte) (items.Part, error) {
			g := &Part{}
			if err := jsonin.Unmarshal(data, g); err != nil {
				return nil, fmt.Errorf("gear part: %w", err)
			}
			if g.Taken == nil {
				return nil, fmt.Errorf("gear part: no groups taken")
			}
			return g, nil
		},
	})
}
