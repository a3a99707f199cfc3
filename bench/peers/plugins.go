package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// pluginGoals are issue 31's bounds on each plugin pair's ratio (plugin
// time over native time), by the pair's name.
var pluginGoals = map[string]float64{
	refSumName:  10,
	opposedName: 5,
}

const (
	refSumName  = "reference-sum vs native dice-sum"
	opposedName = "opposed-pool vs two native pools"
)

// pluginPairs are the plugin kinds and tags against the native work they
// stand for, in the same harness (issue 31: reference-sum within 10x
// native dice-sum, opposed-pool within 5x its two native pool checks).
// Both sides go from tag text to record text the way a host writes it
// first (tag.Parse, check.Resolve, String), as host/speed_bench_test.go
// does, so the ratio is the plugin call's cost over the same check's.
// In each pair "rulehost" is the plugin and "peer" the native work.
func pluginPairs(root string) ([]pair, func(), error) {
	h, errs := host.Load([]string{filepath.Join(root, "plugins")}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		return nil, nil, fmt.Errorf("plugins: %v", errs)
	}
	load := func(dir, kind string, opts ruleset.Options) (*ruleset.Ruleset, error) {
		file := filepath.Join(root, "rulesets", dir, "ruleset.json")
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		if kind != "" {
			var raw map[string]any
			if err := json.Unmarshal(data, &raw); err != nil {
				return nil, err
			}
			raw["resolution"].(map[string]any)["kind"] = kind
			if data, err = json.Marshal(raw); err != nil {
				return nil, err
			}
		}
		return ruleset.Load(file, data, opts)
	}
	char := func(rs *ruleset.Ruleset, dir, name string) (*sheet.Character, error) {
		sh, err := sheet.LoadFile(filepath.Join(root, "rulesets", dir, "sheets", name), rs)
		if err != nil {
			return nil, err
		}
		return sheet.New(rs, sh), nil
	}
	native5e, err := load("d20-5e", "", ruleset.Options{})
	if err != nil {
		return nil, nil, err
	}
	ref5e, err := load("d20-5e", "reference-sum", h.RulesetOptions())
	if err != nil {
		return nil, nil, err
	}
	grave, err := load("gravewatch", "", h.RulesetOptions())
	if err != nil {
		return nil, nil, err
	}
	adaN, err := char(native5e, "d20-5e", "ada.json")
	if err != nil {
		return nil, nil, err
	}
	adaR, err := char(ref5e, "d20-5e", "ada.json")
	if err != nil {
		return nil, nil, err
	}
	bram, err := char(grave, "gravewatch", "bram.json")
	if err != nil {
		return nil, nil, err
	}
	maud, err := char(grave, "gravewatch", "maud.json")
	if err != nil {
		return nil, nil, err
	}
	stream := &dice.Seeded{}
	const sumTag = `[skill_check: skill="Athletics" dc="15" mode="advantage"]`
	simple := func(env *check.Env, text string) func(int) int {
		return func(i int) int {
			stream.Reset(uint64(i), 1, 0)
			t, err := tag.Parse(text)
			if err != nil {
				panic(err)
			}
			r := check.Resolve(env, t).Record
			if r.Name != "check" {
				panic("not a check: " + r.String())
			}
			return len(r.String())
		}
	}
	bramEnv := &check.Env{RS: grave, Char: bram, Dice: stream}
	maudEnv := &check.Env{RS: grave, Char: maud, Dice: stream}
	ward := simple(bramEnv, `[skill_check: skill="Ward"]`)
	wardMaud := simple(maudEnv, `[skill_check: skill="Ward"]`)
	opposedText := `[opposed_check: skill="Ward" who="Bram the Quiet" vs="Maud Hollin" vsSkill="Ward"]`
	chars := []*sheet.Character{bram, maud}
	ctx := context.Background()
	opposed := func(i int) int {
		stream.Reset(uint64(i), 1, 0)
		t, err := tag.Parse(opposedText)
		if err != nil {
			panic(err)
		}
		r, ok := h.Answer(ctx, plugin.TagEnv{RS: grave, Characters: chars, Dice: stream}, t)
		if !ok || r.Name != "opposed" {
			panic("not an opposed roll: " + r.String())
		}
		return len(r.String())
	}
	return []pair{
		{refSumName, simple(&check.Env{RS: ref5e, Char: adaR, Dice: stream, Kinds: h.Resolvers}, sumTag),
			simple(&check.Env{RS: native5e, Char: adaN, Dice: stream}, sumTag)},
		{opposedName, opposed, func(i int) int { return ward(i) + wardMaud(i) }},
	}, h.Close, nil
}
