package apperr_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/astutil"
)

// Every error key the server can send has a text in each language (spec 000
// §8), so no one reads a snake_case key. The keys are read from the code, not
// listed by hand: an error's key is the Message of an apperr.Error literal
// (every constructor builds one), the "message" of an error answer written as
// JSON, or a Message assigned to a GraphQL error. Each is followed back to the
// string constants it can hold: through constants, concatenations, local
// variables, the arguments callers pass for a parameter and the results of
// the functions it comes from. A key the test cannot follow back fails too, so
// a new key stays findable.
func TestEveryErrorKeyHasAText(t *testing.T) {
	root := repoRoot(t)
	src := loadSource(t, root)
	keys, entities, unresolved := src.errorKeys()
	for _, pos := range unresolved {
		t.Errorf("%s: cannot work out which error keys this can be; build it from string constants", src.where(pos))
	}
	if len(keys) < 100 {
		t.Fatalf("found only %d error keys: the search is broken", len(keys))
	}
	for _, lang := range []string{"en", "fi", "sv"} {
		texts := readTexts(t, filepath.Join(root, "web", "src", "locales", lang, "errors.json"))
		for _, key := range sortedKeys(keys) {
			// a catalogue code's own key (access_denied, record_not_found) may use the code's text
			if strings.TrimSpace(texts["server_response."+key]) == "" && strings.TrimSpace(texts["default."+key]) == "" {
				t.Errorf("%s/errors.json has no server_response.%s (sent at %s)", lang, key, src.where(keys[key]))
			}
		}
		// RECORD_NOT_FOUND's text names the entity: "We couldn't find the {{entity_type}}"
		for _, entity := range sortedKeys(entities) {
			if strings.TrimSpace(texts["entity."+entity]) == "" {
				t.Errorf("%s/errors.json has no entity.%s (sent at %s)", lang, entity, src.where(entities[entity]))
			}
		}
	}
}

func repoRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}

func readTexts(t *testing.T, path string) map[string]string {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var texts map[string]string
	if err := json.Unmarshal(raw, &texts); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return texts
}

func sortedKeys(m map[string]token.Pos) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

const apperrPath = "/engine/apperr"

// goPackage is one directory's non-test Go files.
type goPackage struct {
	path  string
	files []*ast.File
	// package-level constants and variables with one value each
	values map[string]ast.Expr
	// functions and methods by name
	funcs map[string][]*ast.FuncDecl
}

type source struct {
	fset   *token.FileSet
	module string
	pkgs   map[string]*goPackage // by import path
	fileOf map[*ast.File]*goPackage
	// visiting guards against cycles while following values back
	visiting map[ast.Node]bool
}

func loadSource(t *testing.T, root string) *source {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	module := strings.TrimSpace(strings.TrimPrefix(strings.SplitN(string(mod), "\n", 2)[0], "module"))
	s := &source{fset: token.NewFileSet(), module: module, pkgs: map[string]*goPackage{},
		fileOf: map[*ast.File]*goPackage{}, visiting: map[ast.Node]bool{}}
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
		f, err := parser.ParseFile(s.fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		ip := module
		if rel != "." {
			ip += "/" + filepath.ToSlash(rel)
		}
		p := s.pkgs[ip]
		if p == nil {
			p = &goPackage{path: ip, values: map[string]ast.Expr{}, funcs: map[string][]*ast.FuncDecl{}}
			s.pkgs[ip] = p
		}
		p.files = append(p.files, f)
		s.fileOf[f] = p
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				p.funcs[d.Name.Name] = append(p.funcs[d.Name.Name], d)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Values) == len(vs.Names) {
						for i, n := range vs.Names {
							p.values[n.Name] = vs.Values[i]
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.pkgs[module+apperrPath] == nil {
		t.Fatal("engine/apperr not found")
	}
	return s
}

func (s *source) where(pos token.Pos) string {
	p := s.fset.Position(pos)
	if root, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(filepath.Join(root, "..", ".."), p.Filename); err == nil {
			p.Filename = rel
		}
	}
	return p.String()
}

// errorKeys answers every key and every entity type with the place of one
// constant that spells it, and the places where one could not be followed back.
func (s *source) errorKeys() (keys, entities map[string]token.Pos, unresolved []token.Pos) {
	keys, entities = map[string]token.Pos{}, map[string]token.Pos{}
	add := func(keys map[string]token.Pos, f *ast.File, e ast.Expr) {
		vals, bad := s.eval(f, e)
		for _, v := range vals {
			if v.s != "" {
				if _, seen := keys[v.s]; !seen {
					keys[v.s] = v.pos
				}
			}
		}
		unresolved = append(unresolved, bad...)
	}
	for _, p := range s.pkgs {
		for _, f := range p.files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					for _, el := range n.Elts {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						if s.isErrorType(f, n.Type) && isIdent(kv.Key, "Message") {
							if fn := enclosingFuncDecl(f, n); fn != nil && p.path == s.module+apperrPath && fn.Name.Name == "Transition" {
								continue // a sentence naming the state, which the web reads; its text is default.invalid_transition
							}
							add(keys, f, kv.Value)
						}
						if s.isErrorType(f, n.Type) && isIdent(kv.Key, "EntityType") {
							add(entities, f, kv.Value)
						}
						if lit, ok := kv.Key.(*ast.BasicLit); ok && lit.Value == `"message"` {
							add(keys, f, kv.Value)
						}
					}
				case *ast.AssignStmt:
					for i, lhs := range n.Lhs {
						sel, ok := lhs.(*ast.SelectorExpr)
						if !ok || len(n.Rhs) != len(n.Lhs) || !s.madeAsError(f, sel.X) {
							continue
						}
						switch sel.Sel.Name {
						case "Message":
							add(keys, f, n.Rhs[i])
						case "EntityType":
							add(entities, f, n.Rhs[i])
						}
					}
				}
				return true
			})
		}
	}
	return keys, entities, unresolved
}

