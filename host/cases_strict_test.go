package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A plugin test case is read strictly: a duplicate key or invalid UTF-8 is
// refused at its pointer, never read as the last value.
func TestCaseFileStrict(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		`/want: duplicate key "want"`: `{"tag": "[x]", "want": "a", "want": "b"}`,
		"/tag: invalid UTF-8":         "{\"tag\": \"[x\xff]\"}",
		"byte order mark":             "\xef\xbb\xbf{}",
	} {
		f := filepath.Join(dir, "case.json")
		os.WriteFile(f, []byte(body), 0o644)
		if _, err := readCase(f); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%q: got %v, want %q", body, err, name)
		}
	}
}
