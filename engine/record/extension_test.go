package record

import (
	"strings"
	"testing"
)

func ironExt() Extension {
	return Extension{
		Owner:   "iron-test",
		Records: map[string]string{"vow": "a vow sworn"},
		Kinds:   []string{"iron-test"},
		Keys: []Key{
			{Name: "challenge", Type: IntList, Doc: "the challenge dice", Tags: []string{CheckRecord}},
			{Name: "match", Type: Bool, Doc: "a match", Tags: []string{CheckRecord}},
			{Name: "rank", Type: Text, Doc: "the vow's rank", Tags: []string{"vow"}},
		},
	}
}

func mustParse(t *testing.T, s string) Record {
	t.Helper()
	r, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestExtensionKeys: a plugin's keys pass record.Check on its own records
// and its own kinds' checks, with their types, and nowhere else.
func TestExtensionKeys(t *testing.T) {
	if err := RegisterExtension(ironExt()); err != nil {
		t.Fatal(err)
	}
	defer UnregisterExtension("iron-test")
	cases := map[string]string{
		`[check: who="Kai" skill="Edge" resolution="iron-test" challenge="3,3" match="true" success="true"]`: "",
		`[check: who="Kai" skill="Edge" resolution="iron-test" Match="true"]`:                                "",
		`[check: who="Kai" skill="Edge" resolution="iron-test" match="yes"]`:                                 `want "true" or "false"`,
		`[check: who="Kai" skill="Edge" resolution="iron-test" challenge="3,x"]`:                             "comma-separated",
		`[check: who="Kai" skill="Edge" resolution="sum" match="true"]`:                                      `unknown key "match"`,
		`[check: who="Kai" skill="Edge" resolution="other" match="true"]`:                                    `unknown key "match"`,
		`[check: who="Kai" skill="Edge" match="true"]`:                                                       `unknown key "match"`,
		`[vow: who="Kai" rank="epic"]`:                                                                       "",
		`[vow: who="Kai" match="true"]`:                                                                      `unknown key "match"`,
		`[oath: who="Kai"]`:                                                                                  "unknown record name",
	}
	// The tag grammar refuses a duplicated attribute; build one in code.
	twice := New("vow")
	twice.Add("who", "Kai")
	twice.Add("rank", "epic")
	twice.Add("rank", "x")
	if err := Check(twice); err == nil || !strings.Contains(err.Error(), "appears twice") {
		t.Errorf("rank twice: %v", err)
	}
	for text, want := range cases {
		err := Check(mustParse(t, text))
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", text, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: got %v, want %q", text, err, want)
		}
	}
	UnregisterExtension("iron-test")
	if err := Check(mustParse(t, `[vow: who="Kai" rank="epic"]`)); err == nil {
		t.Error("a record of an unregistered plugin passed")
	}
}

// TestExtensionCollisions: plugin names and keys never shadow the
// engine's, nor another plugin's record names.
func TestExtensionCollisions(t *testing.T) {
	cases := map[string]func(e *Extension){
		"a record the engine writes": func(e *Extension) { e.Records["inventory"] = "x" },
		`key "Success" is a key the engine writes`: func(e *Extension) {
			e.Keys = append(e.Keys, Key{Name: "Success", Type: Bool, Doc: "x", Tags: []string{CheckRecord}})
		},
		"not one of this plugin's records": func(e *Extension) {
			e.Keys = append(e.Keys, Key{Name: "loot", Type: Int, Doc: "x", Tags: []string{"inventory"}})
		},
		"declared twice": func(e *Extension) {
			e.Keys = append(e.Keys, Key{Name: "MATCH", Type: Int, Doc: "x", Tags: []string{CheckRecord}})
		},
		"give its meaning":           func(e *Extension) { e.Keys[0].Doc = "" },
		"use letters":                func(e *Extension) { e.Keys[0].Name = "a b" },
		"use lower-case letters":     func(e *Extension) { e.Records["Bad Name"] = "x" },
		"the plugin's kinds":         func(e *Extension) { e.Kinds = nil },
		"declare it on exactly one":  func(e *Extension) { e.Keys[0].Tags = nil },
		"at most 500":                func(e *Extension) { e.Records["vow"] = strings.Repeat("x", 501) },
		`(and not "check")`:          func(e *Extension) { e.Records["check"] = "x" },
		"already answered by plugin": func(e *Extension) { e.Owner = "someone-else" },
	}
	if err := RegisterExtension(ironExt()); err != nil {
		t.Fatal(err)
	}
	defer UnregisterExtension("iron-test")
	for want, edit := range cases {
		e := ironExt()
		edit(&e)
		err := RegisterExtension(e)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v", want, err)
		}
		if e.Owner != "iron-test" {
			UnregisterExtension(e.Owner)
		}
	}
	// the failed registrations left the first one standing
	if err := Check(mustParse(t, `[vow: rank="epic"]`)); err != nil {
		t.Errorf("a refused registration disturbed the registered one: %v", err)
	}
}

