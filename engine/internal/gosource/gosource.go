package gosource

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// Package is one directory's non-test Go files.
type Package struct {
	Path  string
	Files []*ast.File
	// package-level constants and variables with one value each
	values map[string]ast.Expr
	// functions and methods by name
	funcs map[string][]*ast.FuncDecl
	// struct types by name
	structs map[string]*ast.StructType
}

// Source is the module's parsed source.
type Source struct {
	Fset   *token.FileSet
	Root   string
	Module string
	Pkgs   map[string]*Package // by import path
	// Selector, when set, is asked first about a selector x.F whose x is not
	// a package; handled false lets Eval go on (to the field's values).
	Selector func(f *ast.File, e *ast.SelectorExpr) (vals []Value, bad []token.Pos, handled bool)
	fileOf   map[*ast.File]*Package
	// visiting guards against cycles while following values back
	visiting map[ast.Node]bool
}

// Value is one string an expression can hold, with the place of a constant
// that spells it.
type Value struct {
	S   string
	Pos token.Pos
}

// LoadModule loads the module the working directory is in (a test's package
// directory): Load of the folder of its go.mod, as the go command finds it.
func LoadModule() (*Source, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	mod := strings.TrimSpace(string(out))
	if err != nil || mod == "" || mod == os.DevNull {
		return nil, fmt.Errorf("gosource: no go.mod for the working directory (%v)", err)
	}
	return Load(filepath.Dir(mod))
}

// Load parses every non-test Go file under root (the module's directory),
// leaving out web, node_modules, testdata, bin, var and hidden directories.
func Load(root string) (*Source, error) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	module := strings.TrimSpace(strings.TrimPrefix(strings.SplitN(string(mod), "\n", 2)[0], "module"))
	s := &Source{Fset: token.NewFileSet(), Root: root, Module: module, Pkgs: map[string]*Package{},
		fileOf: map[*ast.File]*Package{}, visiting: map[ast.Node]bool{}}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "web" || name == "node_modules" || name == "testdata" || name == "bin" || name == "var") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(s.Fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		ip := module
		if rel != "." {
			ip += "/" + filepath.ToSlash(rel)
		}
		p := s.Pkgs[ip]
		if p == nil {
			p = &Package{Path: ip, values: map[string]ast.Expr{}, funcs: map[string][]*ast.FuncDecl{}, structs: map[string]*ast.StructType{}}
			s.Pkgs[ip] = p
		}
		p.Files = append(p.Files, f)
		s.fileOf[f] = p
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				p.funcs[d.Name.Name] = append(p.funcs[d.Name.Name], d)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch sp := spec.(type) {
					case *ast.ValueSpec:
						if len(sp.Values) == len(sp.Names) {
							for i, n := range sp.Names {
								p.values[n.Name] = sp.Values[i]
							}
						}
					case *ast.TypeSpec:
						if st, ok := sp.Type.(*ast.StructType); ok {
							p.structs[sp.Name.Name] = st
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// PackageOf is the package f belongs to.
func (s *Source) PackageOf(f *ast.File) *Package { return s.fileOf[f] }

// Where is pos as file:line:column, the file relative to the module's root.
func (s *Source) Where(pos token.Pos) string {
	p := s.Fset.Position(pos)
	if rel, err := filepath.Rel(s.Root, p.Filename); err == nil {
		p.Filename = rel
	}
	return p.String()
}

// IsType: typ (a literal's type, a pointer to it allowed) names the type name
// of the package at path (the bare name inside that package).
func (s *Source) IsType(f *ast.File, typ ast.Expr, path, name string) bool {
	pkg, n := s.typeName(f, typ)
	return pkg == path && n == name
}

// typeName: the package path and name typ spells, or "" for another kind of type.
func (s *Source) typeName(f *ast.File, typ ast.Expr) (string, string) {
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	switch t := typ.(type) {
	case *ast.Ident:
		return s.fileOf[f].Path, t.Name
	case *ast.SelectorExpr:
		if path := s.ImportPath(f, t.X); path != "" {
			return path, t.Sel.Name
		}
	}
	return "", ""
}

// ImportPath: the import path an identifier names in f, or "".
func (s *Source) ImportPath(f *ast.File, x ast.Expr) string {
	id, ok := x.(*ast.Ident)
	if !ok {
		return ""
	}
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		if name == id.Name {
			return path
		}
	}
	return ""
}

// Eval answers the strings e can hold, and the places it cannot follow.
func (s *Source) Eval(f *ast.File, e ast.Expr) ([]Value, []token.Pos) {
	if s.visiting[e] {
		return nil, nil
	}
	s.visiting[e] = true
	defer delete(s.visiting, e)
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			v, err := strconv.Unquote(e.Value)
			if err == nil {
				return []Value{{v, e.Pos()}}, nil
			}
		}
	case *ast.ParenExpr:
		return s.Eval(f, e.X)
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			xs, badX := s.Eval(f, e.X)
			ys, badY := s.Eval(f, e.Y)
			var out []Value
			for _, x := range xs {
				for _, y := range ys {
					out = append(out, Value{x.S + y.S, x.Pos})
				}
			}
			return out, append(badX, badY...)
		}
	case *ast.Ident:
		return s.evalIdent(f, e)
	case *ast.SelectorExpr:
		if path := s.ImportPath(f, e.X); path != "" {
			if p := s.Pkgs[path]; p != nil {
				if v, ok := p.values[e.Sel.Name]; ok {
					return s.Eval(s.fileDeclaring(p, v), v)
				}
			}
			break
		}
		if s.Selector != nil {
			if vals, bad, handled := s.Selector(f, e); handled {
				return vals, bad
			}
		}
		if vals, bad, ok := s.fieldValues(f, e); ok {
			return vals, bad
		}
	case *ast.IndexExpr:
		// an element of a literal list or map: any of them
		if lit, ok := e.X.(*ast.CompositeLit); ok {
			var vals []Value
			var bad []token.Pos
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				v, b := s.Eval(f, el)
				vals, bad = append(vals, v...), append(bad, b...)
			}
			return vals, bad
		}
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "string" && len(e.Args) == 1 {
			return s.Eval(f, e.Args[0])
		}
		return s.callResults(f, e, 0)
	}
	return nil, []token.Pos{e.Pos()}
}