// isErrorType: the literal's type is apperr.Error (Error inside apperr itself).
func (s *source) isErrorType(f *ast.File, typ ast.Expr) bool {
	switch t := typ.(type) {
	case *ast.Ident:
		return t.Name == "Error" && s.fileOf[f].path == s.module+apperrPath
	case *ast.SelectorExpr:
		return t.Sel.Name == "Error" && s.importPath(f, t.X) == s.module+apperrPath
	}
	return false
}

// importPath: the import path an identifier names in f, or "".
func (s *source) importPath(f *ast.File, x ast.Expr) string {
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

type value struct {
	s   string
	pos token.Pos
}

// eval answers the strings e can hold, and the places it cannot follow.
func (s *source) eval(f *ast.File, e ast.Expr) ([]value, []token.Pos) {
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
				return []value{{v, e.Pos()}}, nil
			}
		}
	case *ast.ParenExpr:
		return s.eval(f, e.X)
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			xs, badX := s.eval(f, e.X)
			ys, badY := s.eval(f, e.Y)
			var out []value
			for _, x := range xs {
				for _, y := range ys {
					out = append(out, value{x.s + y.s, x.pos})
				}
			}
			return out, append(badX, badY...)
		}
	case *ast.Ident:
		return s.evalIdent(f, e)
	case *ast.SelectorExpr:
		if path := s.importPath(f, e.X); path != "" {
			if p := s.pkgs[path]; p != nil {
				if v, ok := p.values[e.Sel.Name]; ok {
					return s.eval(s.fileDeclaring(p, v), v)
				}
			}
			break
		}
		if e.Sel.Name == "Message" || e.Sel.Name == "EntityType" {
			return nil, nil // another error's key handed on: counted where it was made
		}
	case *ast.IndexExpr:
		// an element of a literal list or map: any of them
		if lit, ok := e.X.(*ast.CompositeLit); ok {
			var vals []value
			var bad []token.Pos
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				v, b := s.eval(f, el)
				vals, bad = append(vals, v...), append(bad, b...)
			}
			return vals, bad
		}
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "string" && len(e.Args) == 1 {
			return s.eval(f, e.Args[0])
		}
		return s.callResults(f, e, 0)
	}
	return nil, []token.Pos{e.Pos()}
}

// evalIdent follows a name: a parameter or local variable of an enclosing
// function, else a package-level constant or variable.
func (s *source) evalIdent(f *ast.File, id *ast.Ident) ([]value, []token.Pos) {
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
		return s.eval(s.fileDeclaring(p, v), v)
	}
	return nil, []token.Pos{id.Pos()}
}

