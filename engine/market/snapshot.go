package market

import (
	"encoding/json"
	"fmt"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/jsonin"
)

// The market's part is plain data, so a session snapshot keeps it as its
// JSON (every field is exported and the JSON round trip is exact).
func init() {
	items.RegisterPartCodec(section, items.PartCodec{
		Encode: func(p items.Part) ([]byte, bool) {
			m, ok := p.(*Part)
			if !ok || m == nil {
				return nil, false
			}
			b, err := json.Marshal(m)
			return b, err == nil
		},
		Decode: func(data []byte) (items.Part, error) {
			m := &Part{}
			if err := jsonin.Unmarshal(data, m); err != nil {
				return nil, fmt.Errorf("market part: %w", err)
			}
			return m, nil
		},
	})
}