// fieldValues follows x.F, x a variable or parameter whose declared type is
// a struct of the module, to the values the module's literals of that type
// give F (keyed or by position) and assignments to F of such a variable.
func (s *Source) fieldValues(f *ast.File, e *ast.SelectorExpr) ([]Value, []token.Pos, bool) {
	id, ok := e.X.(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	if vals, bad, ok := s.rangedFieldValues(f, id, e.Sel.Name); ok {
		return vals, bad, true
	}
	path, name := s.varType(f, id)
	p := s.Pkgs[path]
	if p == nil || p.structs[name] == nil {
		return nil, nil, false
	}
	index := fieldIndex(p.structs[name], e.Sel.Name)
	if index < 0 {
		return nil, nil, false
	}
	var vals []Value
	var bad []token.Pos
	take := func(cf *ast.File, v ast.Expr) {
		got, b := s.Eval(cf, v)
		vals, bad = append(vals, got...), append(bad, b...)
	}
	for _, q := range s.Pkgs {
		for _, cf := range q.Files {
			ast.Inspect(cf, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					if n.Type == nil || !s.IsType(cf, n.Type, path, name) {
						return true
					}
					for i, el := range n.Elts {
						if kv, ok := el.(*ast.KeyValueExpr); ok {
							if IsIdent(kv.Key, e.Sel.Name) {
								take(cf, kv.Value)
							}
						} else if i == index {
							take(cf, el)
						}
					}
				case *ast.AssignStmt:
					for i, lhs := range n.Lhs {
						sel, ok := lhs.(*ast.SelectorExpr)
						if !ok || sel.Sel.Name != e.Sel.Name || len(n.Rhs) != len(n.Lhs) {
							continue
						}
						if x, ok := sel.X.(*ast.Ident); ok {
							if xp, xn := s.varType(cf, x); xp == path && xn == name {
								take(cf, n.Rhs[i])
							}
						}
					}
				}
				return true
			})
		}
	}
	return vals, bad, true
}

