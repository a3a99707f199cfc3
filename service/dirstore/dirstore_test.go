package dirstore_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/dirstore"
	"github.com/rulehost/rulehost/service/storetest"
)

func TestDirStoreConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) func() session.EventStore {
		root := t.TempDir()
		return func() session.EventStore {
			st, err := dirstore.New(root)
			if err != nil {
				t.Fatal(err)
			}
			return st
		}
	})
}
