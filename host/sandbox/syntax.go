package sandbox

import (
	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
)

// MaxSyntaxDepth bounds how deeply a chunk's syntax may nest (blocks inside
// blocks, expressions inside expressions; a chain of binary operators counts
// one level per operator). gopher-lua's compiler takes time quadratic in
// the nesting (a 1 MiB chunk of nested do-blocks or a 50,000-operand
// concatenation compiles for tens of seconds, outside any call's deadline),
// so Compile refuses deeper chunks after parsing and before compiling, as
// Lua 5.1 refuses "chunk has too many syntax levels" (at 200). Real plugins
// nest a few dozen levels; the limit leaves room for long operator chains.
const MaxSyntaxDepth = 1000

// syntaxTooDeep reports whether chunk nests deeper than MaxSyntaxDepth, and
// the line where it first does. The walk stops at the limit, so its own Go
// recursion stays bounded whatever the chunk.
func syntaxTooDeep(chunk []ast.Stmt) (bool, int) {
	w := depthWalker{}
	w.stmts(chunk, 0)
	return w.over, w.line
}

type depthWalker struct {
	over bool
	line int
}

func (w *depthWalker) deep(d, line int) bool {
	if w.over {
		return true
	}
	if d > MaxSyntaxDepth {
		w.over, w.line = true, line
		return true
	}
	return false
}

func (w *depthWalker) stmts(list []ast.Stmt, d int) {
	for _, s := range list {
		if w.over {
			return
		}
		w.stmt(s, d)
	}
}

func (w *depthWalker) exprs(list []ast.Expr, d int) {
	for _, e := range list {
		if w.over {
			return
		}
		w.expr(e, d)
	}
}

func (w *depthWalker) stmt(s ast.Stmt, d int) {
	if s == nil || w.deep(d+1, s.Line()) {
		return
	}
	d++
	switch x := s.(type) {
	case *ast.AssignStmt:
		w.exprs(x.Lhs, d)
		w.exprs(x.Rhs, d)
	case *ast.LocalAssignStmt:
		w.exprs(x.Exprs, d)
	case *ast.FuncCallStmt:
		w.expr(x.Expr, d)
	case *ast.DoBlockStmt:
		w.stmts(x.Stmts, d)
	case *ast.WhileStmt:
		w.expr(x.Condition, d)
		w.stmts(x.Stmts, d)
	case *ast.RepeatStmt:
		w.expr(x.Condition, d)
		w.stmts(x.Stmts, d)
	case *ast.IfStmt:
		w.expr(x.Condition, d)
		w.stmts(x.Then, d)
		w.stmts(x.Else, d)
	case *ast.NumberForStmt:
		w.expr(x.Init, d)
		w.expr(x.Limit, d)
		w.expr(x.Step, d)
		w.stmts(x.Stmts, d)
	case *ast.GenericForStmt:
		w.exprs(x.Exprs, d)
		w.stmts(x.Stmts, d)
	case *ast.FuncDefStmt:
		if x.Name != nil {
			w.expr(x.Name.Func, d)
			w.expr(x.Name.Receiver, d)
		}
		if x.Func != nil {
			w.expr(x.Func, d)
		}
	case *ast.ReturnStmt:
		w.exprs(x.Exprs, d)
	}
}

func (w *depthWalker) expr(e ast.Expr, d int) {
	if e == nil || w.deep(d+1, e.Line()) {
		return
	}
	d++
	switch x := e.(type) {
	case *ast.AttrGetExpr:
		w.expr(x.Object, d)
		w.expr(x.Key, d)
	case *ast.TableExpr:
		for _, f := range x.Fields {
			if w.over {
				return
			}
			w.expr(f.Key, d)
			w.expr(f.Value, d)
		}
	case *ast.FuncCallExpr:
		w.expr(x.Func, d)
		w.expr(x.Receiver, d)
		w.exprs(x.Args, d)
	case *ast.LogicalOpExpr:
		w.expr(x.Lhs, d)
		w.expr(x.Rhs, d)
	case *ast.RelationalOpExpr:
		w.expr(x.Lhs, d)
		w.expr(x.Rhs, d)
	case *ast.StringConcatOpExpr:
		w.expr(x.Lhs, d)
		w.expr(x.Rhs, d)
	case *ast.ArithmeticOpExpr:
		w.expr(x.Lhs, d)
		w.expr(x.Rhs, d)
	case *ast.UnaryMinusOpExpr:
		w.expr(x.Expr, d)
	case *ast.UnaryNotOpExpr:
		w.expr(x.Expr, d)
	case *ast.UnaryLenOpExpr:
		w.expr(x.Expr, d)
	case *ast.FunctionExpr:
		w.stmts(x.Stmts, d)
	}
}

// noTailCalls turns every tail call of a compiled chunk (and its nested
// functions) into an ordinary call followed by the return the compiler
// already put after it, so `return f(x)` takes a frame like any call.
//
// Why: gopher-lua counts the tail calls made in each frame, and when an
// error is caught (by the host or by pcall) it writes one traceback line
// per tail call. A plugin looping on `return f(...)` until its deadline
// made millions of them, and the host then spent seconds and hundreds of
// MiB writing "(tailcall): ?" after the deadline had passed. Without tail
// calls such a loop is ordinary recursion: it stops at MaxCallDepth with
// ErrDepth at once. The cost is that tail recursion is bounded like any
// recursion (loops are the way to iterate in a plugin).
//
// The rewrite is exact: the compiler emits OP_TAILCALL A B 0 (all results)
// always followed by OP_RETURN A 0, and OP_CALL A B 0 leaves all results
// from R(A) to the top, which that OP_RETURN returns.
func noTailCalls(p *lua.FunctionProto) {
	for i, inst := range p.Code {
		if int(inst>>26) == lua.OP_TAILCALL {
			p.Code[i] = (inst & 0x3ffffff) | uint32(lua.OP_CALL<<26)
		}
	}
	for _, f := range p.FunctionPrototypes {
		noTailCalls(f)
	}
}