// rangedFieldValues follows x.F, x the value of a range over a literal list
// of struct literals (or a package variable holding one), to what each
// element gives F.
func (s *Source) rangedFieldValues(f *ast.File, id *ast.Ident, field string) ([]Value, []token.Pos, bool) {
	path, _ := astutil.PathEnclosingInterval(f, id.Pos(), id.End())
	for _, n := range path {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || !IsIdent(rs.Value, id.Name) {
			continue
		}
		lf, list := f, rs.X
		if x, ok := rs.X.(*ast.Ident); ok {
			if v, ok := s.fileOf[f].values[x.Name]; ok {
				lf, list = s.fileDeclaring(s.fileOf[f], v), v
			}
		}
		lit, ok := list.(*ast.CompositeLit)
		if !ok {
			return nil, nil, false
		}
		var st *ast.StructType
		switch t := lit.Type.(type) {
		case *ast.ArrayType:
			st, _ = t.Elt.(*ast.StructType)
			if st == nil {
				if pkg, name := s.typeName(lf, t.Elt); s.Pkgs[pkg] != nil {
					st = s.Pkgs[pkg].structs[name]
				}
			}
		}
		if st == nil {
			return nil, nil, false
		}
		index := fieldIndex(st, field)
		if index < 0 {
			return nil, nil, false
		}
		var vals []Value
		var bad []token.Pos
		for _, el := range lit.Elts {
			item, ok := el.(*ast.CompositeLit)
			if !ok {
				bad = append(bad, el.Pos())
				continue
			}
			for i, v := range item.Elts {
				if kv, ok := v.(*ast.KeyValueExpr); ok {
					if !IsIdent(kv.Key, field) {
						continue
					}
					v = kv.Value
				} else if i != index {
					continue
				}
				got, b := s.Eval(lf, v)
				vals, bad = append(vals, got...), append(bad, b...)
			}
		}
		return vals, bad, true
	}
	return nil, nil, false
}

// varType: the package path and name of the type a variable or parameter is
// declared with (var x T, x T as a parameter or receiver, x := T{...} or
// &T{...}), or "".
func (s *Source) varType(f *ast.File, id *ast.Ident) (string, string) {
	path, _ := astutil.PathEnclosingInterval(f, id.Pos(), id.End())
	for _, n := range path {
		var lists []*ast.FieldList
		var body *ast.BlockStmt
		switch fn := n.(type) {
		case *ast.FuncDecl:
			lists, body = []*ast.FieldList{fn.Recv, fn.Type.Params}, fn.Body
		case *ast.FuncLit:
			lists, body = []*ast.FieldList{fn.Type.Params}, fn.Body
		default:
			continue
		}
		for _, list := range lists {
			if list == nil {
				continue
			}
			for _, field := range list.List {
				for _, n := range field.Names {
					if n.Name == id.Name {
						return s.typeName(f, field.Type)
					}
				}
			}
		}
		var typ ast.Expr
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if name.Name != id.Name {
						continue
					}
					if n.Type != nil {
						typ = n.Type
					} else if i < len(n.Values) {
						typ = literalType(n.Values[i])
					}
				}
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if IsIdent(l, id.Name) {
							typ = literalType(n.Rhs[i])
						}
					}
				}
			}
			return typ == nil
		})
		if typ != nil {
			return s.typeName(f, typ)
		}
	}
	return "", ""
}

// literalType: the type of T{...} or &T{...}, or nil.
func literalType(e ast.Expr) ast.Expr {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		return lit.Type
	}
	return nil
}

// fieldIndex: the position of the field name in st, or -1.
func fieldIndex(st *ast.StructType, name string) int {
	return paramIndex(st.Fields, name)
}

// evalIdent follows a name: a parameter or local variable of an enclosing
// function, else a package-level constant or variable.
func (s *Source) evalIdent(f *ast.File, id *ast.Ident) ([]Value, []token.Pos) {
	path, _ := astutil.PathEnclosingInterval(f, id.Pos(), id.End())
	for _, n := range path {
		var typ *ast.FuncType
		var body *ast.BlockStmt
		switch fn := n.(type) {
		case *ast.FuncDecl:
			typ, body = fn.Type, fn.Body
		case *ast.FuncLit:
			typ, body = fn.Type, fn.Body
		default:
			continue
		}
		assigned, badAssigned, found := s.assignedValues(f, body, id.Name)
		if i := paramIndex(typ.Params, id.Name); i >= 0 {
			vals, bad := s.paramValues(f, n, i)
			return append(vals, assigned...), append(bad, badAssigned...)
		}
		if found {
			return assigned, badAssigned
		}
		if paramIndex(typ.Results, id.Name) >= 0 {
			return nil, nil // a named result never set: ""
		}
	}
	p := s.fileOf[f]
	if v, ok := p.values[id.Name]; ok {
		return s.Eval(s.fileDeclaring(p, v), v)
	}
	return nil, []token.Pos{id.Pos()}
}

