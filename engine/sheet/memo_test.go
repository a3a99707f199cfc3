package sheet

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset/valueref"
)

// TestPlainCoversEveryField: Plain looks at every field of a Character
// but its ruleset and sheet; a new field must be added to it (and to
// engine/check's plan key) before this passes again.
func TestPlainCoversEveryField(t *testing.T) {
	var names []string
	ty := reflect.TypeOf(Character{})
	for i := range ty.NumField() {
		names = append(names, ty.Field(i).Name)
	}
	if got, want := strings.Join(names, ","), "RS,Sheet,Items,Scores,Pools"; got != want {
		t.Fatalf("Character's fields are %s, Plain knows %s", got, want)
	}
	c := &Character{}
	if !c.Plain() {
		t.Fatal("a bare character is not plain")
	}
	for _, f := range []func(*Character){
		func(c *Character) { c.Scores = map[string]int{} },
		func(c *Character) { c.Pools = map[string]int{} },
		func(c *Character) { c.Items = readerFunc(nil) },
	} {
		c := &Character{}
		f(c)
		if c.Plain() {
			t.Fatalf("%+v is plain", c)
		}
	}
}

type readerFunc func(*valueref.ItemStat) float64

func (f readerFunc) ItemStat(r *valueref.ItemStat) float64 { return f(r) }

// TestMemo: what is stored is what is read, from many goroutines (-race),
// and a copied sheet reads what the original kept.
func TestMemo(t *testing.T) {
	var s Sheet
	if s.Memo() != nil {
		t.Fatal("a new sheet remembers something")
	}
	done := make(chan bool)
	for i := range 4 {
		go func() {
			for j := range 100 {
				s.StoreMemo(i*1000 + j)
				_ = s.Memo()
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
	s.StoreMemo("kept")
	if s.Memo() != "kept" {
		t.Fatalf("memo %v", s.Memo())
	}
}
