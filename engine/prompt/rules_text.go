package prompt

import (
	"fmt"
	"strings"
)

// rulesText is the rules section's built-in text.
func rulesText(d *RulesData) string {
	var b strings.Builder
	fmt.Fprintf(&b, "RULES (%s)\n", d.Ruleset)
	b.WriteString("Ask for a check with a [skill_check: ...] tag. The engine rolls every die and answers the tag with a record; " +
		"never write a roll, a total or a result yourself (results you write are ignored). Write the tag, then narrate what the record says.\n")
	b.WriteString("What to roll (exactly one, by label):\n")
	for _, t := range d.Targets {
		fmt.Fprintf(&b, "- %s=: %s\n", t.Attr, strings.Join(t.Labels, ", "))
	}
	b.WriteString("Attributes:\n")
	for _, a := range d.Attributes {
		fmt.Fprintf(&b, "- %s=: %s\n", a.Name, a.Meaning)
	}
	if len(d.Ladder) > 0 {
		b.WriteString("Difficulty ladder (difficulty=):\n")
		for _, r := range d.Ladder {
			b.WriteString("- " + r.Label)
			switch {
			case r.Successes > 0:
				b.WriteString(" (" + plural(r.Successes, "success", "successes") + ")")
			case r.DC != 0:
				fmt.Fprintf(&b, " (dc %d)", r.DC)
			}
			if r.Text != "" {
				b.WriteString(": " + r.Text)
			}
			b.WriteString("\n")
		}
	}
	if len(d.Spends) > 0 {
		b.WriteString("Spends (spend=, on the check itself, only what the player announced):\n")
		for _, s := range d.Spends {
			fmt.Fprintf(&b, "- %s (%s): %s buy %s\n", s.Label, s.Pool, plural(s.Amount, "point", "points"), s.Buys)
		}
	}
	if len(d.Charms) > 0 {
		b.WriteString("Charms (use=):\n")
		for _, c := range d.Charms {
			fmt.Fprintf(&b, "- %s (%s)\n", c.Label, strings.Join(c.Who, ", "))
		}
	}
	for _, o := range d.Overrides {
		fmt.Fprintf(&b, "%s rolls differently (%s)", o.Label, strings.Join(o.Applies, ", "))
		if o.Text != "" {
			b.WriteString(": " + o.Text)
		}
		b.WriteString("\n")
	}
	for _, n := range d.Notes {
		b.WriteString(n + "\n")
	}
	if len(d.Bands) > 0 {
		b.WriteString("Outcome bands: the record names the band with outcome=\"...\"; narrate the band it names, as its line says:\n")
		for _, band := range d.Bands {
			b.WriteString("- " + band.Label)
			if band.Text != "" {
				b.WriteString(": " + band.Text)
			}
			b.WriteString("\n")
		}
	}
	pluginTagsText(&b, d.Tags)
	if len(d.Examples) > 0 {
		b.WriteString("Examples:\n")
		for _, e := range d.Examples {
			b.WriteString(e + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
