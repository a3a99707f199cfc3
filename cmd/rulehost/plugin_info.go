package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/rulehost/rulehost/host/isolate"
	"github.com/rulehost/rulehost/host/plugin"
)

func init() {
	pluginSubcommands = append(pluginSubcommands, &cli.Command{
		Name:      "info",
		Usage:     "print what plugins provide: kinds, tags, formatters, record names and keys, config",
		ArgsUsage: "DIR...",
		Description: "Each DIR is a plugin folder (holding plugin.lua) or a folder of plugin folders.\n" +
			"Exit status 1 when a plugin does not load (the reason is printed).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object per plugin"},
			&cli.BoolFlag{Name: "isolate", Usage: isolateUsage},
		},
		Action: runPluginInfo,
	})
}

// pluginInfo is what `rulehost plugin info` prints of one plugin.
type pluginInfo struct {
	Name        string         `json:"name"`
	Version     string         `json:"version"`
	API         int            `json:"api"`
	Description string         `json:"description,omitempty"`
	Dir         string         `json:"dir"`
	Kinds       []kindInfo     `json:"kinds"`
	Tags        []string       `json:"tags"`
	Formatters  []string       `json:"formatters"`
	Records     []recordInfo   `json:"records"`
	Config      map[string]any `json:"config"`
}

type kindInfo struct {
	Name   string   `json:"name"`
	Keys   []string `json:"keys"`
	Locked []string `json:"locked"`
}

type recordInfo struct {
	Name string    `json:"name"`
	Doc  string    `json:"doc,omitempty"`
	Keys []keyInfo `json:"keys"`
}

type keyInfo struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Doc  string `json:"doc"`
}

func infoOf(dir string, m plugin.Manifest, config map[string]any) pluginInfo {
	in := pluginInfo{Name: m.Name, Version: m.Version, API: m.API, Description: m.Description, Dir: dir,
		Kinds: []kindInfo{}, Tags: nonNil(m.Tags), Formatters: nonNil(m.Formatters), Records: []recordInfo{}, Config: config}
	if in.Config == nil {
		in.Config = map[string]any{}
	}
	for _, k := range m.Kinds {
		in.Kinds = append(in.Kinds, kindInfo{Name: k.Name, Keys: nonNil(k.Keys), Locked: nonNil(k.Locked)})
	}
	for _, r := range m.Records {
		ri := recordInfo{Name: r.Name, Doc: r.Doc, Keys: []keyInfo{}}
		for _, k := range r.Keys {
			ri.Keys = append(ri.Keys, keyInfo{Name: k.Name, Type: k.Type.String(), Doc: k.Doc})
		}
		in.Records = append(in.Records, ri)
	}
	return in
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func runPluginInfo(c *cli.Context) error {
	if c.NArg() == 0 {
		return misuse(c, "name at least one plugin folder")
	}
	infos, errs, err := loadInfos(c)
	if err != nil {
		return refused(err)
	}
	w := c.App.Writer
	for _, in := range infos {
		if c.Bool("json") {
			b, err := json.Marshal(in)
			if err != nil {
				return err
			}
			fmt.Fprintln(w, string(b))
			continue
		}
		printInfo(w, in)
	}
	for _, err := range errs {
		fmt.Fprintf(c.App.ErrWriter, "%s\n", oneLine(err.Error()))
	}
	if len(errs) > 0 {
		return cli.Exit("", exitRefused)
	}
	return nil
}

// loadInfos loads the plugins under the command's folders (with
// --isolate, in a worker, so their plugin.lua never runs here) and
// describes each.
func loadInfos(c *cli.Context) ([]pluginInfo, []error, error) {
	popts := plugin.Options{Logger: logger(c).Named("plugins"), Deadline: callDeadline}
	var out []pluginInfo
	if iso := isolateOptions(c); iso != nil {
		cl, errs, err := isolate.Start(c.Args().Slice(), popts, *iso)
		if err != nil {
			return nil, nil, err
		}
		defer cl.Close()
		for _, p := range cl.Plugins() {
			out = append(out, infoOf(p.Dir, p.Manifest, p.Config))
		}
		return out, errs, nil
	}
	set, errs := plugin.LoadDirs(c.Args().Slice(), popts)
	defer set.Close()
	for _, p := range set.Plugins {
		out = append(out, infoOf(p.Dir, p.Manifest, p.Config))
	}
	return out, errs, nil
}

func printInfo(w io.Writer, in pluginInfo) {
	fmt.Fprintf(w, "plugin %s %s (api %d) in %s\n", in.Name, in.Version, in.API, in.Dir)
	if in.Description != "" {
		fmt.Fprintf(w, "  %s\n", in.Description)
	}
	list := func(s []string) string {
		if len(s) == 0 {
			return "none"
		}
		return strings.Join(s, ", ")
	}
	fmt.Fprintf(w, "kinds:")
	if len(in.Kinds) == 0 {
		fmt.Fprintf(w, " none")
	}
	fmt.Fprintln(w)
	for _, k := range in.Kinds {
		fmt.Fprintf(w, "  %s (resolution keys: %s; locked: %s)\n", k.Name, list(k.Keys), list(k.Locked))
	}
	fmt.Fprintf(w, "tags: %s\nformatters: %s\nrecords:", list(in.Tags), list(in.Formatters))
	if len(in.Records) == 0 {
		fmt.Fprintf(w, " none")
	}
	fmt.Fprintln(w)
	for _, r := range in.Records {
		if r.Name == "check" {
			fmt.Fprintf(w, "  check (keys on the checks of this plugin's kinds)\n")
		} else {
			fmt.Fprintf(w, "  %s: %s\n", r.Name, r.Doc)
		}
		for _, k := range r.Keys {
			fmt.Fprintf(w, "    %s (%s): %s\n", k.Name, k.Type, k.Doc)
		}
	}
	fmt.Fprintf(w, "config:")
	if len(in.Config) == 0 {
		fmt.Fprintf(w, " none")
	}
	fmt.Fprintln(w)
	names := make([]string, 0, len(in.Config))
	for k := range in.Config {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		b, _ := json.Marshal(in.Config[k])
		fmt.Fprintf(w, "  %s = %s\n", k, b)
	}
}
