package format

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
)

// DataView and DataViewJSON expose the two ways to a section's data for
// TestDataViewIsJSON.
// DataView is the view filled, as the plugin would first look into it.
func DataView(st *plugin.State, data any) lua.LValue {
	if t, ok := dataView(st, data).(*lua.LTable); ok {
		return sandbox.SeeThrough(t)
	}
	return lua.LNil
}

func DataViewJSON(st *plugin.State, data any) (lua.LValue, error) {
	return dataViewJSON(st.SB.L(), data)
}
