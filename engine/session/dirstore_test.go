package session_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/session/storetest"
)

func TestDirStoreConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) func() session.EventStore {
		root := t.TempDir()
		return func() session.EventStore {
			st, err := session.NewDirStore(root)
			if err != nil {
				t.Fatal(err)
			}
			return st
		}
	})
}
