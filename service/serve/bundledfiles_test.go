package serve

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestBundledFiles: GET /v1/bundled/{name} answers the files byte for
// byte (the editor's line and column count in them), and an unknown or
// ill-formed name is refused saying what there is.
func TestBundledFiles(t *testing.T) {
	ts := testServer(t)
	resp, body := sendReq(t, "GET", ts.URL+"/v1/bundled/d20-5e", "", "")
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	var out bundledFilesOut
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	rs, _ := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	ada, _ := os.ReadFile("../../rulesets/d20-5e/sheets/ada.json")
	if out.Name != "d20-5e" || out.Ruleset != string(rs) {
		t.Errorf("ruleset: %q, %d bytes; want d20-5e's ruleset.json as written (%d bytes)", out.Name, len(out.Ruleset), len(rs))
	}
	fence, _ := os.ReadFile("../../rulesets/d20-5e/transcripts/02-the-fence.txt")
	if !hasFile(out.Sheets, "ada", ada) || !hasFile(out.Transcripts, "02-the-fence", fence) {
		t.Errorf("%d sheets, %d transcripts: want ada's sheet and 02-the-fence as written", len(out.Sheets), len(out.Transcripts))
	}
	resp, body = sendReq(t, "GET", ts.URL+"/v1/bundled/no-such", "", "")
	if resp.StatusCode != 404 || !strings.Contains(body, "unknown-bundled") || !strings.Contains(body, "d20-5e") {
		t.Errorf("unknown name: %d %s", resp.StatusCode, body)
	}
	resp, body = sendReq(t, "GET", ts.URL+"/v1/bundled/"+url.PathEscape("../d20-5e"), "", "")
	if resp.StatusCode != 400 && resp.StatusCode != 404 {
		t.Errorf("a name with a path in it: %d %s", resp.StatusCode, body)
	}
	if strings.Contains(body, `"ruleset"`) {
		t.Errorf("a name with a path in it was answered: %s", body)
	}
}

// TestSchemaRoute: GET /v1/schema/{name} is what `rulehost schema NAME`
// prints (the committed schema/ files), and an unknown name lists them.
func TestSchemaRoute(t *testing.T) {
	ts := testServer(t)
	for _, name := range []string{"ruleset", "sheet"} {
		resp, body := sendReq(t, "GET", ts.URL+"/v1/schema/"+name, "", "")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("%s: %d %s", name, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		file, err := os.ReadFile("../../schema/" + name + ".schema.json")
		if err != nil {
			t.Fatal(err)
		}
		var got, want any
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		json.Unmarshal(file, &want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("GET /v1/schema/%s differs from schema/%s.schema.json", name, name)
		}
	}
	resp, body := sendReq(t, "GET", ts.URL+"/v1/schema/nope", "", "")
	if resp.StatusCode != 404 || !strings.Contains(body, "ruleset, sheet") {
		t.Errorf("unknown schema: %d %s", resp.StatusCode, body)
	}
}

func hasFile(files []bundledFile, name string, text []byte) bool {
	for _, f := range files {
		if f.Name == name {
			return f.Text == string(text)
		}
	}
	return false
}

// TestBundledFilesAreTheBundledFolders: a folder named like a sheet and
// a dangling link are neither listed nor read (the ruleset's files still
// answer), and a link that leads out of --bundled is refused, its target
// never served.
func TestBundledFilesAreTheBundledFolders(t *testing.T) {
	rs, _ := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	ada, _ := os.ReadFile("../../rulesets/d20-5e/sheets/ada.json")
	bundled := func(t *testing.T) (root, sheets string) {
		root = t.TempDir()
		sheets = filepath.Join(root, "g", "sheets")
		if err := os.MkdirAll(sheets, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(root, "g", "ruleset.json"), rs, 0o644)
		os.WriteFile(filepath.Join(sheets, "ada.json"), ada, 0o644)
		return root, sheets
	}

	root, sheets := bundled(t)
	os.Mkdir(filepath.Join(sheets, "folder.json"), 0o755)
	if err := os.Symlink(filepath.Join(root, "gone.json"), filepath.Join(sheets, "dangling.json")); err != nil {
		t.Skip(err)
	}
	ts := httptest.NewServer(New(Options{Bundled: root}).Handler())
	defer ts.Close()
	resp, body := sendReq(t, "GET", ts.URL+"/v1/bundled/g", "", "")
	var out bundledFilesOut
	json.Unmarshal([]byte(body), &out)
	if resp.StatusCode != 200 || len(out.Sheets) != 1 || out.Sheets[0].Name != "ada" {
		t.Errorf("with a folder and a dangling link among the sheets: %d %.300s; want ada's sheet alone", resp.StatusCode, body)
	}
	if _, body := sendReq(t, "GET", ts.URL+"/v1/bundled", "", ""); strings.Contains(body, "folder") || strings.Contains(body, "dangling") {
		t.Errorf("the list names what is no sheet: %s", body)
	}

	root, sheets = bundled(t)
	secret := filepath.Join(t.TempDir(), "secret.json")
	os.WriteFile(secret, []byte(`{"name": "TOPSECRET"}`), 0o644)
	if err := os.Symlink(secret, filepath.Join(sheets, "out.json")); err != nil {
		t.Fatal(err)
	}
	ts2 := httptest.NewServer(New(Options{Bundled: root}).Handler())
	defer ts2.Close()
	resp, body = sendReq(t, "GET", ts2.URL+"/v1/bundled/g", "", "")
	out = bundledFilesOut{}
	json.Unmarshal([]byte(body), &out)
	if resp.StatusCode != 200 || len(out.Sheets) != 1 || strings.Contains(body, "TOPSECRET") || strings.Contains(body, secret) {
		t.Errorf("a sheet linked out of --bundled: %d %.300s; want it left out, its target not shown", resp.StatusCode, body)
	}
	// the ruleset itself linked out: no such bundled ruleset
	os.Remove(filepath.Join(root, "g", "ruleset.json"))
	os.Symlink(secret, filepath.Join(root, "g", "ruleset.json"))
	if resp, body := sendReq(t, "GET", ts2.URL+"/v1/bundled/g", "", ""); resp.StatusCode != 404 || strings.Contains(body, "TOPSECRET") {
		t.Errorf("a ruleset linked out of --bundled: %d %.300s; want 404", resp.StatusCode, body)
	}
}