// assignedValues: what body assigns to name (name := x, name = x, var name = x),
// outside nested function literals.
func (s *source) assignedValues(f *ast.File, body *ast.BlockStmt, name string) ([]value, []token.Pos, bool) {
	var vals []value
	var bad []token.Pos
	found := false
	take := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, l := range lhs {
			if !isIdent(l, name) {
				continue
			}
			found = true
			var v []value
			var b []token.Pos
			switch {
			case len(rhs) == len(lhs):
				v, b = s.eval(f, rhs[i])
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
			if isIdent(n.Key, name) || isIdent(n.Value, name) {
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
func (s *source) paramValues(f *ast.File, fn ast.Node, i int) ([]value, []token.Pos) {
	var vals []value
	var bad []token.Pos
	collect := func(cf *ast.File, call *ast.CallExpr) {
		if i >= len(call.Args) {
			return
		}
		v, b := s.eval(cf, call.Args[i])
		vals, bad = append(vals, v...), append(bad, b...)
	}
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		home := s.fileOf[f]
		for _, p := range s.pkgs {
			if p != home && !fn.Name.IsExported() {
				continue
			}
			for _, cf := range p.files {
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
		outer := enclosingFuncDecl(f, fn)
		if name == "" || outer == nil {
			// passed straight on as a value: its callers cannot be found
			return nil, []token.Pos{fn.Pos()}
		}
		ast.Inspect(outer.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && isIdent(call.Fun, name) {
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
func (s *source) calls(cf *ast.File, call *ast.CallExpr, home *goPackage, fn *ast.FuncDecl) bool {
	name := fn.Name.Name
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		return fn.Recv == nil && fun.Name == name && s.fileOf[cf] == home
	case *ast.SelectorExpr:
		if fun.Sel.Name != name {
			return false
		}
		path := s.importPath(cf, fun.X)
		if fn.Recv == nil {
			return path == home.path
		}
		return path == ""
	}
	return false
}

// callResults: the values result i of call can hold, from the return
// statements of the function it calls: declared in a package, or a function
// literal given a name in the calling function.
func (s *source) callResults(f *ast.File, call *ast.CallExpr, i int) ([]value, []token.Pos) {
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
		if p := s.pkgs[s.importPath(f, fun.X)]; p != nil && len(p.funcs[fun.Sel.Name]) == 1 {
			fn := p.funcs[fun.Sel.Name][0]
			typ, body, df = fn.Type, fn.Body, s.fileDeclaring(p, fn)
		} else if p == nil && !fun.Sel.IsExported() {
			// an unexported method: one of the package's methods of that name, whatever the receiver
			home := s.fileOf[f]
			var vals []value
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
func (s *source) results(df *ast.File, typ *ast.FuncType, body *ast.BlockStmt, i int) ([]value, []token.Pos) {
	if s.visiting[body] {
		return nil, nil
	}
	s.visiting[body] = true
	defer delete(s.visiting, body)
	var vals []value
	var bad []token.Pos
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var v []value
			var b []token.Pos
			switch {
			case len(n.Results) == 0:
				if id := resultName(typ.Results, i); id != nil {
					v, b = s.eval(df, id)
				}
			case len(n.Results) == 1 && typ.Results.NumFields() > 1:
				if c, ok := n.Results[0].(*ast.CallExpr); ok {
					v, b = s.callResults(df, c, i)
				} else {
					b = []token.Pos{n.Pos()}
				}
			case i < len(n.Results):
				v, b = s.eval(df, n.Results[i])
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
	outer := enclosingFuncDecl(f, n)
	if outer == nil {
		return nil
	}
	var lit *ast.FuncLit
	ast.Inspect(outer.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for j, l := range as.Lhs {
				if fl, ok := as.Rhs[j].(*ast.FuncLit); ok && isIdent(l, name) {
					lit = fl
				}
			}
		}
		return lit == nil
	})
	return lit
}

// madeAsError: x is a variable its function sets from a call into apperr or
// gqlgen's error packages, so x.Message is an error's key.
func (s *source) madeAsError(f *ast.File, x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	fn := enclosingFuncDecl(f, id)
	if fn == nil {
		return false
	}
	made := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for j, l := range as.Lhs {
			call, ok := as.Rhs[j].(*ast.CallExpr)
			if !ok || !isIdent(l, id.Name) {
				continue
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				path := s.importPath(f, sel.X)
				made = made || path == s.module+apperrPath || strings.HasPrefix(path, "github.com/99designs/gqlgen/") ||
					strings.HasPrefix(path, "github.com/vektah/gqlparser/")
			}
		}
		return true
	})
	return made
}

func (s *source) fileDeclaring(p *goPackage, n ast.Node) *ast.File {
	for _, f := range p.files {
		if f.Pos() <= n.Pos() && n.End() <= f.End() {
			return f
		}
	}
	return nil
}

func enclosingFuncDecl(f *ast.File, n ast.Node) *ast.FuncDecl {
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

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
