//go:build !rulehost_light

package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/rulehost/rulehost/service/serve"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:  loadInfo.Name,
			Usage: loadInfo.Usage,
			Description: "Runs --clients concurrent clients, each on its own keep-alive connection, sending\n" +
				"requests back to back for --duration, and prints the rate, the p50/p99/max latencies\n" +
				"and, read from the service's /metrics, the CPU time the service spent (so requests per\n" +
				"server CPU-second, what a free core would answer on a busy machine). --work is check\n" +
				"(a 5e skill_check on the bundled d20-5e with ada), roll (4d6kh3) or append (a player\n" +
				"action with a roll, each client on a session of its own). docs/performance.md.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "url", Value: "http://" + serve.DefaultAddr, Usage: "the service's base `URL`"},
				&cli.IntFlag{Name: "clients", Value: 16, Usage: "concurrent keep-alive clients"},
				&cli.DurationFlag{Name: "duration", Value: 10 * time.Second, Usage: "how long to send"},
				&cli.StringFlag{Name: "work", Value: "check", Usage: "what to send: " + strings.Join(serve.LoadWorks, ", ")},
				&cli.StringFlag{Name: "key", EnvVars: []string{"RULEHOST_API_KEY"}, Usage: "send API key `KEY` (Authorization: Bearer) with every request"},
			},
			Action: runLoad,
		}
	})
}

func runLoad(c *cli.Context) error {
	if c.NArg() != 0 {
		return misuse(c, "load takes no arguments")
	}
	if n := c.Int("clients"); n < 1 || n > 4096 {
		return misuse(c, "--clients %d: 1 to 4096", n)
	}
	if d := c.Duration("duration"); d <= 0 || d > time.Hour {
		return misuse(c, "--duration %s: more than 0, at most 1h", d)
	}
	res, err := serve.Load(c.Context, serve.LoadOptions{
		URL: c.String("url"), Clients: c.Int("clients"), Duration: c.Duration("duration"), Work: c.String("work"), Key: c.String("key"),
	})
	if err != nil {
		return refused(err)
	}
	fmt.Fprintf(c.App.Writer, "%s, %d clients, %s\n%s\n", c.String("work"), c.Int("clients"), c.String("url"), res)
	if res.Errors > 0 {
		return refused(fmt.Errorf("%d of %d requests failed", res.Errors, res.Errors+res.Requests))
	}
	return nil
}
