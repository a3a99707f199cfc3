package check

import (
	"testing"

	"github.com/rulehost/rulehost/engine/tag"
)

// TestHostBuiltCheckReadsItsTag: a Check a host builds itself (no
// prepare) reads its tag through the exported methods, and reads the new
// one when the host gives it another tag.
func TestHostBuiltCheckReadsItsTag(t *testing.T) {
	c := &Check{Tag: tag.Tag{Name: "skill_check", Attrs: []tag.Attr{{Key: "DC", Value: "12"}, {Key: "mode", Value: "advantage"}}}}
	if n, ok := c.Int("dc"); !ok || n != 12 {
		t.Fatalf("Int(dc) = %d, %v; want 12", n, ok)
	}
	if m := c.Mode(); m != 1 {
		t.Fatalf("Mode() = %d; want 1", m)
	}
	c.Tag = tag.Tag{Name: "skill_check", Attrs: []tag.Attr{{Key: "mode", Value: "disadvantage"}}}
	if _, ok := c.Int("dc"); ok {
		t.Fatal("Int(dc) read the tag the Check had before")
	}
	if m := c.Mode(); m != -1 {
		t.Fatalf("Mode() = %d; want -1", m)
	}
	c.Tag = tag.Tag{Name: "skill_check"}
	if m := c.Mode(); m != 0 {
		t.Fatalf("Mode() on an empty tag = %d; want 0", m)
	}
	// A key that is not ASCII but folds to one the kinds read (U+017F
	// folds to s), read as Tag.Get reads it.
	c.Tag = tag.Tag{Name: "skill_check", Attrs: []tag.Attr{{Key: "ſkill", Value: "x"}, {Key: "dc", Value: "+7"}}}
	if n, ok := c.Int("dc"); !ok || n != 7 {
		t.Fatalf("Int(dc) = %d, %v; want 7", n, ok)
	}
	if v, ok := c.get(keySkill); !ok || v != "x" {
		t.Fatalf("get(skill) = %q, %v; want x as Tag.Get reads it", v, ok)
	}
}
