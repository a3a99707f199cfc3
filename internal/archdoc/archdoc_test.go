package archdoc

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/rulehost/rulehost/"

// root is the repository root: this package is internal/archdoc.
const root = "../.."

// packages lists the module's packages as folders relative to the root:
// every folder holding a Go file that is not a test, outside the peer
// benchmark's own module, third_party and testdata.
func packages(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case rel == ".":
				return nil
			case strings.HasPrefix(d.Name(), "."), d.Name() == "testdata", d.Name() == "node_modules",
				rel == "bench", rel == "third_party", rel == "bin":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") {
			dir := filepath.ToSlash(filepath.Dir(rel))
			pkgs[dir] = append(pkgs[dir], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

func readDoc(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var (
	headingRE = regexp.MustCompile("(?m)^### (.+)$")
	tickRE    = regexp.MustCompile("`([^`\n]+)`")
	pathRE    = regexp.MustCompile(`^[A-Za-z0-9_.*/-]+$`)
)

// TestEveryPackageHasItsParagraph: a package added without a word on
// this page fails here.
func TestEveryPackageHasItsParagraph(t *testing.T) {
	doc := readDoc(t)
	named := map[string]bool{}
	for _, m := range headingRE.FindAllStringSubmatch(doc, -1) {
		for _, tm := range tickRE.FindAllStringSubmatch(m[1], -1) {
			named[tm[1]] = true
		}
	}
	var missing []string
	for dir := range packages(t) {
		if !named[dir] {
			missing = append(missing, dir)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("docs/architecture.md has no \"### `PKG`\" paragraph for: %s", strings.Join(missing, ", "))
	}
	for name := range named {
		if _, ok := packages(t)[name]; !ok {
			t.Errorf("docs/architecture.md has a paragraph for %q, which is not a package", name)
		}
	}
}

// TestEveryNamedFileExists: each path the page names in backticks (a
// folder, a file, a glob such as kind_*.go) matches something in the
// tree. A bare file name is looked up in the package of the paragraph it
// sits in.
func TestEveryNamedFileExists(t *testing.T) {
	doc := readDoc(t)
	section := ""
	for i, line := range strings.Split(doc, "\n") {
		if m := headingRE.FindStringSubmatch(line); m != nil {
			section = ""
			if tm := tickRE.FindStringSubmatch(m[1]); tm != nil {
				section = tm[1]
			}
			continue
		}
		for _, tm := range tickRE.FindAllStringSubmatch(line, -1) {
			p := strings.TrimSuffix(tm[1], "/")
			if !pathRE.MatchString(p) || !looksLikePath(p) {
				continue
			}
			candidates := []string{p}
			if !strings.Contains(tm[1], "/") && section != "" {
				candidates = []string{section + "/" + p}
			}
			if !existsAny(candidates) {
				t.Errorf("docs/architecture.md:%d names `%s`, which does not exist", i+1, tm[1])
			}
		}
	}
}

// looksLikePath tells a path from the other code spans of the page
// (identifiers such as ruleset.Kind, flags, tag text).
func looksLikePath(p string) bool {
	if strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".json") {
		return true
	}
	first := strings.SplitN(p, "/", 2)[0]
	switch first {
	case "engine", "host", "service", "suite", "mcp", "cmd", "lua", "internal", "plugins", "rulesets",
		"testdata", "schema", "examples", "bench", "third_party", "docs":
		return true
	}
	return false
}

func existsAny(paths []string) bool {
	for _, p := range paths {
		if m, _ := filepath.Glob(filepath.Join(root, p)); len(m) > 0 {
			return true
		}
	}
	return false
}

// layer is the top-level part a package belongs to, for the import rule.
func layer(dir string) string {
	switch {
	case strings.HasPrefix(dir, "engine"):
		return "engine"
	case strings.HasPrefix(dir, "host"), dir == "lua":
		return "host"
	case strings.HasPrefix(dir, "service/serve"), strings.HasPrefix(dir, "service/apikey"):
		return "service/serve"
	case dir == "mcp" || strings.HasPrefix(dir, "mcp/"):
		return "mcp"
	case strings.HasPrefix(dir, "service"):
		return "store"
	case strings.HasPrefix(dir, "suite"):
		return "suite"
	case strings.HasPrefix(dir, "cmd"):
		return "cmd"
	}
	return "internal"
}

// allowed says which layers each layer may import (besides itself).
var allowed = map[string][]string{
	"engine":        {"internal"},
	"host":          {"engine", "internal"},
	"store":         {"engine", "internal"},
	"mcp":           {"engine", "host", "internal"},
	"service/serve": {"engine", "host", "store", "mcp", "internal"},
	"suite":         {"engine", "host", "internal"},
	"cmd":           {"engine", "host", "store", "service/serve", "mcp", "suite", "internal"},
	"internal":      {},
}

// TestImportsRunDownward holds every non-test file to the rule of the
// page: the engine never imports the host, the service or the suite
// runner; the host never imports the service or the suite runner; and so on.
func TestImportsRunDownward(t *testing.T) {
	fset := token.NewFileSet()
	for dir, files := range packages(t) {
		from := layer(dir)
		for _, f := range files {
			af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if !strings.HasPrefix(path, module) {
					continue
				}
				to := layer(strings.TrimPrefix(path, module))
				if to == from || contains(allowed[from], to) {
					continue
				}
				t.Errorf("%s imports %s: %s may not import %s (docs/architecture.md \"The rule of downward imports\")", dir, path, from, to)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
