package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// Shell completion scripts. Bash and zsh ask the binary itself for the
// words that fit (urfave/cli's --generate-bash-completion), so they stay
// current as commands and flags change; fish gets a static script
// generated from the same command tree.
const bashCompletion = `# rulehost bash completion: source this file, or put it in /etc/bash_completion.d/
_rulehost_complete() {
  local cur opts
  COMPREPLY=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  if [[ "$cur" == "-"* ]]; then
    opts=$("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:$COMP_CWORD-1}" "$cur" --generate-bash-completion 2>/dev/null)
  else
    opts=$("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:$COMP_CWORD-1}" --generate-bash-completion 2>/dev/null)
  fi
  if [[ -z "$opts" ]]; then
    COMPREPLY=($(compgen -f -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  fi
  return 0
}
complete -o default -F _rulehost_complete rulehost
`

const zshCompletion = `#compdef rulehost
# rulehost zsh completion: put this file on your $fpath as _rulehost
_rulehost() {
  local -a opts
  local cur=${words[-1]}
  if [[ "$cur" == "-"* ]]; then
    opts=("${(@f)$(${words[1]} ${words[@]:1:#words[@]-2} ${cur} --generate-bash-completion 2>/dev/null)}")
  else
    opts=("${(@f)$(${words[1]} ${words[@]:1:#words[@]-2} --generate-bash-completion 2>/dev/null)}")
  fi
  if [[ "${opts[1]}" != "" ]]; then
    _describe 'values' opts
  else
    _files
  fi
}
compdef _rulehost rulehost
`

// fishFromServer, set in the light build, hands `completion fish` to
// rulehost-server, whose command tree has the server commands' flags (the
// light build knows only their names); it returns only when there is no
// server, and the light build's own tree is printed then.
var fishFromServer func()

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "completion",
			Usage:     "print a shell completion script for bash, zsh or fish",
			ArgsUsage: "bash|zsh|fish",
			Description: "Load it in your shell, for example:\n" +
				"  bash:  source <(rulehost completion bash)\n" +
				"  zsh:   rulehost completion zsh > \"${fpath[1]}/_rulehost\"\n" +
				"  fish:  rulehost completion fish > ~/.config/fish/completions/rulehost.fish",
			Action: func(c *cli.Context) error {
				if c.NArg() != 1 {
					return misuse(c, "name one shell: bash, zsh or fish")
				}
				switch c.Args().First() {
				case "bash":
					fmt.Fprint(c.App.Writer, bashCompletion)
				case "zsh":
					fmt.Fprint(c.App.Writer, zshCompletion)
				case "fish":
					if fishFromServer != nil {
						fishFromServer() // returns only when there is no server to ask
					}
					script, err := c.App.ToFishCompletion()
					if err != nil {
						return err
					}
					fmt.Fprint(c.App.Writer, script)
				default:
					return misuse(c, "no completion for %q; want bash, zsh or fish", c.Args().First())
				}
				return nil
			},
		}
	})
}
