package serve

import (
	"encoding/json"
	"net/url"
	"os"
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
