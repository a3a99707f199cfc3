//go:build rulehost_light

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

	"github.com/urfave/cli/v2"

	// The light binary's one-shot commands grow their main goroutine's
	// stack once, while it is shallow (docs/performance.md).
	_ "github.com/rulehost/rulehost/internal/mainstack"
)

// serverHelpTemplate marks a server command's help: the light build's
// help printer hands `rulehost help serve` to rulehost-server too, whose
// help is the real one (flags and all).
const serverHelpTemplate = "rulehost-server help\n"

// serverCommands are the commands the light build runs through
// rulehost-server.
var serverCommands = []commandInfo{loadInfo, mcpInfo, serveInfo, toolsInfo}

func init() {
	for _, info := range serverCommands {
		commands = append(commands, func() *cli.Command {
			return &cli.Command{
				Name:  info.Name,
				Usage: info.Usage,
				// Every argument, --help included, is the server's to read.
				SkipFlagParsing:    true,
				HideHelp:           true,
				CustomHelpTemplate: serverHelpTemplate,
				Action:             func(*cli.Context) error { return execServer() },
				BashComplete:       func(c *cli.Context) { failExec(c.App.ErrWriter, execServer()) },
			}
		})
	}
	fishFromServer = func() {
		if _, err := findServer(); err == nil {
			failExec(os.Stderr, execServer())
		}
	}
	printer := cli.HelpPrinter
	cli.HelpPrinter = func(w io.Writer, templ string, data any) {
		if templ == serverHelpTemplate {
			failExec(os.Stderr, execServer())
		}
		printer(w, templ, data)
	}
}

// execServer replaces this process with rulehost-server, given this
// process's own arguments: its signals, exit status, stdin and stdout
// (the JSON-RPC stream of `mcp`) stay the command's own. It returns only
// when the server cannot be started.
func execServer() error {
	path, err := findServer()
	if err != nil {
		return cli.Exit(err.Error(), exitRefused)
	}
	env := append(os.Environ(), execedEnv+"=1")
	err = syscall.Exec(path, append([]string{path}, os.Args[1:]...), env)
	return cli.Exit(fmt.Sprintf("rulehost: cannot start %s: %v", path, err), exitRefused)
}

// failExec reports a server that could not be started where no error can
// be returned (help and completion printers) and ends the process.
func failExec(w io.Writer, err error) {
	fmt.Fprintln(w, err)
	os.Exit(exitRefused)
}

// findServer is rulehost-server beside this binary, else on PATH.
func findServer() (string, error) {
	if os.Getenv(execedEnv) != "" {
		self, _ := os.Executable()
		return "", fmt.Errorf("rulehost: %s (%s) is a light build itself, not the full binary: build it with `make build`, or `go build -o %s ./cmd/rulehost` (without the rulehost_light tag)", serverBinary, self, self)
	}
	var beside string
	if self, err := os.Executable(); err == nil {
		beside = filepath.Join(filepath.Dir(self), serverBinary)
		if st, err := os.Stat(beside); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return beside, nil
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("rulehost: %s: %v", beside, err)
		}
	}
	if p, err := exec.LookPath(serverBinary); err == nil {
		return filepath.Abs(p)
	}
	dir := filepath.Dir(beside)
	if beside == "" {
		dir = "DIR"
	}
	return "", fmt.Errorf("rulehost: this command runs in %s, the full rulehost binary, found neither beside this one (%s) nor on PATH: build both with `make build`, or the server alone with `go build -o %s ./cmd/rulehost`",
		serverBinary, filepath.Join(dir, serverBinary), filepath.Join(dir, serverBinary))
}
