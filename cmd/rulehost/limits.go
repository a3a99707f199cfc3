package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/urfave/cli/v2"
)

// maxInputFlag raises (or lowers) the size limit of every JSON file the
// engine reads (rulesets, sheets, plugin cases, session files); transcripts
// may be eight times as large. The default is jsonin.DefaultMaxBytes.
func maxInputFlag() cli.Flag {
	return &cli.StringFlag{Name: "max-input", Value: "8MiB",
		Usage: "size limit of each JSON file read (`SIZE`: bytes, or with KiB, MiB or GiB); a larger file is refused unread"}
}

// applyLimits sets the input limits from the global flags, before any
// command reads a file.
func applyLimits(c *cli.Context) error {
	n, err := parseSize(c.String("max-input"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("rulehost: --max-input %s: %v", c.String("max-input"), err), exitMisuse)
	}
	jsonin.SetMaxBytes(n)
	return nil
}

// parseSize reads "1048576", "512KiB", "8MiB" or "1GiB" (KB, MB, GB and
// K, M, G are read as the same powers of two).
func parseSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix []string
		mult   int64
	}{{[]string{"GiB", "GB", "G"}, 1 << 30}, {[]string{"MiB", "MB", "M"}, 1 << 20}, {[]string{"KiB", "KB", "K"}, 1 << 10}} {
		for _, suf := range u.suffix {
			if rest, ok := strings.CutSuffix(s, suf); ok {
				s, mult = strings.TrimSpace(rest), u.mult
				goto num
			}
		}
	}
num:
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > (1<<40)/mult {
		return 0, fmt.Errorf("want a positive size such as 8MiB or 1048576")
	}
	return n * mult, nil
}
