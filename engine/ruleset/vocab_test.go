package ruleset

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset/vocab"
)

// vocabSource is the non-test Go source of every validator that reads
// the table, parsed: the core's, its sections' (effect/, items/, fight/)
// and the sheet's.
func vocabSource(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	var paths []string
	for _, dir := range []string{".", "effect", "items", "fight", "../sheet"} {
		ps, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, ps...)
	}
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return fset, files
}

// callName is the name a call expression calls: f, x.f, or vocab.Keys
// in full (the table's lookup, as every validator calls it).
func callName(c *ast.CallExpr) string {
	switch fn := c.Fun.(type) {
	case *ast.Ident:
		return fn.Name
	case *ast.SelectorExpr:
		if x, ok := fn.X.(*ast.Ident); ok && x.Name == "vocab" && fn.Sel.Name == "Keys" {
			return "vocab.Keys"
		}
		return fn.Sel.Name
	}
	return ""
}

// sectionsAsked lists every section id the validator asks for by a
// literal: vocab.Keys("x"), itemNumberStat(o, "x", ...).
func sectionsAsked(files []*ast.File) map[string]bool {
	asked := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var args []ast.Expr
			switch callName(c) {
			case "vocab.Keys":
				args = c.Args
			case "itemNumberStat":
				if len(c.Args) > 1 {
					args = c.Args[1:2]
				}
			}
			for _, a := range args {
				if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					asked[s] = true
				}
			}
			return true
		})
	}
	return asked
}

// TestVocabularyCallSites keeps the validator and the table one list:
// every section the validator asks for exists, every section that is not
// open is asked for, and no Known call names a key of its own.
func TestVocabularyCallSites(t *testing.T) {
	fset, files := vocabSource(t)
	asked := sectionsAsked(files)
	for id := range asked {
		if _, ok := vocab.SectionByID(id); !ok {
			t.Errorf("the validator asks for section %q, which the vocabulary table lacks", id)
		}
	}
	for _, s := range vocab.Sections() {
		if s.Struct != "" {
			continue
		}
		if !s.Open && !asked[s.ID] {
			t.Errorf("section %q (%s) is not open and the validator never asks for its keys", s.ID, s.Pointer)
		}
		if s.Open && asked[s.ID] {
			t.Errorf("section %q is open yet the validator refuses keys outside it: drop Open", s.ID)
		}
	}
	// Package-level lists a Known call may name: each must be read from
	// the table, or be a list of refused keys (named *Refused).
	fromTable := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i < len(vs.Values) && onlyTable(vs.Values[i]) {
						fromTable[name.Name] = true
					}
				}
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || callName(c) != "Known" {
				return true
			}
			for _, a := range c.Args {
				checkKnownArg(t, fset, a, fromTable)
			}
			return true
		})
	}
	// A kind's Keys are its resolution section.
	for name, kind := range nativeKinds {
		if got, want := strings.Join(kind.Keys(), ","), strings.Join(vocab.Keys("resolution."+name), ","); got != want {
			t.Errorf("kind %s: Keys() %s, table %s", name, got, want)
		}
	}
}

// onlyTable reports whether an expression is built from vocab.Keys calls
// alone (a call, or a composite literal of them).
func onlyTable(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.CallExpr:
		return callName(x) == "vocab.Keys"
	case *ast.CompositeLit:
		if len(x.Elts) == 0 {
			return false
		}
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if !onlyTable(el) {
				return false
			}
		}
		return true
	}
	return false
}

// checkKnownArg refuses a Known argument that names keys outside the
// table: a string literal, or a list not read from it.
func checkKnownArg(t *testing.T, fset *token.FileSet, a ast.Expr, fromTable map[string]bool) {
	t.Helper()
	at := fset.Position(a.Pos())
	switch x := a.(type) {
	case *ast.CallExpr:
		if _, conv := x.Fun.(*ast.ArrayType); conv { // []string(nil)
			return
		}
		switch callName(x) {
		case "vocab.Keys":
			return
		case "append":
			for _, e := range x.Args {
				checkKnownArg(t, fset, e, fromTable)
			}
			return
		case "Keys": // a kind's keys, checked against the table above
			return
		}
	case *ast.CompositeLit:
		if len(x.Elts) == 0 { // []string(nil)-like starts of an append
			return
		}
	case *ast.Ident:
		if fromTable[x.Name] || strings.HasSuffix(x.Name, "Refused") || x.Name == "nil" {
			return
		}
	case *ast.IndexExpr: // statTypeKeys[type]
		if id, ok := x.X.(*ast.Ident); ok && fromTable[id.Name] {
			return
		}
	}
	t.Errorf("%s: a Known call names keys that are not read from the vocabulary table", at)
}

// TestVocabularyLevels joins a few keys to the capability table.
func TestVocabularyLevels(t *testing.T) {
	for _, c := range []struct{ section, key, level string }{
		{"resolution", "outcomes", "1.135"},
		{"dice-sum.openEnded", "high", ""},
		{"resolution.dice-sum", "openEnded", "1.136"},
		{"items.item", "use", "1.59"},
		{"top", "items", "1.49"},
		{"abilities", "min", ""},
	} {
		s, _ := vocab.SectionByID(c.section)
		var got []string
		for _, r := range KeyLevels(s, c.key) {
			got = append(got, r.Level)
		}
		if strings.Join(got, ",") != c.level {
			t.Errorf("%s.%s: levels %v, want %q", c.section, c.key, got, c.level)
		}
	}
}