// assignedValues: what body assigns to name (name := x, name = x, var name = x),
// outside nested function literals.
func (s *Source) assignedValues(f *ast.File, body *ast.BlockStmt, name string) ([]Value, []token.Pos, bool) {
	var vals []Value
	var bad []token.Pos
	found := false
	take := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, l := range lhs {
			if !IsIdent(l, name) {
				continue
			}
			found = true
			var v []Value
			var b []token.Pos
			switch {
			case len(rhs) == len(lhs):
				v, b = s.Eval(f, rhs[i])
			case len(rhs) == 1:
				if call, ok := rhs[0].(*ast.CallExpr); ok {
					v, b = s.callResults(f, call, i)
				} else {
					b = []token.Pos{rhs[0].Pos()}
				}
			}
			vals, bad = append(vals, v...), append(bad, b...)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			take(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			if len(n.Values) > 0 {
				take(lhs, n.Values)
			}
		case *ast.RangeStmt:
			if IsIdent(n.Key, name) || IsIdent(n.Value, name) {
				found = true
				bad = append(bad, n.Pos())
			}
		}
		return true
	})
	return vals, bad, found
}

// paramValues: the values callers pass for parameter i of fn (a declared
// function or method, or a function literal given a name in its function).
func (s *Source) paramValues(f *ast.File, fn ast.Node, i int) ([]Value, []token.Pos) {
	var vals []Value
	var bad []token.Pos
	collect := func(cf *ast.File, call *ast.CallExpr) {
		if i >= len(call.Args) {
			return
		}
		v, b := s.Eval(cf, call.Args[i])
		vals, bad = append(vals, v...), append(bad, b...)
	}
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		home := s.fileOf[f]
		for _, p := range s.Pkgs {
			if p != home && !fn.Name.IsExported() {
				continue
			}
			for _, cf := range p.Files {
				ast.Inspect(cf, func(n ast.Node) bool {
					if call, ok := n.(*ast.CallExpr); ok && s.calls(cf, call, home, fn) {
						collect(cf, call)
					}
					return true
				})
			}
		}
		return vals, bad
	case *ast.FuncLit:
		path, _ := astutil.PathEnclosingInterval(f, fn.Pos(), fn.End())
		var name string
		if len(path) > 1 {
			if as, ok := path[1].(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
				for j, r := range as.Rhs {
					if r == fn {
						if id, ok := as.Lhs[j].(*ast.Ident); ok {
							name = id.Name
						}
					}
				}
			}
		}
		outer := EnclosingFuncDecl(f, fn)
		if name == "" || outer == nil {
			// passed straight on as a value: its callers cannot be found
			return nil, []token.Pos{fn.Pos()}
		}
		ast.Inspect(outer.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && IsIdent(call.Fun, name) {
				collect(f, call)
			}
			return true
		})
		return vals, bad
	}
	return nil, []token.Pos{fn.Pos()}
}

// calls: call (in file cf) calls fn, declared in package home. Methods match by
// name, whatever the receiver.
func (s *Source) calls(cf *ast.File, call *ast.CallExpr, home *Package, fn *ast.FuncDecl) bool {
	name := fn.Name.Name
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		return fn.Recv == nil && fun.Name == name && s.fileOf[cf] == home
	case *ast.SelectorExpr:
		if fun.Sel.Name != name {
			return false
		}
		path := s.ImportPath(cf, fun.X)
		if fn.Recv == nil {
			return path == home.Path
		}
		return path == ""
	}
	return false
}

// callResults: the values result i of call can hold, from the return
// statements of the function it calls: declared in a package, or a function
// literal given a name in the calling function.
func (s *Source) callResults(f *ast.File, call *ast.CallExpr, i int) ([]Value, []token.Pos) {
	var typ *ast.FuncType
	var body *ast.BlockStmt
	var df *ast.File
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		if p := s.fileOf[f]; len(p.funcs[fun.Name]) == 1 && p.funcs[fun.Name][0].Recv == nil {
			fn := p.funcs[fun.Name][0]
			typ, body, df = fn.Type, fn.Body, s.fileDeclaring(p, fn)
		} else if lit := localFuncLit(f, call, fun.Name); lit != nil {
			typ, body, df = lit.Type, lit.Body, f
		}
	case *ast.SelectorExpr:
		if p := s.Pkgs[s.ImportPath(f, fun.X)]; p != nil && len(p.funcs[fun.Sel.Name]) == 1 {
			fn := p.funcs[fun.Sel.Name][0]
			typ, body, df = fn.Type, fn.Body, s.fileDeclaring(p, fn)
		} else if p == nil && !fun.Sel.IsExported() {
			// an unexported method: one of the package's methods of that name, whatever the receiver
			home := s.fileOf[f]
			var vals []Value
			var bad []token.Pos
			methods := 0
			for _, fn := range home.funcs[fun.Sel.Name] {
				if fn.Recv != nil {
					methods++
					v, b := s.results(s.fileDeclaring(home, fn), fn.Type, fn.Body, i)
					vals, bad = append(vals, v...), append(bad, b...)
				}
			}
			if methods > 0 {
				return vals, bad
			}
		}
	}
	if body == nil {
		return nil, []token.Pos{call.Pos()}
	}
	return s.results(df, typ, body, i)
}

