//go:build !rulehost_light

package main

import (
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/dirstore"
	"github.com/rulehost/rulehost/service/pgstore"
	"github.com/urfave/cli/v2"
)

// sessionStore is the store `serve` keeps sessions in: PostgreSQL with
// --postgres, else the embedded store under --sessions.
func sessionStore(c *cli.Context) (session.EventStore, error) {
	if c.IsSet("postgres") && c.IsSet("sessions") {
		return nil, misuse(c, "give --sessions DIR or --postgres URL, not both")
	}
	if url := c.String("postgres"); url != "" {
		st, err := pgstore.Open(c.Context, url)
		if err != nil {
			return nil, refused(err)
		}
		return st, nil
	}
	st, err := dirstore.New(c.String("sessions"))
	if err != nil {
		return nil, misuse(c, "--sessions: %v", err)
	}
	return st, nil
}