func TestParseType(t *testing.T) {
	for s, want := range map[string]Type{"text": Text, "integer": Int, "signed integer": Signed, "signed": Signed,
		"number": Number, "boolean": Bool, "integer list": IntList, "integers": IntList} {
		if got, ok := ParseType(s); !ok || got != want {
			t.Errorf("%q: %v %v", s, got, ok)
		}
	}
	if _, ok := ParseType("table"); ok {
		t.Error("table is not a type")
	}
}

// FuzzExtension: no declaration makes RegisterExtension or Check panic;
// an accepted one never shadows a native key or record name, and a
// record using an accepted key with a value of its type passes Check.
func FuzzExtension(f *testing.F) {
	f.Add("omen", "sign", "text", "crow", "check")
	f.Add("vow", "Match", "boolean", "true", "check")
	f.Add("inventory", "success", "integer", "3", "inventory")
	f.Add("x", "rolls", "integer list", "1,2", "x")
	f.Fuzz(func(t *testing.T, rec, key, typ, value, on string) {
		ty, ok := ParseType(typ)
		if !ok {
			ty = Text
		}
		e := Extension{Owner: "fuzz-owner", Records: map[string]string{rec: "a record"}, Kinds: []string{"fuzz-kind"},
			Keys: []Key{{Name: key, Type: ty, Doc: "a key", Tags: []string{on}}}}
		defer UnregisterExtension("fuzz-owner")
		if err := RegisterExtension(e); err != nil {
			return
		}
		if IsNativeRecord(rec) || IsNativeKey(key) {
			t.Fatalf("accepted a native name: record %q key %q", rec, key)
		}
		r := New(on)
		if on == CheckRecord {
			r.Add("resolution", "fuzz-kind")
		}
		r.Add(key, value)
		err := Check(r)
		if err == nil && checkType(ty, value) != nil {
			t.Fatalf("%s passed with a value not of type %v", r, ty)
		}
	})
}

// TestCamelCaseKeysCheckWithoutAllocating: a plugin key written in
// camelCase (opposed-pool's vsSkill) is looked up lower-cased on every
// check of its records; that costs no allocation, and a key that is not
// ASCII or is long still takes the general rule.
func TestCamelCaseKeysCheckWithoutAllocating(t *testing.T) {
	e := ironExt()
	e.Keys = append(e.Keys, Key{Name: "vsSkill", Type: Text, Doc: "the opponent's skill", Tags: []string{"vow"}})
	if err := RegisterExtension(e); err != nil {
		t.Fatal(err)
	}
	defer UnregisterExtension("iron-test")
	r := mustParse(t, `[vow: who="Kai" vsSkill="Ward" Rank="epic"]`)
	if err := Check(r); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Check(r) }); n != 0 {
		t.Errorf("Check of a record with camelCase keys: %v allocations; want 0", n)
	}
	for key, want := range map[string]bool{"VSSKILL": true, strings.Repeat("x", 80): false, "vsSkİll": true} {
		v := New("vow")
		v.Add("who", "Kai")
		v.Add(key, "Ward")
		if err := Check(v); (err == nil) != want {
			t.Errorf("a vow with key %q: %v; want it known: %v", key, err, want)
		}
	}
}
