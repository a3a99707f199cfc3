package mcp_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/mcp"
)

// TestToolsPromptTeachesNoTags: on every bundled ruleset the gm_tools
// prompt shows no bracket tag of a tool: each is written as its call, and
// each tag named in prose as a call of that tool; the gm prompt still
// teaches tags.
func TestToolsPromptTeachesNoTags(t *testing.T) {
	tagRE := regexp.MustCompile(`\[(skill_check|roll_dice|inventory|loot|place|fight|sheet|opposed_check):`)
	for _, dir := range bundled(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			table := openBundled(t, dir)
			text, err := table.Prompt(mcp.PromptOptions{Tools: true})
			if err != nil {
				t.Fatal(err)
			}
			if m := tagRE.FindString(text); m != "" {
				i := strings.Index(text, m)
				t.Errorf("the tools prompt shows a tag: ...%s...", text[max(0, i-80):min(len(text), i+120)])
			}
			if !strings.Contains(text, `skill_check {"`) {
				t.Errorf("the tools prompt shows no call")
			}
			plain, _ := table.Prompt(mcp.PromptOptions{})
			if !strings.Contains(plain, "[skill_check: ") {
				t.Errorf("the gm prompt shows no tag")
			}
		})
	}
}
