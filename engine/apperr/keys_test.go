package apperr_test

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"portico/engine/internal/gosource"
)

// Every error key the server can send has a text in each language (spec 000
// §8), so no one reads a snake_case key. The keys are read from the code, not
// listed by hand: an error's key is the Message of an apperr.Error literal
// (every constructor builds one), the "message" of an error answer written as
// JSON, or a Message assigned to a GraphQL error. Each is followed back to the
// string constants it can hold (engine/internal/gosource). A key the test
// cannot follow back fails too, so a new key stays findable.
func TestEveryErrorKeyHasAText(t *testing.T) {
	src, err := gosource.LoadModule()
	if err != nil {
		t.Fatal(err)
	}
	if src.Pkgs[src.Module+apperrPath] == nil {
		t.Fatal("engine/apperr not found")
	}
	// another error's key handed on (x.Message, x.EntityType) is counted where it was made
	src.Selector = func(_ *ast.File, e *ast.SelectorExpr) ([]gosource.Value, []token.Pos, bool) {
		return nil, nil, e.Sel.Name == "Message" || e.Sel.Name == "EntityType"
	}
	keys, entities, unresolved := errorKeys(src)
	for _, pos := range unresolved {
		t.Errorf("%s: cannot work out which error keys this can be; build it from string constants", src.Where(pos))
	}
	if len(keys) < 100 {
		t.Fatalf("found only %d error keys: the search is broken", len(keys))
	}
	for _, lang := range []string{"en", "fi", "sv"} {
		texts, err := src.Texts(lang, "errors")
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range keys.Sorted() {
			// a catalogue code's own key (access_denied, record_not_found) may use the code's text
			if strings.TrimSpace(texts["server_response."+key]) == "" && strings.TrimSpace(texts["default."+key]) == "" {
				t.Errorf("%s/errors.json has no server_response.%s (sent at %s)", lang, key, src.Where(keys[key]))
			}
		}
		// RECORD_NOT_FOUND's text names the entity: "We couldn't find the {{entity_type}}"
		for _, entity := range entities.Sorted() {
			if strings.TrimSpace(texts["entity."+entity]) == "" {
				t.Errorf("%s/errors.json has no entity.%s (sent at %s)", lang, entity, src.Where(entities[entity]))
			}
		}
	}
}

const apperrPath = "/engine/apperr"

// errorKeys answers every key and every entity type with the place of one
// constant that spells it, and the places where one could not be followed back.
func errorKeys(s *gosource.Source) (keys, entities gosource.Found, unresolved []token.Pos) {
	keys, entities = gosource.Found{}, gosource.Found{}
	add := func(found gosource.Found, f *ast.File, e ast.Expr) {
		vals, bad := s.Eval(f, e)
		found.Add(vals)
		unresolved = append(unresolved, bad...)
	}
	for _, p := range s.Pkgs {
		for _, f := range p.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					for _, el := range n.Elts {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						isError := n.Type != nil && s.IsType(f, n.Type, s.Module+apperrPath, "Error")
						if isError && gosource.IsIdent(kv.Key, "Message") {
							if fn := gosource.EnclosingFuncDecl(f, n); fn != nil && p.Path == s.Module+apperrPath && fn.Name.Name == "Transition" {
								continue // a sentence naming the state, which the web reads; its text is default.invalid_transition
							}
							add(keys, f, kv.Value)
						}
						if isError && gosource.IsIdent(kv.Key, "EntityType") {
							add(entities, f, kv.Value)
						}
						if lit, ok := kv.Key.(*ast.BasicLit); ok && lit.Value == `"message"` {
							add(keys, f, kv.Value)
						}
					}
				case *ast.AssignStmt:
					for i, lhs := range n.Lhs {
						sel, ok := lhs.(*ast.SelectorExpr)
						if !ok || len(n.Rhs) != len(n.Lhs) || !madeAsError(s, f, sel.X) {
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

// madeAsError: x is a variable its function sets from a call into apperr or
// gqlgen's error packages, so x.Message is an error's key.
func madeAsError(s *gosource.Source, f *ast.File, x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	fn := gosource.EnclosingFuncDecl(f, id)
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
			if !ok || !gosource.IsIdent(l, id.Name) {
				continue
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				path := s.ImportPath(f, sel.X)
				made = made || path == s.Module+apperrPath || strings.HasPrefix(path, "github.com/99designs/gqlgen/") ||
					strings.HasPrefix(path, "github.com/vektah/gqlparser/")
			}
		}
		return true
	})
	return made
}
