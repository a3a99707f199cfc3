package items

import (
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

func TestRegisteredActionAndTag(t *testing.T) {
	RegisterAction("registry-test", func(p *Party, tg tag.Tag, turn Turn) record.Record {
		r := record.New("inventory")
		r.Add("action", "registry-test")
		r.AddInt("total", turn.Dice.Roll(6))
		return r
	})
	p := New(nil, nil)
	tg, err := tag.Parse(`[inventory: action="Registry-Test"]`)
	if err != nil {
		t.Fatal(err)
	}
	a := p.AnswerTurn(tg, Turn{Dice: dice.New(7, 1, 0)})
	b := p.AnswerTurn(tg, Turn{Dice: dice.New(7, 1, 0)})
	if a.Name != "inventory" || a.String() != b.String() {
		t.Fatalf("registered action: %v then %v", a, b)
	}
	if _, ok := TagAnswerer("REGISTRY-TAG"); ok {
		t.Fatal("unregistered tag answered")
	}
	RegisterTag("registry-tag", func(p *Party, tg tag.Tag, turn Turn) record.Record { return record.New("registry-tag") })
	if _, ok := TagAnswerer("Registry-Tag"); !ok {
		t.Fatal("registered tag not found, any case")
	}
	for _, name := range []string{"add", "registry-test"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("registering %q twice did not panic", name)
				}
			}()
			RegisterAction(name, nil)
		}()
	}
}
