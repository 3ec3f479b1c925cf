package audit_test

import (
	"go/ast"
	"slices"
	"strings"
	"testing"

	"portico/engine/audit"
	"portico/engine/internal/gosource"
)

// Every kind of events-log entry the server can write has a text in each
// language, so the events page (spec 002 §2.16) shows no raw key: its name
// (events.name.*), its category (events.category.*, and the category is one
// the page's filter offers) and, for a refused sign-in, the reason
// (events.reason.*). The kinds are read from the code, not listed by hand:
// the EventName and EventCategory of every store.EventLogAddParams and
// store.EventLogAddSetParams literal, and the Reason of every sso.Attempt,
// each followed back to the string constants it can hold
// (engine/internal/gosource). A value the test cannot follow back fails too.
func TestEveryEventKindHasAText(t *testing.T) {
	src, err := gosource.LoadModule()
	if err != nil {
		t.Fatal(err)
	}
	store, sso := src.Module+"/engine/store", src.Module+"/engine/sso"
	names, categories, reasons := gosource.Found{}, gosource.Found{}, gosource.Found{}
	for _, p := range src.Pkgs {
		for _, f := range p.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok || lit.Type == nil {
					return true
				}
				entry := src.IsType(f, lit.Type, store, "EventLogAddParams") || src.IsType(f, lit.Type, store, "EventLogAddSetParams")
				attempt := src.IsType(f, lit.Type, sso, "Attempt")
				for _, el := range lit.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					var into gosource.Found
					switch {
					case entry && gosource.IsIdent(kv.Key, "EventName"):
						into = names
					case entry && gosource.IsIdent(kv.Key, "EventCategory"):
						into = categories
					case attempt && gosource.IsIdent(kv.Key, "Reason"):
						into = reasons
					default:
						continue
					}
					vals, bad := src.Eval(f, kv.Value)
					into.Add(vals)
					for _, pos := range bad {
						t.Errorf("%s: cannot work out which events-log values this can be; build it from string constants", src.Where(pos))
					}
				}
				return true
			})
		}
	}
	if len(names) < 60 || len(categories) < len(audit.Categories) || len(reasons) < 10 {
		t.Fatalf("found only %d event names, %d categories and %d sign-in reasons: the search is broken", len(names), len(categories), len(reasons))
	}
	for _, c := range categories.Sorted() {
		if !slices.Contains(audit.Categories, c) {
			t.Errorf("category %s (written at %s) is not in audit.Categories, so the events page cannot filter by it", c, src.Where(categories[c]))
		}
	}
	for _, lang := range []string{"en", "fi", "sv"} {
		texts, err := src.Texts(lang, "portal")
		if err != nil {
			t.Fatal(err)
		}
		need := func(prefix string, found gosource.Found) {
			for _, v := range found.Sorted() {
				if strings.TrimSpace(texts[prefix+v]) == "" {
					t.Errorf("%s/portal.json has no %s%s (written at %s)", lang, prefix, v, src.Where(found[v]))
				}
			}
		}
		need("events.name.", names)
		need("events.category.", categories)
		need("events.reason.", reasons)
	}
}
