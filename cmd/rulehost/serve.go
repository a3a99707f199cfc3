//go:build !rulehost_light

package main

import (
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/rulehost/rulehost/service/apikey"
	"github.com/rulehost/rulehost/service/serve"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:  serveInfo.Name,
			Usage: serveInfo.Usage,
			Description: "Listens on --addr (loopback by default) until interrupted, then finishes the\n" +
				"requests in flight and exits. The API is described by /v1/openapi.json; /healthz\n" +
				"answers when the service is up, /readyz when its session store answers, and\n" +
				"/metrics exports Prometheus metrics (behind the keys, unless --public-metrics).\nPlugins load once at start (plugins/ when\n" +
				"present, and --plugins DIR). Bodies must be application/json; browser pages of\n" +
				"other origins are refused unless --cors-origin allows them. With --keys FILE (or\n" +
				"RULEHOST_API_KEYS) every API route wants Authorization: Bearer KEY and each key\n" +
				"sees only its own sessions; a non-loopback --addr needs keys or --insecure.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "addr", Value: serve.DefaultAddr, Usage: "listen on `HOST:PORT`"},
				&cli.StringFlag{Name: "bundled", Value: "rulesets", Usage: "folder of bundled rulesets a request may name (`DIR`/NAME/ruleset.json, DIR/NAME/sheets/*.json)"},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable); plugins/ is loaded when present"},
				&cli.Int64Flag{Name: "max-body", Value: serve.DefaultMaxBody, Usage: "largest request body in `BYTES`"},
				&cli.DurationFlag{Name: "deadline", Value: serve.DefaultDeadline, Usage: "longest a request may work"},
				&cli.StringFlag{Name: "sessions", Value: "sessions", Usage: "keep sessions in the embedded store under `DIR` (one folder per session)"},
				&cli.StringFlag{Name: "postgres", Usage: "keep sessions in PostgreSQL at `URL` instead (postgres://user@host:port/db)"},
				&cli.IntFlag{Name: "isolate-workers", Usage: "with --isolate, run plugin calls in `N` worker processes at once (default: GOMAXPROCS); no plugin may hold them all"},
				&cli.StringFlag{Name: "keys", Usage: "admit only the API keys of `FILE` (made with `serve keys add`; re-read when it changes); " + apikey.EnvVar + " may hold keys too"},
				&cli.StringSliceFlag{Name: "cors-origin", Usage: "let pages of `ORIGIN` (https://app.example) call the service from a browser (repeatable)"},
				&cli.Float64Flag{Name: "rate-limit", Usage: "at most `N` requests a second per API key (per client address without keys); 0: no limit"},
				&cli.IntFlag{Name: "rate-burst", Usage: "bursts of up to `N` requests over --rate-limit (the limit rounded up by default)"},
				&cli.BoolFlag{Name: "public-metrics", Usage: "serve /metrics without an API key even when the service has keys (a scraper that sends none)"},
				&cli.IntFlag{Name: "max-streams", Value: serve.DefaultMaxStreams, Usage: "at most `N` event streams open at once in this process (429 too-many-streams past it)"},
				&cli.IntFlag{Name: "max-streams-per-key", Value: serve.DefaultMaxStreamsPerKey, Usage: "at most `N` event streams open at once for one API key"},
				&cli.DurationFlag{Name: "idle-expiry", Usage: "delete sessions not appended to for `DURATION` (e.g. 720h); 0: keep them"},
				&cli.BoolFlag{Name: "insecure", Usage: "listen on a non-loopback address without API keys (anyone who reaches it may use every session)"},
			},
			Subcommands: []*cli.Command{keysCommand(), upgradeCommand()},
			Action:      runServe,
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
	for _, f := range []string{"max-streams", "max-streams-per-key"} {
		if n := c.Int(f); n < 1 || n > 1_000_000 {
			return misuse(c, "--%s %d: give 1 to 1000000 streams", f, n)
		}
	}
	bundled, opts, err := servePlugins(c)
	if err != nil {
		return err
	}
	keys, err := apikey.Open(c.String("keys"), os.Getenv(apikey.EnvVar))
	if err != nil {
		return misuse(c, "%v", err)
	}
	if keys.Empty() && !c.Bool("insecure") && !loopback(c.String("addr")) {
		return misuse(c, "--addr %s is not a loopback address and the service has no API keys: give --keys FILE (rulehost serve keys add NAME) or %s, or --insecure to serve everyone", c.String("addr"), apikey.EnvVar)
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

		Keys:        keys,
		CORSOrigins: c.StringSlice("cors-origin"),
		RateLimit:   c.Float64("rate-limit"),
		RateBurst:   c.Int("rate-burst"),
		IdleExpiry:  c.Duration("idle-expiry"),

		PublicMetrics:    c.Bool("public-metrics"),
		MaxStreams:       c.Int("max-streams"),
		MaxStreamsPerKey: c.Int("max-streams-per-key"),
	})
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.Serve(ctx, nil); err != nil {
		return refused(err)
	}
	return nil
}

