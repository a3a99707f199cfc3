package apikey

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestKeysFileEditedWhileRead: an operator (or a tool) rewriting the keys
// file in place, not atomically (truncate, then the lines in pieces),
// while the service reads it. Whatever moment a read lands on, a token no
// version of the file ever held is never admitted, nothing panics, and
// once the edits stop the set is the file's last content: the revoked key
// is refused and the kept one admitted.
func TestKeysFileEditedWhileRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys.txt")
	kept, revoked, never := "rk_kept-0123456789abcdef", "rk_revoked-0123456789abcdef", "rk_never-0123456789abcdef"
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	both := format([]Key{{Name: "kept", Hash: HashToken(kept), Created: now}, {Name: "revoked", Hash: HashToken(revoked), Created: now}})
	last := format([]Key{{Name: "kept", Hash: HashToken(kept), Created: now}})
	if err := os.WriteFile(path, both, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, "")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() { // the editor: 300 in-place rewrites, each in three writes
		defer wg.Done()
		defer close(stop)
		for i := 0; i < 300; i++ {
			data := both
			if i%2 == 1 || i == 299 {
				data = last
			}
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0o600)
			if err != nil {
				t.Error(err)
				return
			}
			third := len(data) / 3
			for _, part := range [][]byte{data[:third], data[third : 2*third], data[2*third:]} {
				if _, err := f.Write(part); err != nil {
					t.Error(err)
				}
			}
			f.Close()
		}
	}()
	reads := 0
	for done := false; !done; reads++ {
		select {
		case <-stop:
			done = true
		default:
		}
		_ = s.reload(time.Now()) // a read at any moment of the edit (Lookup's, without its once-a-second pause)
		if _, ok := s.Lookup(never); ok {
			t.Fatal("a token no version of the keys file held was admitted")
		}
	}
	wg.Wait()
	// The edits are over: the next read sees the last file, even when a
	// torn read before it had the same modification time and size.
	if err := s.reload(time.Now()); err != nil {
		t.Fatalf("the last file: %v", err)
	}
	if _, ok := s.Lookup(kept); !ok {
		t.Error("the kept key is refused after the edits")
	}
	if _, ok := s.Lookup(revoked); ok {
		t.Error("the revoked key is admitted after the edits")
	}
	t.Logf("%d reads during 300 in-place rewrites", reads)
}

// TestKeysFileChangeOfSameTimeAndSize: two contents of the keys file with
// the same modification time and size (an edit within one clock tick,
// the first a torn read of the second) are told apart by their bytes, so
// the finished file is the one that stands.
func TestKeysFileChangeOfSameTimeAndSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys.txt")
	tok := "rk_kept-0123456789abcdef"
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	last := format([]Key{{Name: "kept", Hash: HashToken(tok), Created: now}})
	torn := make([]byte, len(last)) // a comment line as long as the file: no keys
	for i := range torn {
		torn[i] = ' '
	}
	torn[0], torn[len(torn)-1] = '#', '\n'
	tick := time.Date(2026, 12, 1, 1, 2, 3, 4000000, time.UTC)
	write := func(data []byte) {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, tick, tick); err != nil {
			t.Fatal(err)
		}
	}
	write(torn)
	s, err := Open(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Lookup(tok); ok {
		t.Fatal("a key the file does not hold yet is admitted")
	}
	write(last)
	if err := s.reload(time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Lookup(tok); !ok {
		t.Error("the finished file, of the same time and size as the torn one, is not read: its key is refused")
	}
}

// TestKeysFileOverTheBound: a keys file grown past MaxFileBytes is not
// read (it would be read under the lookups' lock every second): the keys
// last read stand, and Open refuses it, saying why.
func TestKeysFileOverTheBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys.txt")
	tok := "rk_kept-0123456789abcdef"
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	good := format([]Key{{Name: "kept", Hash: HashToken(tok), Created: now}})
	if err := os.WriteFile(path, good, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, "")
	if err != nil {
		t.Fatal(err)
	}
	huge := append(append([]byte{}, good...), make([]byte, MaxFileBytes)...)
	for i := len(good); i < len(huge); i++ {
		huge[i] = '\n'
	}
	if err := os.WriteFile(path, huge, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := s.reload(time.Now()); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("a keys file over the bound: %v", err)
	}
	if _, ok := s.Lookup(tok); !ok {
		t.Error("the keys last read do not stand past an oversized file")
	}
	if _, err := Open(path, ""); err == nil {
		t.Error("Open of an oversized keys file: accepted")
	}
}