// results: the values result i of a function (typ, body, in file df) can hold.
func (s *Source) results(df *ast.File, typ *ast.FuncType, body *ast.BlockStmt, i int) ([]Value, []token.Pos) {
	if s.visiting[body] {
		return nil, nil
	}
	s.visiting[body] = true
	defer delete(s.visiting, body)
	var vals []Value
	var bad []token.Pos
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var v []Value
			var b []token.Pos
			switch {
			case len(n.Results) == 0:
				if id := resultName(typ.Results, i); id != nil {
					v, b = s.Eval(df, id)
				}
			case len(n.Results) == 1 && typ.Results.NumFields() > 1:
				if c, ok := n.Results[0].(*ast.CallExpr); ok {
					v, b = s.callResults(df, c, i)
				} else {
					b = []token.Pos{n.Pos()}
				}
			case i < len(n.Results):
				v, b = s.Eval(df, n.Results[i])
			}
			vals, bad = append(vals, v...), append(bad, b...)
		}
		return true
	})
	return vals, bad
}

// localFuncLit: the function literal that the function around n names name
// (name := func...), or nil.
func localFuncLit(f *ast.File, n ast.Node, name string) *ast.FuncLit {
	outer := EnclosingFuncDecl(f, n)
	if outer == nil {
		return nil
	}
	var lit *ast.FuncLit
	ast.Inspect(outer.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for j, l := range as.Lhs {
				if fl, ok := as.Rhs[j].(*ast.FuncLit); ok && IsIdent(l, name) {
					lit = fl
				}
			}
		}
		return lit == nil
	})
	return lit
}

func (s *Source) fileDeclaring(p *Package, n ast.Node) *ast.File {
	for _, f := range p.Files {
		if f.Pos() <= n.Pos() && n.End() <= f.End() {
			return f
		}
	}
	return nil
}

// EnclosingFuncDecl is the function declaration around n in f, or nil.
func EnclosingFuncDecl(f *ast.File, n ast.Node) *ast.FuncDecl {
	path, _ := astutil.PathEnclosingInterval(f, n.Pos(), n.End())
	for _, p := range path {
		if fn, ok := p.(*ast.FuncDecl); ok {
			return fn
		}
	}
	return nil
}

// paramIndex: the position of name among fields' names, or -1.
func paramIndex(fields *ast.FieldList, name string) int {
	if fields == nil {
		return -1
	}
	i := 0
	for _, field := range fields.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, n := range field.Names {
			if n.Name == name {
				return i
			}
			i++
		}
	}
	return -1
}

func resultName(fields *ast.FieldList, i int) *ast.Ident {
	j := 0
	for _, field := range fields.List {
		for _, n := range field.Names {
			if j == i {
				return n
			}
			j++
		}
	}
	return nil
}

// IsIdent: e is the identifier name.
func IsIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// Found is a set of strings, each with the place of one constant that spells it.
type Found map[string]token.Pos

// Add takes the non-empty values not yet found.
func (m Found) Add(vals []Value) {
	for _, v := range vals {
		if _, seen := m[v.S]; v.S != "" && !seen {
			m[v.S] = v.Pos
		}
	}
}

// Sorted is the strings in order.
func (m Found) Sorted() []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Texts reads one of the web app's text files, web/src/locales/<lang>/<ns>.json.
func (s *Source) Texts(lang, ns string) (map[string]string, error) {
	path := filepath.Join(s.Root, "web", "src", "locales", lang, ns+".json")
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var texts map[string]string
	if err := json.Unmarshal(raw, &texts); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return texts, nil
}
