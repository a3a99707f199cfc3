package main

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/rulehost/rulehost/service/serve"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:  "serve",
			Usage: "serve the engine over HTTP/JSON (validate, check, roll, odds, prompt, sessions, replay; the /play page; docs/http.md)",
			Description: "Listens on --addr (loopback by default) until interrupted, then finishes the\n" +
				"requests in flight and exits. The API is described by /v1/openapi.json; /healthz\n" +
				"answers when the service is up and /metrics exports Prometheus metrics.\n" +
				"Plugins load once at start (plugins/ when present, and --plugins DIR).",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "addr", Value: serve.DefaultAddr, Usage: "listen on `HOST:PORT`"},
				&cli.StringFlag{Name: "bundled", Value: "rulesets", Usage: "folder of bundled rulesets a request may name (`DIR`/NAME/ruleset.json, DIR/NAME/sheets/*.json)"},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable); plugins/ is loaded when present"},
				&cli.Int64Flag{Name: "max-body", Value: serve.DefaultMaxBody, Usage: "largest request body in `BYTES`"},
				&cli.DurationFlag{Name: "deadline", Value: serve.DefaultDeadline, Usage: "longest a request may work"},
				&cli.StringFlag{Name: "sessions", Value: "sessions", Usage: "keep sessions in the embedded store under `DIR` (one folder per session)"},
				&cli.StringFlag{Name: "postgres", Usage: "keep sessions in PostgreSQL at `URL` instead (postgres://user@host:port/db)"},
				&cli.IntFlag{Name: "isolate-workers", Usage: "with --isolate, run plugin calls in `N` worker processes at once (default: GOMAXPROCS); no plugin may hold them all"},
			},
			Action: runServe,
		}
	})
}

func runServe(c *cli.Context) error {
	if c.NArg() != 0 {
		return misuse(c, "serve takes no arguments")
	}
	if n := c.Int("isolate-workers"); n < 0 || n > 256 || (c.IsSet("isolate-workers") && (n == 0 || !c.Bool("isolate"))) {
		return misuse(c, "--isolate-workers %d: give 1 to 256 workers, with --isolate", n)
	}
	opts, err := pluginOptions(c)
	if err != nil {
		return err
	}
	bundled := c.String("bundled")
	if st, err := os.Stat(bundled); err != nil || !st.IsDir() {
		if c.IsSet("bundled") {
			return misuse(c, "--bundled %s: not a folder", bundled)
		}
		bundled = ""
	}
	store, err := sessionStore(c)
	if err != nil {
		return err
	}
	defer store.Close()
	srv := serve.New(serve.Options{
		Store:    store,
		Addr:     c.String("addr"),
		Bundled:  bundled,
		Host:     opts.Host,
		MaxBody:  c.Int64("max-body"),
		Deadline: c.Duration("deadline"),
		Logger:   logger(c).Named("serve"),
	})
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.Serve(ctx, nil); err != nil {
		return refused(err)
	}
	return nil
}
