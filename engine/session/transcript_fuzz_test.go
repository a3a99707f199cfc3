package session

import (
	"strings"
	"testing"
)

// FuzzTranscript: no transcript text panics the parser, and every entry
// it returns has a known kind and a positive line number.
func FuzzTranscript(f *testing.F) {
	f.Add("--- gm\nHello [skill_check: skill=\"Sneak\" dc=\"8\"]\n--- player\n[inventory: action=\"add\" item=\"Rope\"]\n--- regenerate\nAgain.\n")
	f.Add("# comment\n--- gm\n")
	f.Add("text before any header\n--- nonsense\n")
	f.Add("--- gm\r\n\r\n--- gm")
	f.Fuzz(func(t *testing.T, text string) {
		entries, err := ParseTranscript(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, e := range entries {
			switch e.Kind {
			case GMReply, PlayerAction, Regenerate:
			default:
				t.Fatalf("entry of unknown kind %q", e.Kind)
			}
			if e.Line < 1 {
				t.Fatalf("entry at line %d", e.Line)
			}
		}
	})
}
