package suite

import (
	"encoding/json"
	"math"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
)

// check reads one entry of "checks". A glob "ruleset" makes one case per
// match, named NAME/<the match's part of the path>.
func (r *reader) check(o validate.Obj) {
	o.Known(checkKeys...)
	base := &Case{Kind: KindCheck}
	if !r.common(o, base) {
		return
	}
	t, hasTag := requiredTag(o)
	seeds := r.seeds(o)
	var exp *Expect
	if o.Has("expect") {
		exp = r.expect(o)
	}
	refs, stems, ok := r.rulesetRef(o, true)
	sheets := r.sheetList(o)
	if !ok || !hasTag {
		return
	}
	for i, ref := range refs {
		c := *base
		c.Name = expandedName(base.Name, stems[i])
		if !r.claim(c.Kind, c.Name, o.At) {
			continue
		}
		spec := &CheckSpec{Ruleset: ref, Sheets: sheets, Tag: t, Seeds: seeds, Expect: exp}
		// A case with properties only has no golden, unless it names one.
		if exp == nil || o.Has("golden") {
			g, ok := r.golden(o, c.Name)
			if !ok {
				continue
			}
			spec.Golden = g
		}
		c.Check = spec
		r.appendCase(&c)
	}
}

// seeds reads "seeds": a list of seeds or {"from": N, "count": M}; the
// default is the one seed 1.
func (r *reader) seeds(o validate.Obj) []uint64 {
	v, ok := o.M["seeds"]
	if !ok {
		return []uint64{1}
	}
	ptr := o.Ptr("seeds")
	switch sv := v.(type) {
	case []any:
		if len(sv) == 0 || len(sv) > maxSeeds {
			r.p.Addf(ptr, "has %d seeds; allowed 1 to %d", len(sv), maxSeeds)
			return nil
		}
		out := make([]uint64, 0, len(sv))
		for i, e := range sv {
			if s, ok := seedAt(r.p, validate.Ptr(ptr, i), e); ok {
				out = append(out, s)
			}
		}
		return out
	case map[string]any:
		so, _ := validate.AsObj(r.p, ptr, v)
		so.Known(seedRangeKeys...)
		if !so.Require(seedRangeKeys...) {
			return nil
		}
		from, ok1 := seedAt(r.p, so.Ptr("from"), so.M["from"])
		count, ok2 := so.Int("count", 1, maxSeeds, 0)
		if !ok1 || !ok2 {
			return nil
		}
		if from > math.MaxUint64-uint64(count) {
			so.Addf("count", "seeds from %d run past the largest seed", from)
			return nil
		}
		out := make([]uint64, count)
		for i := range out {
			out[i] = from + uint64(i)
		}
		return out
	}
	r.p.Addf(ptr, `want a list of seeds or {"from": N, "count": M}, found %s`, validate.TypeName(v))
	return nil
}

// seedAt reads one seed: a whole number from 0 to 2^64-1.
func seedAt(p *validate.Problems, at string, v any) (uint64, bool) {
	n, ok := v.(json.Number)
	if ok {
		if s, err := strconv.ParseUint(string(n), 10, 64); err == nil {
			return s, true
		}
	}
	p.Addf(at, "want a seed (a whole number from 0 to 18446744073709551615), found %s", describeValue(v))
	return 0, false
}

func describeValue(v any) string {
	if n, ok := v.(json.Number); ok {
		return string(n)
	}
	return validate.TypeName(v)
}

// expect reads a check case's properties.
func (r *reader) expect(parent validate.Obj) *Expect {
	o, ok := parent.Object("expect")
	if !ok {
		return nil
	}
	o.Known(expectKeys...)
	e := &Expect{}
	e.Record, _ = o.Str("record", 0, true)
	e.Attrs = r.stringMap(o, "attrs")
	e.Present, _ = r.strList(o, "present")
	e.Absent, _ = r.strList(o, "absent")
	if oo, ok := o.Object("oneOf"); ok {
		e.OneOf = map[string][]string{}
		for _, k := range sortedKeys(oo.M) {
			list, _ := r.strList(oo, k)
			e.OneOf[k] = list
		}
	}
	if ro, ok := o.Object("range"); ok {
		e.Range = map[string]Range{}
		for _, k := range sortedKeys(ro.M) {
			bo, ok := ro.Object(k)
			if !ok {
				continue
			}
			bo.Known(rangeKeys...)
			var rg Range
			if f, ok := bo.Float("min", -math.MaxFloat64, math.MaxFloat64, 0); ok {
				rg.Min = &f
			}
			if f, ok := bo.Float("max", -math.MaxFloat64, math.MaxFloat64, 0); ok {
				rg.Max = &f
			}
			if rg.Min == nil && rg.Max == nil {
				bo.Addf("", `give "min", "max" or both`)
			}
			e.Range[k] = rg
		}
	}
	return e
}

