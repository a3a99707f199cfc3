package format

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/host/plugin"
)

// DataView and DataViewJSON expose the two ways to a section's data for
// TestDataViewIsJSON.
func DataView(st *plugin.State, data any) lua.LValue { return dataView(st, data) }

func DataViewJSON(st *plugin.State, data any) (lua.LValue, error) {
	return dataViewJSON(st.SB.L(), data)
}