// servePlugins are the --bundled folder ("" when the default is absent)
// and the one plugin set that serves every request: the plugin path of the
// bundled rulesets (each one's plugins/ folder, and the plugins they
// declare from the folders above) around --plugins, RULEHOST_PLUGINS and
// ./plugins.
func servePlugins(c *cli.Context) (string, loadOptions, error) {
	bundled := c.String("bundled")
	if st, err := os.Stat(bundled); err != nil || !st.IsDir() {
		if c.IsSet("bundled") {
			return "", loadOptions{}, misuse(c, "--bundled %s: not a folder", bundled)
		}
		bundled = ""
	}
	var files []string
	if bundled != "" {
		files, _ = filepath.Glob(filepath.Join(bundled, "*", "ruleset.json"))
	}
	opts, err := rulesetPluginOptions(c, files...)
	return bundled, opts, err
}

// upgradeCommand is `serve upgrade`: every stored session re-answered by
// this rulehost and the plugins the service would load, at once.
func upgradeCommand() *cli.Command {
	return &cli.Command{
		Name:  "upgrade",
		Usage: "re-answer every stored session under this rulehost and these plugins (after a deployment changed either)",
		Description: "A service refuses a stored session that another answering version or other plugins answered\n" +
			"(409 answered-by-another-version or plugins-changed) until it is upgraded. This upgrades every\n" +
			"session of the store, of every owner, as POST /v1/sessions/{id}/upgrade does one: it folds the\n" +
			"whole log with the plugins `serve` would load from the same flags, then records this version and\n" +
			"those plugins. Give it the store and plugin flags the service runs with; run it while no older\n" +
			"server still answers the store. One line per session; exit status 1 when any was refused.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "sessions", Value: "sessions", Usage: "the embedded store under `DIR`"},
			&cli.StringFlag{Name: "postgres", Usage: "the PostgreSQL store at `URL` instead"},
			&cli.StringFlag{Name: "bundled", Value: "rulesets", Usage: "the bundled rulesets' `DIR`, as serve's (their plugins are on the path)"},
			&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable), as serve's"},
		},
		Action: upgradeStored,
	}
}

func upgradeStored(c *cli.Context) error {
	if c.NArg() != 0 {
		return misuse(c, "serve upgrade takes no arguments")
	}
	bundled, opts, err := servePlugins(c)
	if err != nil {
		return err
	}
	store, err := sessionStore(c)
	if err != nil {
		return err
	}
	defer store.Close()
	srv := serve.New(serve.Options{Store: store, Bundled: bundled, Host: opts.Host, Logger: logger(c).Named("serve")})
	w := c.App.Writer
	refusedN, upgraded, total := 0, 0, 0
	err = srv.UpgradeAll(c.Context, func(id string, res serve.UpgradeResult, err error) {
		total++
		switch {
		case err != nil:
			refusedN++
			fmt.Fprintf(w, "%s: refused: %v\n", id, err)
		case !res.Upgraded:
			fmt.Fprintf(w, "%s: answered by this rulehost and these plugins already\n", id)
		default:
			upgraded++
			fmt.Fprintf(w, "%s: upgraded (%d replies, %d records re-answered): %s\n", id, res.Replies, res.Records, strings.Join(res.Changes, "; "))
		}
	})
	if err != nil {
		return refused(err)
	}
	fmt.Fprintf(w, "%d sessions: %d upgraded, %d already current, %d refused\n", total, upgraded, total-upgraded-refusedN, refusedN)
	if refusedN > 0 {
		return cli.Exit("", exitRefused)
	}
	return nil
}

// loopback: the address listens on this machine only (127.0.0.0/8, ::1,
// localhost). An empty host (":8080") is every address, not loopback.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// keysCommand is `rulehost serve keys add|list|revoke`.
func keysCommand() *cli.Command {
	file := &cli.StringFlag{Name: "keys", Value: "keys.txt", Usage: "the keys `FILE` (hashes only; created when missing)"}
	return &cli.Command{
		Name:  "keys",
		Usage: "manage the API keys of a keys file (serve --keys FILE)",
		Subcommands: []*cli.Command{
			{
				Name: "add", Usage: "make a key, store its hash and print the key (the only time it is shown)", ArgsUsage: "NAME",
				Flags: []cli.Flag{file},
				Action: func(c *cli.Context) error {
					if c.NArg() != 1 {
						return misuse(c, "give the new key's name")
					}
					token, err := apikey.Add(c.String("keys"), c.Args().First(), time.Now())
					if err != nil {
						return refused(err)
					}
					fmt.Fprintln(c.App.Writer, token)
					return nil
				},
			},
			{
				Name: "list", Usage: "list the keys: name, owner id (stored with the sessions it creates), created",
				Flags: []cli.Flag{file},
				Action: func(c *cli.Context) error {
					if c.NArg() != 0 {
						return misuse(c, "list takes no arguments")
					}
					keys, err := apikey.ReadFile(c.String("keys"))
					if err != nil {
						return refused(err)
					}
					for _, k := range keys {
						fmt.Fprintf(c.App.Writer, "%s\t%s\t%s\n", k.Name, k.Owner(), k.Created.Format(time.RFC3339))
					}
					return nil
				},
			},
			{
				Name: "revoke", Usage: "remove a key (a running service stops taking it within a second)", ArgsUsage: "NAME",
				Flags: []cli.Flag{file},
				Action: func(c *cli.Context) error {
					if c.NArg() != 1 {
						return misuse(c, "give the name of the key to revoke")
					}
					if err := apikey.Revoke(c.String("keys"), c.Args().First()); err != nil {
						return refused(err)
					}
					return nil
				},
			},
		},
	}
}