func (r *reader) stringMap(o validate.Obj, key string) map[string]string {
	mo, ok := o.Object(key)
	if !ok {
		return nil
	}
	out := map[string]string{}
	for _, k := range sortedKeys(mo.M) {
		if s, ok := mo.Str(k, 0, false); ok {
			out[k] = s
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// transcript reads one entry of "transcripts". A glob "transcript" makes
// one case per file. Without "ruleset" and "party" the transcript sits in
// a ruleset's folder as the bundled ones do (RULESET/transcripts/X.txt):
// RULESET/ruleset.json and RULESET/sheets/.
func (r *reader) transcript(o validate.Obj) {
	o.Known(transcriptKeys...)
	base := &Case{Kind: KindTranscript}
	if !r.common(o, base) {
		return
	}
	pat, ok := o.Str("transcript", 0, true)
	if !ok {
		if !o.Has("transcript") {
			o.Addf("", `missing required key "transcript"`)
		}
		return
	}
	seed := uint64(1)
	if v, has := o.M["seed"]; has {
		seed, _ = seedAt(r.p, o.Ptr("seed"), v)
	}
	refs, _, rsOK := r.rulesetRef(o, false)
	if !rsOK {
		return
	}
	if len(refs) > 1 {
		o.Addf("ruleset", "a transcript runs on one ruleset; the glob matches %d", len(refs))
		return
	}
	party, hasParty := o.Str("party", 0, true)
	for _, f := range r.glob(o.Ptr("transcript"), pat) {
		c := *base
		if hasMeta(pat) {
			c.Name = expandedName(base.Name, globStem(r.path(pat), f))
		}
		if !r.claim(c.Kind, c.Name, o.At) {
			continue
		}
		home := filepath.Dir(filepath.Dir(f))
		spec := &TranscriptSpec{File: f, Seed: seed, Ruleset: filepath.Join(home, "ruleset.json"), Party: filepath.Join(home, "sheets")}
		if len(refs) == 1 {
			spec.Ruleset = refs[0]
		}
		if hasParty {
			spec.Party = r.path(party)
		}
		g, ok := r.golden(o, c.Name)
		if !ok {
			continue
		}
		spec.Golden = g
		c.Transcript = spec
		r.appendCase(&c)
	}
}

// odds reads one entry of "odds".
func (r *reader) odds(o validate.Obj) {
	o.Known(oddsKeys...)
	base := &Case{Kind: KindOdds}
	if !r.common(o, base) {
		return
	}
	t, hasTag := requiredTag(o)
	spec := &OddsSpec{Tag: t, Tolerance: 1e-9}
	if f, ok := o.Float("tolerance", 0, 1, 0); ok {
		spec.Tolerance = f
	}
	if f, ok := o.Float("success", 0, 1, 0); ok {
		spec.Success = &f
	}
	if oo, ok := o.Object("outcomes"); ok {
		spec.Outcomes = map[string]float64{}
		for _, k := range sortedKeys(oo.M) {
			if f, ok := oo.Float(k, 0, 1, 0); ok {
				spec.Outcomes[k] = f
			}
		}
	}
	if spec.Success == nil && spec.Outcomes == nil {
		o.Addf("", `an odds case gives "success", "outcomes" or both`)
	}
	refs, stems, ok := r.rulesetRef(o, true)
	spec.Sheets = r.sheetList(o)
	if !ok || !hasTag {
		return
	}
	for i, ref := range refs {
		c := *base
		c.Name = expandedName(base.Name, stems[i])
		s := *spec
		s.Ruleset = ref
		c.Odds = &s
		r.add(&c, o.At)
	}
}

// requiredTag reads an entry's "tag" (a check's or an odds case's): it
// must be there, a string, and parse; a problem is added to o. hasTag says
// whether it is a string (a parse problem is reported but still a tag).
func requiredTag(o validate.Obj) (t string, hasTag bool) {
	t, hasTag = o.Str("tag", 0, true)
	if !hasTag && !o.Has("tag") {
		o.Addf("", `missing required key "tag"`)
	}
	if hasTag {
		if _, err := tag.Parse(t); err != nil {
			o.Addf("tag", "tag: %v", err)
		}
	}
	return t, hasTag
}
