package check_test

import (
	"fmt"
	"slices"
	"syscall"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

func cpuNow() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func TestZParts(t *testing.T) {
	rs, ch := loadPair(t, "d20-5e", "ada.json")
	grs, _ := ruleset.LoadFile("../../rulesets/gravewatch/ruleset.json", ruleset.Options{})
	gs, _ := sheet.Load("u.json", []byte(`{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`), grs)
	stream := &dice.Seeded{}
	env := &check.Env{RS: rs, Char: ch, Dice: stream}
	genv := &check.Env{RS: grs, Char: sheet.New(grs, gs), Dice: stream}
	const t5e = `[skill_check: skill="Athletics" dc="15" mode="advantage"]`
	const tpool = `[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`
	pt, _ := tag.Parse(t5e)
	gt, _ := tag.Parse(tpool)
	var k check.Checker
	r := check.Resolve(env, pt).Record
	gr := check.Resolve(genv, gt).Record
	var tt tag.Tag
	var out []byte
	i := 0
	parts := []struct {
		name string
		f    func()
	}{
		{"parse5e", func() { tag.ParseInto(&tt, t5e) }},
		{"parsePool", func() { tag.ParseInto(&tt, tpool) }},
		{"reset", func() { i++; stream.Reset(uint64(i), 0, 0) }},
		{"resolve5e", func() { i++; stream.Reset(uint64(i), 0, 0); k.Resolve(env, pt) }},
		{"resolvePool", func() { i++; stream.Reset(uint64(i), 0, 0); k.Resolve(genv, gt) }},
		{"append5e", func() { out = r.Append(out[:0]) }},
		{"appendPool", func() { out = gr.Append(out[:0]) }},
	}
	res := map[string][]float64{}
	for round := 0; round < 9; round++ {
		for _, p := range parts {
			const n = 20000
			s := cpuNow()
			for j := 0; j < n; j++ {
				p.f()
			}
			res[p.name] = append(res[p.name], float64(cpuNow()-s)/n)
		}
	}
	for _, p := range parts {
		v := res[p.name]
		slices.Sort(v)
		fmt.Printf("%-12s %7.0f ns\n", p.name, v[len(v)/2])
	}
}

func BenchmarkZResolve5e(b *testing.B) {
	rs, ch := loadPair(b, "d20-5e", "ada.json")
	stream := &dice.Seeded{}
	env := &check.Env{RS: rs, Char: ch, Dice: stream}
	t, _ := tag.Parse(`[skill_check: skill="Athletics" dc="15" mode="advantage"]`)
	var k check.Checker
	for i := 0; b.Loop(); i++ {
		stream.Reset(uint64(i), 0, 0)
		k.Resolve(env, t)
	}
}

func BenchmarkZResolvePool(b *testing.B) {
	grs, _ := ruleset.LoadFile("../../rulesets/gravewatch/ruleset.json", ruleset.Options{})
	gs, _ := sheet.Load("u.json", []byte(`{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`), grs)
	stream := &dice.Seeded{}
	genv := &check.Env{RS: grs, Char: sheet.New(grs, gs), Dice: stream}
	t, _ := tag.Parse(`[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`)
	var k check.Checker
	for i := 0; b.Loop(); i++ {
		stream.Reset(uint64(i), 0, 0)
		k.Resolve(genv, t)
	}
}
