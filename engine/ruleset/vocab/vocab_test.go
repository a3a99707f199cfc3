package vocab

import (
	"strings"
	"testing"
)

// TestVocabularyWellFormed checks every key's type grammar, its reference
// to another section and its one line of meaning.
func TestVocabularyWellFormed(t *testing.T) {
	titles := map[string]bool{}
	for _, s := range vocabulary() {
		if titles[s.Title] {
			t.Errorf("section %s: title %q twice (the page's anchors must differ)", s.ID, s.Title)
		}
		titles[s.Title] = true
		if s.Title == "" || s.Meaning == "" {
			t.Errorf("section %s: needs a title and a meaning", s.ID)
		}
		seen := map[string]bool{}
		for _, key := range s.Keys {
			if seen[key.Name] {
				t.Errorf("section %s: key %s twice", s.ID, key.Name)
			}
			seen[key.Name] = true
			if key.Meaning == "" || strings.Contains(key.Meaning, "\n") {
				t.Errorf("section %s: key %s needs one line of meaning", s.ID, key.Name)
			}
			if err := checkVocabType(key.Type); err != "" {
				t.Errorf("section %s: key %s: type %q: %s", s.ID, key.Name, key.Type, err)
			}
		}
	}
}

func checkVocabType(typ string) string {
	if alts := TypeAlternatives(typ); len(alts) > 1 {
		for _, a := range alts {
			if err := checkVocabType(a); err != "" {
				return err
			}
		}
		return ""
	}
	switch {
	case typ == "string", typ == "integer", typ == "number", typ == "boolean", typ == "any", typ == "object":
		return ""
	case strings.HasPrefix(typ, "enum:"):
		if strings.TrimPrefix(typ, "enum:") == "" {
			return "an enum without values"
		}
		return ""
	case strings.HasPrefix(typ, "object:"):
		if _, ok := SectionByID(strings.TrimPrefix(typ, "object:")); !ok {
			return "no such section"
		}
		return ""
	case strings.HasPrefix(typ, "array:"):
		return checkVocabType(strings.TrimPrefix(typ, "array:"))
	case strings.HasPrefix(typ, "map:"):
		return checkVocabType(strings.TrimPrefix(typ, "map:"))
	}
	return "unknown type"
}
