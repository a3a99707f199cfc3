package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// What an editor needs from the service besides validation: the bundled
// files as written (to start from one) and the JSON Schemas (to complete
// keys from). The playground's editor (/play) is the first client.

type bundledFile struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

type bundledFilesOut struct {
	Name        string        `json:"name"`
	Ruleset     string        `json:"ruleset"`
	Sheets      []bundledFile `json:"sheets"`
	Transcripts []bundledFile `json:"transcripts"`
}

// handleBundledFiles answers one bundled ruleset's ruleset.json, sheets
// and transcripts as text, byte for byte, so an editor shows them as
// written, the line and column of a problem in an edited copy count in
// that text, and an edited copy can replay the transcripts (/v1/replay
// with the ruleset, sheets and text inline).
func (s *Server) handleBundledFiles(ctx context.Context, r *http.Request) (any, error) {
	name := r.PathValue("name")
	path, err := s.bundledPath("name", name, name, "ruleset.json")
	if err != nil {
		return nil, err
	}
	text, err := s.readBundled(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errNotServed) {
		return nil, &apiError{Status: http.StatusNotFound, Code: "unknown-bundled", Message: fmt.Sprintf("no bundled ruleset %q; bundled: %s (GET /v1/bundled)", name, s.bundledNames())}
	}
	if err != nil {
		return nil, fmt.Errorf("bundled %s: %w", name, err)
	}
	dir := filepath.Dir(path)
	out := bundledFilesOut{Name: name, Ruleset: string(text)}
	if out.Sheets, err = s.readBundledFiles(dir, "sheets", ".json"); err != nil {
		return nil, fmt.Errorf("bundled %s: %w", name, err)
	}
	if out.Transcripts, err = s.readBundledFiles(dir, "transcripts", ".txt"); err != nil {
		return nil, fmt.Errorf("bundled %s: %w", name, err)
	}
	return out, nil
}

// readBundledFiles reads each DIR/SUB/*EXT by name, sorted: the order a
// bundled transcript's party plays in.
func (s *Server) readBundledFiles(dir, sub, ext string) ([]bundledFile, error) {
	out := []bundledFile{}
	for _, n := range names(filepath.Join(dir, sub, "*"+ext)) {
		b, err := s.readBundled(filepath.Join(dir, sub, n+ext))
		if errors.Is(err, errNotServed) {
			continue // a link out of --bundled is no bundled file
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", sub, n, err)
		}
		out = append(out, bundledFile{Name: n, Text: string(b)})
	}
	return out, nil
}

// errNotServed marks a file under --bundled that is not served as one.
var errNotServed = errors.New("not served")

// readBundled reads a bundled file whose text the service answers as it
// is: within --bundled once its links are followed (a link out of it,
// say to a system file, is refused rather than served to anyone), a
// regular file, and no larger than any input (jsonin.MaxBytes). Such a
// sheet or transcript is left out, such a ruleset is unknown.
func (s *Server) readBundled(path string) ([]byte, error) {
	root, err := filepath.EvalSymlinks(s.opts.Bundled)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, err
	}
	if rel, err := filepath.Rel(root, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("%s leads outside the bundled folder: %w", path, errNotServed)
	}
	if st, err := os.Stat(real); err != nil || !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file: %w", path, errNotServed)
	}
	return jsonin.ReadFile(real)
}

// schemas caches each generated schema, compacted: the vocabulary table
// does not change while the service runs, and the ruleset's is some
// 150 KB, written as it is (rawJSON) rather than re-encoded per request.
var schemas sync.Map // name -> rawJSON

// rawJSON is a response that is JSON text already.
type rawJSON []byte

func (r rawJSON) appendJSON(dst []byte) []byte { return append(dst, r...) }

// handleSchema answers the JSON Schema `rulehost schema NAME` prints.
func (s *Server) handleSchema(ctx context.Context, r *http.Request) (any, error) {
	name := r.PathValue("name")
	if b, ok := schemas.Load(name); ok {
		return b, nil
	}
	b, err := ruleset.Schema(name)
	if err != nil {
		return nil, &apiError{Status: http.StatusNotFound, Code: "not-found", Message: fmt.Sprintf("no schema %q; known: %s", name, strings.Join(ruleset.SchemaNames, ", "))}
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	raw := rawJSON(buf.Bytes())
	schemas.Store(name, raw)
	return raw, nil
}
