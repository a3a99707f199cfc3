package apikey

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseRefusals(t *testing.T) {
	good := "bot sha256:" + strings.Repeat("ab", 32) + " 2026-01-02T03:04:05Z"
	if keys, err := Parse([]byte("# c\n\n" + good + "\n")); err != nil || len(keys) != 1 || keys[0].Name != "bot" {
		t.Fatalf("a good file: %v %v", keys, err)
	}
	for _, c := range []struct{ file, want string }{
		{"bot sha256:abc 2026-01-02T03:04:05Z", "line 1: hash"},
		{"bot md5:" + strings.Repeat("ab", 32) + " 2026-01-02T03:04:05Z", "line 1: hash"},
		{"bot sha256:" + strings.Repeat("ab", 32), "line 1: want NAME"},
		{"b/t sha256:" + strings.Repeat("ab", 32) + " 2026-01-02T03:04:05Z", "line 1: name"},
		{good + "\n" + good, "line 2: a second key named"},
		{"bot sha256:" + strings.Repeat("ab", 32) + " yesterday", "line 1: created"},
	} {
		if _, err := Parse([]byte(c.file)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want %q", c.file, err, c.want)
		}
	}
}

func TestAddLookupRevoke(t *testing.T) {
	file := filepath.Join(t.TempDir(), "keys.txt")
	tok, err := Add(file, "bot", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o600 {
		t.Errorf("keys file mode %v; want 0600", fi.Mode().Perm())
	}
	set, err := Open(file, "")
	if err != nil {
		t.Fatal(err)
	}
	k, ok := set.Lookup(tok)
	if !ok || k.Name != "bot" || !strings.HasPrefix(k.Owner(), "k") || len(k.Owner()) != 17 {
		t.Errorf("lookup: %+v %v", k, ok)
	}
	if _, ok := set.Lookup(tok + "x"); ok {
		t.Errorf("a longer token was taken")
	}
	if set.Empty() {
		t.Errorf("a set with a keys file says it is empty")
	}
	if s, _ := Open("", ""); !s.Empty() {
		t.Errorf("no file and no env: not empty")
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing"), ""); err == nil {
		t.Errorf("a missing keys file given to serve: accepted")
	}
}

// FuzzParse: a keys file is read or refused with its line, never a panic;
// what is read writes back to the same keys.
func FuzzParse(f *testing.F) {
	f.Add([]byte("bot sha256:" + strings.Repeat("ab", 32) + " 2026-01-02T03:04:05Z\n"))
	f.Add([]byte("# x\n\n a  sha256:" + strings.Repeat("0", 64) + "   2026-01-02T03:04:05+02:00 "))
	f.Add([]byte("x y z"))
	f.Fuzz(func(t *testing.T, data []byte) {
		keys, err := Parse(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("%q: %v does not name its line", data, err)
			}
			return
		}
		again, err := Parse(format(keys))
		if err != nil || len(again) != len(keys) {
			t.Fatalf("%q: written back, read as %v %v", data, again, err)
		}
		for i := range keys {
			if again[i].Name != keys[i].Name || again[i].Hash != keys[i].Hash || !again[i].Created.Equal(keys[i].Created.Truncate(time.Second)) {
				t.Fatalf("%q: key %d changed: %+v -> %+v", data, i, keys[i], again[i])
			}
		}
	})
}
