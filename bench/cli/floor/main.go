// Command floor is the smallest program that links what every rulehost
// command links by the design (docs/architecture.md): urfave/cli/v2 for
// the command line, go-hclog for the log and gopher-lua for plugins, each
// used once as a command does. bench/cli times it beside hello world and
// rulehost: the share of a one-shot command's CPU that comes with those
// three libraries alone, before rulehost does anything.
package main

import (
	"os"

	"github.com/hashicorp/go-hclog"
	"github.com/urfave/cli/v2"
	lua "github.com/yuin/gopher-lua"
)

func main() {
	app := &cli.App{Name: "floor", Version: "1", Action: func(*cli.Context) error {
		log := hclog.New(&hclog.LoggerOptions{Output: os.Stderr, Level: hclog.Warn})
		log.Debug("not printed")
		l := lua.NewState(lua.Options{SkipOpenLibs: true})
		l.Close()
		return nil
	}}
	if err := app.Run(os.Args); err != nil {
		os.Exit(1)
	}
}
