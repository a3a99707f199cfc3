package session

import (
	"errors"
	"strings"
	"testing"
)

// TestComparePinsShowsHostilePinsSafely: the pins of a stored config may
// be anyone's text; a name with terminal escapes, a megabyte version or a
// name twice is named in a message with no control byte and a bounded
// length, and the pins the service writes print as they are.
func TestComparePinsShowsHostilePinsSafely(t *testing.T) {
	was := []PluginRef{
		{Name: "\x1b[2Jevil\n", Version: strings.Repeat("9", 1<<20), Hash: "sha256:\x07"},
		{Name: "dup", Version: "1.0.0", Hash: "sha256:aa"},
		{Name: "dup", Version: "2.0.0", Hash: "sha256:bb"},
		{Name: "opposed-pool", Version: "1.0.0", Hash: "sha256:cc"},
	}
	now := []PluginRef{{Name: "opposed-pool", Version: "1.1.0", Hash: "sha256:dd"}}
	changes := ComparePins(was, now)
	all := strings.Join(changes, "\n")
	if strings.ContainsAny(strings.ReplaceAll(all, "\n", ""), "\x1b\x07\r") || len(all) > 2000 {
		t.Fatalf("changes carry control bytes or run long (%d bytes):\n%q", len(all), all)
	}
	if len(changes) != 3 || !strings.Contains(all, "plugin opposed-pool changed (1.1.0 sha256:dd here, was 1.0.0 sha256:cc)") || !strings.Contains(all, `"\x1b[2Jevil\n"`) {
		t.Errorf("changes:\n%s", all)
	}
}

// TestReanswerKeepsFolderPinsAndRefusesFolders: a store's compare-and-set
// replaces the pins by name only, keeps a CLI session's folder refs, and
// refuses to write a pin with a folder or without a name.
func TestReanswerKeepsFolderPinsAndRefusesFolders(t *testing.T) {
	folder := PluginRef{Dir: "../plugins", Hash: "sha256:11"}
	a := PluginRef{Name: "a", Version: "1", Hash: "sha256:aa"}
	b := PluginRef{Name: "b", Version: "1", Hash: "sha256:bb"}
	cfg := Config{Answers: 1, Plugins: []PluginRef{folder, a}}
	from := cfg.Answering()
	for _, bad := range []PluginRef{{Name: "c", Dir: "x"}, {Hash: "sha256:cc"}} {
		c := cfg
		if err := c.Reanswer("s", from, Answering{Version: 2, Plugins: []PluginRef{bad}}); err == nil {
			t.Errorf("Reanswer wrote the pin %+v", bad)
		}
	}
	if err := cfg.Reanswer("s", Answering{Version: 1}, Answering{Version: 2}); !errors.Is(err, ErrAnswersMoved) {
		t.Errorf("Reanswer from other pins: %v; want ErrAnswersMoved", err)
	}
	if err := cfg.Reanswer("s", from, Answering{Version: 2, Plugins: []PluginRef{b}}); err != nil {
		t.Fatal(err)
	}
	if cfg.Answers != 2 || len(cfg.Plugins) != 2 || cfg.Plugins[0] != folder || cfg.Plugins[1] != b {
		t.Errorf("after Reanswer: %+v", cfg)
	}
}
