package serve

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestPlaygroundEditorBundleCurrent: the committed play/editor.js was
// built from web/ as it stands. Its banner names the sha256 of the files
// it is made from (web/build.js, package-lock.json, src/*.js); a source
// or a locked version changed without `make play-assets` fails here,
// without npm.
func TestPlaygroundEditorBundleCurrent(t *testing.T) {
	bundle, err := os.ReadFile("play/editor.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`^// rulehost playground editor, built by .* sources sha256 ([0-9a-f]{64})\n`).FindSubmatch(bundle)
	if m == nil {
		t.Fatalf("play/editor.js has no build banner: was it edited by hand? Rebuild it with make play-assets")
	}
	if got, want := string(m[1]), sourcesHash(t, "../../web"); got != want {
		t.Errorf("play/editor.js was built from other sources (%s) than web/ holds (%s): run make play-assets and commit the bundle", got[:12], want[:12])
	}
}

// sourcesHash is web/build.js's sourcesHash: each file's path, a NUL,
// its bytes, a NUL, in path order.
func sourcesHash(t *testing.T, web string) string {
	t.Helper()
	files := []string{"build.js", "package-lock.json"}
	src, err := filepath.Glob(filepath.Join(web, "src", "*.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range src {
		files = append(files, "src/"+filepath.Base(f))
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(web, f))
		if err != nil {
			t.Fatal(err)
		}
		h.Write([]byte(f + "\x00"))
		h.Write(b)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestPlaygroundAssets: the editor's bundle is embedded and served as
// JavaScript, revalidated by its ETag (304 while the binary is the same),
// gzipped for a browser that takes it; an unknown file is a 404.
func TestPlaygroundAssets(t *testing.T) {
	ts := testServer(t)
	want, _ := os.ReadFile("play/editor.js")
	req, _ := http.NewRequest("GET", ts.URL+"/play/editor.js", nil)
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	etag := resp.Header.Get("ETag")
	if resp.StatusCode != 200 || !bytes.Equal(body, want) {
		t.Fatalf("editor.js: %d, %d bytes; want the embedded %d", resp.StatusCode, len(body), len(want))
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" || etag == "" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("Cache-Control %q, ETag %q, nosniff %q", cc, etag, resp.Header.Get("X-Content-Type-Options"))
	}
	req.Header.Set("If-None-Match", etag)
	resp, err = http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation with its ETag: %d; want 304", resp.StatusCode)
	}

	req, _ = http.NewRequest("GET", ts.URL+"/play/editor.js", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	resp, err = http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	zbody, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("ETag") == etag || len(zbody) >= len(want)/2 {
		t.Fatalf("gzip: encoding %q, ETag %q (plain %q), %d bytes of %d", resp.Header.Get("Content-Encoding"), resp.Header.Get("ETag"), etag, len(zbody), len(want))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zbody))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !bytes.Equal(plain, want) {
		t.Errorf("the gzipped editor.js is not the embedded one")
	}
	if resp, _ := sendReq(t, "GET", ts.URL+"/play/nothing.js", "", ""); resp.StatusCode != 404 {
		t.Errorf("an unknown play file: %d", resp.StatusCode)
	}
	if resp, body := sendReq(t, "GET", ts.URL+"/play", "", ""); resp.StatusCode != 200 || !strings.Contains(body, `<script src="/play/editor.js">`) || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("/play: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{"": false, "gzip": true, "br, gzip;q=0.5": true, "gzip;q=0": false, "GZIP": true, "x-gzip": false, "identity": false,
		"gzip;q=0.0000": false, "gzip;Q=0": false, "gzip; q=0.001": true, "*;q=1": true, "*": true, "*, gzip;q=0": false, "gzip;q=x": false} {
		r, _ := http.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", h)
		if got := acceptsGzip(r); got != want {
			t.Errorf("Accept-Encoding %q: %v; want %v", h, got, want)
		}
	}
}

// TestPlaygroundEditorHelpers runs the editor's pure helpers
// (web/src/complete.js, problems.js) under Node: where the cursor is in a
// half-written ruleset, the keys and values the schema offers there (a
// resolution's keys follow its kind), and where a problem's line and
// UTF-8 column are in the text.
func TestPlaygroundEditorHelpers(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no Node installed: the editor's helpers are not tested")
	}
	script := `import { scanContext, keyOptions, valueOptions, keyInfo } from "../../web/src/complete.js";
import { offsetAt, problemRange } from "../../web/src/problems.js";
import { readFileSync } from "node:fs";
const schema = JSON.parse(readFileSync("../../schema/ruleset.schema.json", "utf8"));
const at = (text) => { const i = text.indexOf("|"); return scanContext(text.slice(0, i) + text.slice(i + 1), i); };
const keys = (text) => keyOptions(schema, at(text)).map((o) => o.label);
const out = [];
// the top level: required keys first, then by name; present ones (id) left out
out.push(keys('{\n  "id": "x",\n  "|"\n}').slice(0, 3).join(","));
// a dice-sum resolution offers its own keys, not a dice-pool's
const sum = keys('{"resolution": {"kind": "dice-sum", "|"}}');
out.push(sum.includes("naturals") + "," + sum.includes("dice") + "," + sum.includes("target") + "," + sum.includes("kind"));
// keys and kinds written after the cursor, in the object and around it
const later = at('{"resolution": {"|", "kind": "dice-sum"}, "skills": [{"id": "a"}], "catalogs": {}}');
out.push(JSON.stringify(later.path) + ":" + keyOptions(schema, later).map((o) => o.label).includes("naturals"));
// the kind written after the cursor counts too
const pool = keys('{"resolution": {"|", "kind": "dice-pool"}}');
out.push(pool.includes("target") + "," + pool.includes("naturals"));
// in an array's object; a half-typed key's range covers what is typed
const c = at('{"skills": [{"id": "a"}, {"ab|');
out.push(c.role + ":" + JSON.stringify(c.path) + ":" + c.from + "-" + c.to + ":" + keyOptions(schema, c).map((o) => o.label).join(","));
// values: a kind's names
out.push(valueOptions(schema, at('{"resolution": {"kind": "|"}}')).map((o) => o.label).join(","));
// not in an object: nothing
out.push(String(at('|{}')));
// line 1 counts from the first non-blank byte; columns are UTF-8 bytes
out.push(offsetAt('\n  {"a":\n  "\u00e9\u00e9": 1}', 2, 7) + "," + offsetAt("{}", 3, 1));
const r = problemRange('{\n  "x": 1, "naturals": "both",\n}', 2, 11);
out.push(r.from + "-" + r.to);
// a hover on a key: what the schema says of it, the kind's own meaning
// before the section's "depends on kind"; nothing on a value
const rs = '{"resolution": {"kind": "dice-sum", "dice": {"count": 1}}}';
const k = keyInfo(schema, rs, rs.indexOf('"dice"') + 2);
out.push(k.key + ":" + k.from + "-" + k.to + ":" + (k.info === schema.$defs.resolution.allOf[0].then.properties.dice.description) + ":" + /^depends/.test(k.info) + ":" + keyInfo(schema, rs, rs.indexOf("dice-sum") + 2));
console.log(out.join("|"));`
	cmd := exec.Command(node, "--input-type=module", "-e", script)
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, got)
	}
	want := `name,resolution,$schema|true,true,false,false|["resolution"]:true|true,false|key:["skills",1]:26-29:id,ability,label,text|dice-sum,dice-pool,dice-highest,roll-against,symbol-pool|null|14,-1|12-30|dice:36-42:true:false:null`
	if strings.TrimSpace(string(got)) != want {
		t.Errorf("editor helpers:\n got %s\nwant %s", strings.TrimSpace(string(got)), want)
	}
}

