//go:build !rulehost_light

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeRefusesExposedWithoutKeys: a non-loopback address without
// keys is refused (misuse, exit 2) unless --insecure; loopback detection.
func TestServeRefusesExposedWithoutKeys(t *testing.T) {
	code, _, errs := runCLI("serve", "--addr", "0.0.0.0:0", "--sessions", t.TempDir())
	if code != 2 || !strings.Contains(errs, "not a loopback address") || !strings.Contains(errs, "--insecure") {
		t.Errorf("serve on 0.0.0.0 without keys: exit %d %s", code, errs)
	}
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "127.9.9.9:1": true, "[::1]:80": true, "localhost:80": true,
		":8080": false, "0.0.0.0:80": false, "192.0.2.1:80": false, "[::]:80": false, "example.com:80": false, "nonsense": false} {
		if got := loopback(addr); got != want {
			t.Errorf("loopback(%q) = %v", addr, got)
		}
	}
}

// TestServeStreamBoundsAreChecked: a stream bound of 0 or below (which
// would refuse every stream, or mean "the default" without a word) is a
// misuse, before anything listens.
func TestServeStreamBoundsAreChecked(t *testing.T) {
	for _, args := range [][]string{{"--max-streams", "0"}, {"--max-streams-per-key", "-1"}, {"--max-streams", "2000000"}} {
		code, _, errs := runCLI(append([]string{"serve", "--addr", "127.0.0.1:0", "--sessions", t.TempDir()}, args...)...)
		if code != exitMisuse || !strings.Contains(errs, args[0]) {
			t.Errorf("%v: exit %d %s; want misuse naming the flag", args, code, errs)
		}
	}
}

// TestServeKeysCommands: add prints a key once and stores its hash only;
// list names it; revoke removes it.
func TestServeKeysCommands(t *testing.T) {
	file := filepath.Join(t.TempDir(), "keys.txt")
	code, key, errs := runCLI("serve", "keys", "add", "--keys", file, "bot")
	key = strings.TrimSpace(key)
	if code != 0 || !strings.HasPrefix(key, "rh_") || len(key) < 40 {
		t.Fatalf("keys add: exit %d %q %s", code, key, errs)
	}
	if code, _, errs := runCLI("serve", "keys", "add", "--keys", file, "bot"); code == 0 || !strings.Contains(errs, "exists") {
		t.Errorf("a second key named bot: exit %d %s", code, errs)
	}
	b, _ := os.ReadFile(file)
	data := string(b)
	if strings.Contains(data, key) || strings.Contains(data, key[3:]) {
		t.Errorf("the keys file holds the key itself:\n%s", data)
	}
	code, list, _ := runCLI("serve", "keys", "list", "--keys", file)
	if code != 0 || !strings.HasPrefix(list, "bot\tk") {
		t.Errorf("keys list: exit %d %q", code, list)
	}
	if code, _, errs := runCLI("serve", "keys", "revoke", "--keys", file, "bot"); code != 0 {
		t.Errorf("keys revoke: exit %d %s", code, errs)
	}
	if _, list, _ := runCLI("serve", "keys", "list", "--keys", file); list != "" {
		t.Errorf("after revoke: %q", list)
	}
	if code, _, errs := runCLI("serve", "keys", "revoke", "--keys", file, "bot"); code == 0 || !strings.Contains(errs, "no key named") {
		t.Errorf("revoking a missing key: exit %d %s", code, errs)
	}
}