// TestPlaygroundEditorHelpersNeverThrow: the completion's scanner and
// schema walk answer at every place of every bundled ruleset and sheet,
// whole and cut short, and of seeded random mutations of them (a
// deterministic, count-bound stand-in for a fuzz test: the helpers are
// JavaScript), without throwing; at the top of every file they offer
// keys.
func TestPlaygroundEditorHelpersNeverThrow(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no Node installed: the editor's helpers are not tested")
	}
	script := `import { scanContext, keyOptions, valueOptions } from "../../web/src/complete.js";
import { offsetAt, problemRange } from "../../web/src/problems.js";
import { readFileSync, readdirSync } from "node:fs";
const schemas = { ruleset: JSON.parse(readFileSync("../../schema/ruleset.schema.json", "utf8")), sheet: JSON.parse(readFileSync("../../schema/sheet.schema.json", "utf8")) };
let seed = 7;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const junk = ['"', "{", "}", "[", "]", ",", ":", "\\", "\n", "x", "1", "é", '"kind"', "null"];
let places = 0, offers = 0, files = 0;
const probe = (schema, text) => {
  for (let i = 0; i < 25; i++) {
    const pos = i === 0 ? text.length : rand(text.length + 1);
    const ctx = scanContext(text, pos);
    places++;
    offers += keyOptions(schema, ctx).length + valueOptions(schema, ctx).length;
    problemRange(text, 1 + rand(40), 1 + rand(80));
    offsetAt(text, rand(40), rand(80));
  }
};
for (const dir of readdirSync("../../rulesets")) {
  const texts = [["ruleset", readFileSync("../../rulesets/" + dir + "/ruleset.json", "utf8")]];
  try { for (const f of readdirSync("../../rulesets/" + dir + "/sheets")) texts.push(["sheet", readFileSync("../../rulesets/" + dir + "/sheets/" + f, "utf8")]); } catch (e) {}
  for (const [kind, text] of texts) {
    files++;
    const top = keyOptions(schemas[kind], scanContext(text, text.indexOf("{") + 1));
    if (top.length === 0) throw new Error(dir + " " + kind + ": no keys offered at the top");
    probe(schemas[kind], text);
    probe(schemas[kind], text.slice(0, rand(text.length)));
    for (let m = 0; m < 8; m++) {
      let t = text;
      for (let k = 0; k < 5; k++) { const at = rand(t.length + 1); t = t.slice(0, at) + junk[rand(junk.length)] + t.slice(at + rand(3)); }
      probe(schemas[kind], t);
    }
  }
}
console.log(files + " files, " + (places > 5000 ? "over 5000" : places) + " places, offers " + (offers > 0));`
	cmd := exec.Command(node, "--input-type=module", "-e", script)
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, got)
	}
	if out := strings.TrimSpace(string(got)); !strings.HasSuffix(out, "files, over 5000 places, offers true") {
		t.Errorf("helpers: %s", out)
	}
}
